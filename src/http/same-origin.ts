import { header } from './request.js'
import type { HttpRequest } from './messages.js'

/** The methods that change something. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** What `Sec-Fetch-Site` says of a request a page of this server's own origin made, or the user typed. */
const OWN_SITE = new Set(['same-origin', 'none'])

const SESSION_COOKIE_NAME = /(?:^|;)\s*unleash-session\s*=/

/** The origin of a URL, or undefined when it is none. */
const originOf = (url: string): string | undefined => {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * Why a write must be refused as cross-origin, or undefined. A browser sends the session
 * cookie with any request to this server, whichever page made it (SameSite=Lax stops only
 * other sites, not another port or subdomain of this one), and Unleash's UI sends no CSRF
 * token; so a write that authenticates by the cookie alone (no `Authorization` header) must
 * come from the server's own origin: its `Origin`, when sent, is the configured URL's origin
 * or the `Host` it was sent to, and else its `Sec-Fetch-Site`, when sent, is `same-origin`.
 * A request with neither header is let through: only browsers send cookies unasked, and
 * every browser sends `Origin` with a cross-origin write.
 */
export const crossOriginWrite = (request: HttpRequest, method: string, configuredUrl: string): string | undefined => {
  if (!WRITES.has(method) || header(request.headers, 'authorization') !== undefined) return undefined
  const cookie = header(request.headers, 'cookie')
  if (cookie === undefined || !SESSION_COOKIE_NAME.test(cookie)) return undefined
  const origin = header(request.headers, 'origin')
  if (origin !== undefined) {
    const host = header(request.headers, 'host')
    const own = [originOf(configuredUrl), ...(host === undefined ? [] : [originOf(`http://${host}`), originOf(`https://${host}`)])]
    if (own.includes(originOf(origin) ?? '\0')) return undefined
    return `This change was refused: it is authenticated by the session cookie and comes from a page of another origin (${origin.slice(0, 200)}), not this server's. Make it from the server's own pages, or authenticate with an API token in the Authorization header.`
  }
  const site = header(request.headers, 'sec-fetch-site')
  if (site === undefined || OWN_SITE.has(site)) return undefined
  return `This change was refused: it is authenticated by the session cookie and comes from a page of another origin (Sec-Fetch-Site: ${site.slice(0, 50)}), not this server's. Make it from the server's own pages, or authenticate with an API token in the Authorization header.`
}
