/**
 * flagport's admin API over HTTP, for any server: `createHttpHandler(api)` is a function from
 * a plain request to a plain response. Adapters: `flagport/http/node`, `flagport/http/fetch`.
 */
export { createHttpHandler } from './handler.js'
export { STATUS, errorBody } from './errors.js'
export { DEFAULT_BODY_LIMIT, DEFAULT_MAX_DEPTH } from './body.js'
export type { HttpHandler, HttpHandlerOptions, HttpHeaders, HttpRequest, HttpResponse, PlainHandler } from './messages.js'
