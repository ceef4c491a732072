import * as E from 'fp-ts/lib/Either.js'
import type { AdminApi } from '../api/admin-api.js'
import { type ApiRequest, type EdgeOptions, read } from '../api/operation.js'
import { type ApiError, crossOrigin, methodNotAllowed, notFound, tooManyRequests, validationError } from '../domain/errors.js'
import { NoParams } from '../model/params.js'
import { systemClock } from '../ports/clock.js'
import { randomIds } from '../ports/ids.js'
import { consoleLogger } from '../ports/logger.js'
import { DEFAULT_BODY_LIMIT, DEFAULT_MAX_DEPTH, parseJsonBody } from './body.js'
import { frontendCors } from './cors.js'
import { errorResponse, internalErrorResponse, JSON_TYPE } from './errors.js'
import { header, NO_QUERY, normalizeBasePath, target, underBase } from './request.js'
import { createRouter, resolvePaths } from './router.js'
import { adminRoutes } from './routes/index.js'
import { openApiRoute } from './openapi/route.js'
import { probeRoutes } from './routes/probes.js'
import { createUserLimiter, loginLimiter, type RateHit, type RateLimiter } from './rate-limit.js'
import { byteLength, bytesResponse, JSON_HEADERS, withNosniff } from './response.js'
import { crossOriginWrite } from './same-origin.js'
import type { Answered, ApiRoute, RateLimited } from './route.js'
import type { HttpHandler, HttpHandlerOptions, HttpRequest, HttpResponse } from './messages.js'
import { internalsOf } from '../api/internals.js'

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

const TEXT_TYPE = 'text/plain; charset=utf-8'
const NO_BODY = E.right(undefined)
const SENT_AT_ONCE: EdgeOptions = Object.freeze({ sendAtOnce: true })

/** What a request may authenticate with: a token, or a login session's cookie. */
interface Credentials {
  readonly authorization: string | undefined
  readonly cookie: string | undefined
}

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
  const internals = internalsOf(api)
  const basePath = normalizeBasePath(options.basePath)
  const limits = { bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH }
  const ids = options.ids ?? randomIds
  const onError = options.onError ?? ((error: unknown) => console.error('flagport: a request failed on the server', error))
  const logger = options.logger ?? consoleLogger

  /** The answer to `error`, under a fresh id; what only the server's log may hold is logged under it. */
  const errorAnswer = (error: ApiError, headers: Record<string, string> = {}): HttpResponse => {
    const id = ids.token()
    if (error._tag !== 'StorageError' || error.detail === undefined) return errorResponse(error, id, headers)
    logger.error(`flagport: storage error ${id}: ${error.detail}`)
    return errorResponse({ ...error, message: `${error.message} The error was logged with id ${id}.` }, id, headers)
  }
  const clock = options.clock ?? systemClock
  const routes = [...adminRoutes(api, () => clock.now()), ...probeRoutes(internals.storage, options.readyTimeoutMs)]
  const allRoutes = [...routes, openApiRoute(routes, { basePath })]
  const resolve = resolvePaths(createRouter(allRoutes))
  const apiRoots = Object.freeze([...new Set(allRoutes.map((r) => r.pattern.split('/')[1]!))])
  const limiters: Readonly<Record<RateLimited, RateLimiter | undefined>> = {
    createUser: createUserLimiter(options.rateLimiting, clock),
    login: loginLimiter(options.rateLimiting, clock),
  }

  const unknownPath = (pathname: string) => notFound(`The path you were looking for (${pathname}) is not available.`)

  /** The 401 for a caller who is not authenticated (an SDK's client token is), else undefined. */
  const unauthenticated = async ({ authorization, cookie }: Credentials): Promise<HttpResponse | undefined> => {
    const admitted = await internals.run(authenticateOnly, { authorization, cookie, params: {} })
    return E.isLeft(admitted) && admitted.left._tag !== 'NoAccessError' ? errorAnswer(admitted.left) : undefined
  }

  /** Answers `error` to an authenticated caller, else the 401. */
  const refuse = async (error: ApiError, credentials: Credentials, headers: Record<string, string> = {}) =>
    (await unauthenticated(credentials)) ?? errorAnswer(error, headers)

  const handle = async (request: HttpRequest, method: string): Promise<HttpResponse> => {
    const authorization = header(request.headers, 'authorization')
    const cookie = header(request.headers, 'cookie')
    const foreign = crossOriginWrite(request, method, internals.config.unleashUrl)
    if (foreign !== undefined) return errorAnswer(crossOrigin(foreign))
    const { pathname, query } = target(request)
    const relative = underBase(pathname, basePath)
    if (relative === undefined) return refuse(unknownPath(pathname), { authorization, cookie })
    const resolved = resolve(method === 'HEAD' ? 'GET' : method, relative)
    if (resolved === undefined) return refuse(validationError(`The path ${pathname} has a malformed %-escape.`), { authorization, cookie })
    if (resolved.kind === 'unknown') return refuse(unknownPath(pathname), { authorization, cookie })
    if (resolved.kind === 'wrong-method') {
      const credentials: Credentials = { authorization, cookie }
      const offered = new Set<string>([...resolved.allowed, ...(resolved.allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'])
      const allow = METHOD_ORDER.filter((m) => offered.has(m)).join(', ')
      // Like Unleash, which routes are there is told only to authenticated callers.
      if (method === 'OPTIONS') return (await unauthenticated(credentials)) ?? { status: 204, headers: { allow } }
      return refuse(methodNotAllowed(`The method ${method} is not allowed on ${pathname}. Allowed: ${allow}.`), credentials, { allow })
    }

    const { route, params } = resolved
    if (route.kind === 'raw') {
      const served = await route.respond({ authorization, query, params, ...(request.headers ? { headers: request.headers } : {}) })
      return E.isLeft(served) ? errorAnswer(served.left) : served.right
    }
    const parsed = route.body ? parseJsonBody(header(request.headers, 'content-type'), request, limits) : NO_BODY
    const body = E.isRight(parsed) ? parsed.right : undefined
    const limited = countedRequest(route, parsed, request.remoteAddress)
    // The answer is serialized below and goes to no one else: it is sent as the operation answered it.
    // No query is none at all: the runner then has nothing to read.
    const call: ApiRequest = {
      authorization,
      cookie,
      params,
      query: query === NO_QUERY ? undefined : query,
      body,
      reject: E.isLeft(parsed) ? parsed.left : undefined,
      edge: limited === undefined ? SENT_AT_ONCE : { sendAtOnce: true, onAdmitted: limited.check },
    }
    const result = await route.call(call)
    const response = answer(route, { params, body, secure: options.secureCookies ?? request.secure === true, basePath }, result)
    const hit = limited?.hit()
    // Every answer past the limiter carries its headers, as Unleash's do.
    return hit === undefined ? response : { ...response, headers: { ...hit.headers, ...response.headers } }
  }

  /** The response to a facade method's result. */
  const answer = (route: ApiRoute, asked: Omit<Answered<Record<string, string>, unknown>, 'result'>, result: E.Either<ApiError, unknown>): HttpResponse => {
    if (E.isLeft(result)) return errorAnswer(result.left)
    const headers = route.headers ? route.headers({ ...asked, result: result.right }) : undefined
    if (route.text !== undefined) return { status: route.status, headers: { ...headers, 'content-type': TEXT_TYPE }, body: route.text }
    const sent = route.render ? route.render(result.right, asked) : result.right
    if (sent === undefined) return { status: route.status, headers: headers ?? {} }
    const written = route.serialize ? route.serialize(sent, internals.kept) : JSON.stringify(sent)
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

  /** The origins the frontend API allows: the instance's setting, else the configuration's. */
  const frontendOrigins = () => api.state().settings.frontendApiOrigins ?? internals.config.frontendApiOrigins

  const handler = async (request: HttpRequest): Promise<HttpResponse> => {
    try {
      const method = request.method === 'GET' ? 'GET' : String(request.method).toUpperCase()
      const cors = frontendCors(request, basePath, frontendOrigins)
      if (cors !== undefined && method === 'OPTIONS') return withNosniff(cors.preflight)
      const handled = await handle(request, method)
      // Errors too carry CORS headers: a browser shows a page a 401 only when its origin is allowed.
      const response = withNosniff(cors === undefined ? handled : { ...handled, headers: { ...handled.headers, ...cors.headers } })
      // HEAD of a stream: its headers, and no stream opened.
      if (method === 'HEAD' && response.stream !== undefined) return { status: response.status, headers: response.headers }
      if (method !== 'HEAD' || (response.bytes === undefined && response.body === undefined)) return response
      // HEAD: GET's headers, its length included, and no body.
      return { status: response.status, headers: { ...response.headers, 'content-length': String(byteLength(response)) } }
    } catch (error) {
      onError(error, request)
      return withNosniff(internalErrorResponse(ids.token()))
    }
  }
  return Object.assign(handler, { bodyLimit: limits.bodyLimit, apiRoots })
}
