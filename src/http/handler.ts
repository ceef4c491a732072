import * as E from 'fp-ts/lib/Either.js'
import type { AdminApi } from '../api/admin-api.js'
import { type ApiRequest, ON_ADMITTED, read, SEND_AT_ONCE } from '../api/operation.js'
import { type ApiError, methodNotAllowed, notFound, tooManyRequests, validationError } from '../domain/errors.js'
import { NoParams } from '../model/params.js'
import { systemClock } from '../ports/clock.js'
import { randomIds } from '../ports/ids.js'
import { DEFAULT_BODY_LIMIT, DEFAULT_MAX_DEPTH, parseJsonBody } from './body.js'
import { errorResponse, internalErrorResponse, JSON_TYPE } from './errors.js'
import { header, NO_QUERY, normalizeBasePath, target, underBase } from './request.js'
import { createRouter, splitPath } from './router.js'
import { adminRoutes } from './routes/index.js'
import { createUserLimiter, type RateHit, type RateLimiter } from './rate-limit.js'
import { byteLength, bytesResponse } from './response.js'
import type { ApiRoute, RateLimited } from './route.js'
import type { HttpHandler, HttpHandlerOptions, HttpRequest, HttpResponse } from './types.js'

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** The headers of most answers, shared: nothing changes a response's headers once made. */
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': JSON_TYPE })
const NO_BODY = E.right(undefined)

/** Authenticates and does nothing else: callers learn about routes only once authenticated. */
const authenticateOnly = read({ params: NoParams, requirement: 'NONE', run: () => E.right(undefined) })

/**
 * The admin API over HTTP, as one function from a plain request to a plain response, for any
 * server or framework (see adapters/http for node:http and fetch). It owns routing, the JSON
 * body (content type 415, size 413, syntax and nesting 400), statuses, `location` and
 * `content-disposition` headers, and the error body. Anything a client sends is answered with
 * a 2xx or 4xx; a 500 means a bug or an I/O fault, and is reported to `onError`.
 *
 * @example
 * const handler = createHttpHandler(api)
 * const response = await handler({ method: 'GET', path: '/api/admin/projects/default/features', headers: { authorization } })
 */
export const createHttpHandler = (api: AdminApi, options: HttpHandlerOptions = {}): HttpHandler => {
  const basePath = normalizeBasePath(options.basePath)
  const limits = { bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH }
  const ids = options.ids ?? randomIds
  const onError = options.onError ?? ((error: unknown) => console.error('flagport: a request failed on the server', error))
  const resolve = createRouter(adminRoutes(api))
  const limiters: Readonly<Record<RateLimited, RateLimiter | undefined>> = {
    createUser: createUserLimiter(options.rateLimiting, options.clock ?? systemClock),
  }

  /** The 401 for a caller who is not authenticated (an SDK's client token is), else undefined. */
  const unauthenticated = async (authorization: string | undefined): Promise<HttpResponse | undefined> => {
    const admitted = await api.run(authenticateOnly, { authorization, params: {} })
    return E.isLeft(admitted) && admitted.left._tag !== 'NoAccessError' ? errorResponse(admitted.left, ids.token()) : undefined
  }

  /** Answers `error` to an authenticated caller, else the 401. */
  const refuse = async (error: ApiError, authorization: string | undefined, headers: Record<string, string> = {}) =>
    (await unauthenticated(authorization)) ?? errorResponse(error, ids.token(), headers)

  const handle = async (request: HttpRequest, method: string): Promise<HttpResponse> => {
    const authorization = header(request.headers, 'authorization')
    const { pathname, query } = target(request)
    const unknownPath = () => notFound(`The path you were looking for (${pathname}) is not available.`)
    const relative = underBase(pathname, basePath)
    if (relative === undefined) return refuse(unknownPath(), authorization)
    const segments = splitPath(relative)
    if (!segments) return refuse(validationError(`The path ${pathname} has a malformed %-escape.`), authorization)

    const resolved = resolve(method === 'HEAD' ? 'GET' : method, segments)
    if (resolved.kind === 'unknown') return refuse(unknownPath(), authorization)
    if (resolved.kind === 'wrong-method') {
      const offered = new Set<string>([...resolved.allowed, ...(resolved.allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'])
      const allow = METHOD_ORDER.filter((m) => offered.has(m)).join(', ')
      // Like Unleash, which routes are there is told only to authenticated callers.
      if (method === 'OPTIONS') return (await unauthenticated(authorization)) ?? { status: 204, headers: { allow } }
      return refuse(methodNotAllowed(`The method ${method} is not allowed on ${pathname}. Allowed: ${allow}.`), authorization, { allow })
    }

    const { route, params } = resolved
    if (route.kind === 'raw') {
      const served = await route.respond({ authorization, query, params, ...(request.headers ? { headers: request.headers } : {}) })
      return E.isLeft(served) ? errorResponse(served.left, ids.token()) : served.right
    }
    const parsed = route.body ? parseJsonBody(header(request.headers, 'content-type'), request, limits) : NO_BODY
    const body = E.isRight(parsed) ? parsed.right : undefined
    const limited = countedRequest(route, parsed, request.remoteAddress)
    // The answer is serialized below and goes to no one else: records may hold stored objects.
    // Every request of one shape, its marks set after: a symbol key written in the literal cost
    // V8 a slow call each time. No query is none at all: the runner then has nothing to read.
    const call: { -readonly [K in keyof ApiRequest]: ApiRequest[K] } = {
      authorization,
      params,
      query: query === NO_QUERY ? undefined : query,
      body,
      reject: E.isLeft(parsed) ? parsed.left : undefined,
    }
    call[SEND_AT_ONCE] = true
    call[ON_ADMITTED] = limited?.check
    const result = await route.call(call)
    const response = answer(route, params, body, result)
    const hit = limited?.hit()
    // Every answer past the limiter carries its headers, as Unleash's do.
    return hit === undefined ? response : { ...response, headers: { ...hit.headers, ...response.headers } }
  }

  /** The response to a facade method's result. */
  const answer = (route: ApiRoute, params: Readonly<Record<string, string>>, body: unknown, result: E.Either<ApiError, unknown>): HttpResponse => {
    if (E.isLeft(result)) return errorResponse(result.left, ids.token())
    const headers = route.headers ? route.headers({ params, body, result: result.right }) : undefined
    const sent = route.render ? route.render(result.right, { params, body }) : result.right
    if (sent === undefined) return { status: route.status, headers: headers ?? {} }
    const written = route.serialize ? route.serialize(sent) : JSON.stringify(sent)
    const jsonHeaders = headers ? { ...headers, 'content-type': JSON_TYPE } : JSON_HEADERS
    return typeof written === 'string' ? { status: route.status, headers: jsonHeaders, body: written } : bytesResponse(route.status, jsonHeaders, written)
  }

  /**
   * The rate limit a request counts toward, if any. Unleash's limiter runs once the caller is
   * authenticated and permitted (a 401 or 403 does not count), after the body is parsed and
   * before its content type is checked: a 415 counts, a body too large or not JSON does not.
   * `check` counts the request once, however often the pipeline asks.
   */
  const countedRequest = (route: ApiRoute, parsed: E.Either<ApiError, unknown>, remoteAddress: string | undefined) => {
    const limiter = route.rateLimit && limiters[route.rateLimit]
    if (!limiter || (E.isLeft(parsed) && parsed.left._tag !== 'ContentTypeerror')) return undefined
    let hit: RateHit | undefined
    return {
      check: (): ApiError | undefined => ((hit ??= limiter(remoteAddress ?? '')).exceeded ? tooManyRequests() : undefined),
      hit: () => hit,
    }
  }

  const handler = async (request: HttpRequest): Promise<HttpResponse> => {
    try {
      const method = request.method === 'GET' ? 'GET' : String(request.method).toUpperCase()
      const response = await handle(request, method)
      if (method !== 'HEAD' || (response.bytes === undefined && response.body === undefined)) return response
      // HEAD: GET's headers, its length included, and no body.
      return { status: response.status, headers: { ...response.headers, 'content-length': String(byteLength(response)) } }
    } catch (error) {
      onError(error, request)
      return internalErrorResponse(ids.token())
    }
  }
  return Object.assign(handler, { bodyLimit: limits.bodyLimit })
}
