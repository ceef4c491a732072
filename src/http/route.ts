import type { AnswerCache } from '../api/answer-cache.js'
import type { ApiRequest } from '../api/operation.js'
import type { Result } from '../api/runner.js'
import type { Call } from '../api/methods.js'
import type { Either } from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { operationOf } from '../api/methods.js'
import type { Operation, OperationError } from '../api/operation.js'
import type { HttpHeaders, HttpResponse } from './messages.js'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The `:name` placeholders of a path pattern, as an object type. */
export type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { readonly [K in Name]: string } & ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { readonly [K in Name]: string }
    : Record<never, string>

/** What header builders see of a request that succeeded. */
export interface Answered<P, R> {
  readonly params: P
  /** The parsed JSON body, already accepted by the operation's codec. */
  readonly body: unknown
  readonly result: R
  /** Whether cookies set in the answer must be `Secure` (the request came over https). */
  readonly secure: boolean
  /** The prefix the API is served under (`''` for none): a cookie's path. */
  readonly basePath: string
}

export interface RouteOptions<P, R> {
  /** Status of a success. Default 200. */
  readonly status?: number
  /** The route takes a JSON body: content type checked (415), size limited (413), parsed (400). */
  readonly body?: boolean
  /** Extra headers of a success (location, content-disposition). */
  readonly headers?: (answered: Answered<P, R>) => Record<string, string>
  /** What of the result is sent, when not all of it. */
  readonly render?: (result: R, answered: Omit<Answered<P, R>, 'result'>) => unknown
  /**
   * Writes what is sent as JSON, when that can be done faster than `JSON.stringify`: the same
   * text, or its UTF-8 bytes (sent as they are by adapters that take bytes), through what the
   * facade keeps of its answers (src/api/answer-cache.ts).
   */
  readonly serialize?: (sent: never, kept: AnswerCache) => string | Uint8Array
  /** The rate limit the route's requests count toward (see `HttpHandlerOptions.rateLimiting`). */
  readonly rateLimit?: RateLimited
  /** The codec of what a success sends (after `render`): the OpenAPI document's answer, which the tests hold every answer to. */
  readonly answer?: t.Mixed
  /** A success sends this plain text instead of JSON (Unleash's `OK` to frontend metrics: a browser aborts an empty body). */
  readonly text?: string
  /** The codecs of what the method reads that its operation does not declare (methods that run no operation). */
  readonly reads?: Reads
}

/** What a route reads besides path parameters, for the OpenAPI document. */
export interface Reads {
  readonly body?: t.Mixed
  /** The query parameters, as an object codec. */
  readonly query?: t.Mixed
  /** Answered to anyone, without credentials (logging in). */
  readonly open?: boolean
}

/** The routes Unleash limits per client. */
export type RateLimited = 'createUser' | 'login'

/** One entry of the route table, its types erased so routes of every group share an array. */
export type Route = ApiRoute | RawRoute

/** A route to a facade method: the handler does the JSON, statuses and errors. */
export interface ApiRoute {
  readonly kind: 'api'
  readonly method: HttpMethod
  readonly pattern: string
  readonly call: (request: ApiRequest<Record<string, string>>) => Promise<Result<unknown>>
  readonly status: number
  readonly body: boolean
  readonly headers?: (answered: Answered<Record<string, string>, unknown>) => Record<string, string>
  readonly render?: (result: unknown, answered: Omit<Answered<Record<string, string>, unknown>, 'result'>) => unknown
  readonly serialize?: (sent: unknown, kept: AnswerCache) => string | Uint8Array
  readonly rateLimit?: RateLimited
  /** The operation the method runs, if it runs one: its codecs document the route. */
  readonly operation?: Operation<unknown, unknown, unknown, OperationError>
  readonly answer?: t.Mixed
  readonly text?: string
  readonly reads?: Reads
}

/** What a raw route is given: credentials, query and headers, as the handler read them. */
export interface RawInput {
  readonly authorization?: string
  readonly query: Readonly<Record<string, string | undefined>>
  readonly headers?: HttpHeaders
  readonly params?: Readonly<Record<string, string>>
}

/** A route that writes its own answer (headers such as ETag, a 304); its errors still get the error body. */
export interface RawRoute {
  readonly kind: 'raw'
  readonly method: HttpMethod
  readonly pattern: string
  readonly body: false
  readonly respond: (input: RawInput) => Promise<Result<HttpResponse>>
  readonly docs?: RawDocs
}

/** What the OpenAPI document says of a raw route: its JSON answers by status, what it reads, whether it needs credentials. */
export interface RawDocs {
  /** Each status's codec; `null` for an answer with no body; a media type (`text/csv`) for text. */
  readonly answers: Readonly<Record<number, t.Mixed | null | `text/${string}`>>
  readonly reads?: Reads
  /** Headers a success carries. */
  readonly headers?: readonly string[]
  /** Answered to anyone, without credentials. */
  readonly open?: boolean
  /** May answer 429 (too many of something). */
  readonly limited?: boolean
}

/** Fails to compile where a method needs a path parameter the pattern does not supply. */
type Supplied<Path extends string, P> = ParamsOf<Path> extends P ? unknown : { readonly missingPathParameters: Exclude<keyof P, keyof ParamsOf<Path>> }

/**
 * Declares a route: method and path pattern to a facade method. The compiler checks that the
 * pattern's placeholders supply every path parameter the method needs.
 */
export const route = <Path extends string, P, B, R, X>(
  method: HttpMethod,
  pattern: Path,
  call: (request: Call<P, B>) => Promise<Either<X, R>>,
  ...[options = {} as RouteOptions<ParamsOf<Path>, R>]: ParamsOf<Path> extends P ? [options?: RouteOptions<ParamsOf<Path>, R>] : [options: RouteOptions<ParamsOf<Path>, R> & Supplied<Path, P>]
): ApiRoute => ({
  kind: 'api',
  method,
  pattern,
  // The handler sends what the router read and the body as parsed: the codecs judge them.
  call: call as unknown as ApiRoute['call'],
  status: options.status ?? 200,
  body: options.body ?? false,
  ...(options.headers ? { headers: options.headers as unknown as NonNullable<ApiRoute['headers']> } : {}),
  ...(options.render ? { render: options.render as NonNullable<ApiRoute['render']> } : {}),
  ...(options.serialize ? { serialize: options.serialize as NonNullable<ApiRoute['serialize']> } : {}),
  ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
  ...(options.text !== undefined ? { text: options.text } : {}),
  ...documented(call, options),
})

/** What documents a route: the operation its method runs, its answer's codec, what else it reads. */
const documented = (call: unknown, options: Pick<RouteOptions<unknown, unknown>, 'answer' | 'reads'>): Pick<ApiRoute, 'operation' | 'answer' | 'reads'> => {
  const operation = operationOf(call)
  return { ...(operation ? { operation } : {}), ...(options.answer ? { answer: options.answer } : {}), ...(options.reads ? { reads: options.reads } : {}) }
}

export const rawRoute = (method: HttpMethod, pattern: string, respond: RawRoute['respond'], docs?: RawDocs): RawRoute => ({
  kind: 'raw',
  method,
  pattern,
  body: false,
  respond,
  ...(docs ? { docs } : {}),
})

/** A location header value: segments percent-encoded, so any name makes a valid header. */
export const location = (...segments: readonly (string | number)[]): { location: string } => ({
  location: segments.map((s) => encodeURIComponent(String(s))).join('/'),
})

/** A download: `attachment` with the name made safe for a header (printable ASCII, no quotes). */
export const attachment = (filename: string): { 'content-disposition': string } => ({
  'content-disposition': `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
})
