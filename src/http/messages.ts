import type { ClockPort } from '../ports/clock.js'
import type { IdPort } from '../ports/ids.js'
import type { LoggerPort } from '../ports/logger.js'
import type { RateLimiting } from './rate-limit.js'
import type { EventStream } from '../api/client-stream/hub.js'

/** Header values as node:http gives them: names in any case, repeated headers as arrays. */
export type HttpHeaders = Readonly<Record<string, string | readonly string[] | undefined>>

/**
 * One HTTP request as plain data, whatever server received it. `path` may carry a query
 * string (`/api/admin/events?feature=x`); `query` adds to it.
 */
export interface HttpRequest {
  readonly method: string
  readonly path: string
  readonly query?: Readonly<Record<string, string | readonly string[] | undefined>>
  readonly headers?: HttpHeaders
  /** The raw body: bytes (UTF-8 is expected) or text. */
  readonly body?: Uint8Array | string
  /** Set by an adapter that stopped reading because the body passed `bodyLimit`. */
  readonly bodyTooLarge?: boolean
  /** The client's address (express's `req.ip`, the socket's): what rate limits count by. Requests without one share a limit. */
  readonly remoteAddress?: string
  /** The request came over TLS (the adapter knows): cookies the answer sets are then `Secure`. */
  readonly secure?: boolean
}

/** The answer, ready to write: `body` is absent when there is nothing to send. */
export interface HttpResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
  /**
   * The body as UTF-8 bytes, when the handler wrote it that way (exports): an adapter that can
   * send bytes should send these. `body` is then the same text, decoded only when read.
   * Several answers may share them (an export asked for again): send them, do not change them.
   */
  readonly bytes?: Uint8Array
  /**
   * A body that goes on (server-sent events): the adapter sends the headers, then opens the
   * stream with a sink it writes to, and calls what `open` returns when the client leaves.
   * An adapter that cannot stream answers with the headers and no body.
   */
  readonly stream?: EventStream
}

export interface HttpHandlerOptions {
  /** A prefix the admin API is mounted under, e.g. `/flags`; paths outside it are 404. */
  readonly basePath?: string
  /** Largest request body accepted, in bytes; beyond it a 413. Default 1 MiB. */
  readonly bodyLimit?: number
  /** Deepest nesting of arrays and objects accepted in a JSON body. Default 32. */
  readonly maxDepth?: number
  /** Error ids (default: random nanoids). */
  readonly ids?: IdPort
  /** Told of bugs and I/O faults, which are answered 500. Default: console.error. */
  readonly onError?: (error: unknown, request: HttpRequest) => void
  /**
   * Where what a client must not read goes: a storage error's path and system message, under
   * the error id its answer carries. Default: the console.
   */
  readonly logger?: LoggerPort
  /**
   * Users one client (`remoteAddress`) may create a minute, and logins it may try, as Unleash
   * limits them: past either a 429. Default `{ createUserMaxPerMinute: 20, simpleLoginMaxPerMinute: 10 }`;
   * `false` sets no limit.
   */
  readonly rateLimiting?: RateLimiting
  /**
   * Whether session cookies are `Secure`, whatever the request came over: true behind a proxy
   * that ends TLS. Default: when the request's `secure` says so.
   */
  readonly secureCookies?: boolean
  /** The time rate limits are counted in. Default: the system clock. */
  readonly clock?: ClockPort
  /** How long `GET /ready` waits for the store to answer before it answers 503. Default 2000 ms. */
  readonly readyTimeoutMs?: number
}

/**
 * The framework-agnostic handler. `bodyLimit` tells adapters how much of a body to read
 * before they give up and set `bodyTooLarge`.
 */
export interface HttpHandler {
  (request: HttpRequest): Promise<HttpResponse>
  readonly bodyLimit: number
  /** The first path segments (under the base path) that its routes start with, for a UI served beside it. */
  readonly apiRoots: readonly string[]
}

/** What adapters accept: a handler as `createHttpHandler` makes it, or any function of its shape. */
export type PlainHandler = ((request: HttpRequest) => Promise<HttpResponse>) & { readonly bodyLimit?: number; readonly apiRoots?: readonly string[] }
