import { header, target, underBase } from './request.js'
import { splitPath } from './router.js'
import type { HttpRequest, HttpResponse } from './messages.js'

/** How long a browser may keep a preflight's answer, in seconds (Unleash's `accessControlMaxAge` default). */
export const PREFLIGHT_MAX_AGE = 86_400

const METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE'
/** Allowed when a preflight names none: what the frontend SDKs send. */
const SDK_HEADERS = 'authorization,content-type,if-none-match,unleash-appname,unleash-connection-id,unleash-sdk'
/** A header name (RFC 9110's token): only those are echoed back. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** The CORS of one request to the frontend API: its preflight's answer, and the headers of any other answer. */
export interface FrontendCors {
  readonly preflight: HttpResponse
  readonly headers: Readonly<Record<string, string>>
}

/** Whether the request is for the frontend API (`/api/frontend` and below, under the base path). */
const forFrontend = (request: HttpRequest, basePath: string): boolean => {
  // Most requests are not: a substring test spares them the parse.
  if (!request.path.includes('frontend')) return false
  const relative = underBase(target(request).pathname, basePath)
  const segments = relative === undefined ? undefined : splitPath(relative)
  return segments !== undefined && segments[0] === 'api' && segments[1] === 'frontend'
}

/**
 * CORS for the frontend API as Unleash answers it: the origins allowed are the instance's
 * `frontendApiOrigins`; `*` among them allows any. Credentials are allowed and `ETag`
 * exposed. A preflight (`OPTIONS`) is answered 204 before any authentication, with the
 * methods, the headers the browser asked for (the SDKs' own when it asked none) and a max age.
 * Undefined for requests to any other path.
 */
export const frontendCors = (request: HttpRequest, basePath: string, origins: () => readonly string[]): FrontendCors | undefined => {
  if (!forFrontend(request, basePath)) return undefined
  const allowed = origins()
  const origin = header(request.headers, 'origin')
  // ETag is exposed on preflights too, as Unleash's cors middleware sends it on every answer.
  const common: Record<string, string> = { 'access-control-allow-credentials': 'true', 'access-control-expose-headers': 'ETag' }
  if (allowed.length === 0 || allowed.includes('*')) common['access-control-allow-origin'] = '*'
  else {
    common['vary'] = 'Origin'
    if (origin !== undefined && allowed.includes(origin)) common['access-control-allow-origin'] = origin
  }
  const asked = (header(request.headers, 'access-control-request-headers') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => TOKEN.test(h))
  const preflight: HttpResponse = {
    status: 204,
    headers: {
      ...common,
      ...(asked.length > 0 ? { vary: [common['vary'], 'Access-Control-Request-Headers'].filter(Boolean).join(', ') } : {}),
      'access-control-allow-methods': METHODS,
      'access-control-allow-headers': asked.length > 0 ? asked.join(',') : SDK_HEADERS,
      'access-control-max-age': String(PREFLIGHT_MAX_AGE),
      'content-length': '0',
    },
  }
  return { preflight, headers: common }
}
