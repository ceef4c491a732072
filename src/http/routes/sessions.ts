import type { AdminApi } from '../../api/admin-api.js'
import type { Session } from '../../api/operations/sessions.js'
import { type Route, route } from '../route.js'

/** Unleash's session cookie, which its UI sends with every call. */
export const SESSION_COOKIE = 'unleash-session'

interface CookieScope {
  readonly secure: boolean
  readonly basePath: string
}

/** The attributes every session cookie carries: script cannot read it, other sites' requests do not send it. */
const attributes = ({ secure, basePath }: CookieScope): string => `Path=${basePath || '/'}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`

/** A new session's cookie, expiring with the session. */
export const sessionCookie = (session: Pick<Session, 'sessionId' | 'expiresAt'>, scope: CookieScope, now: number): string => {
  const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - now) / 1000))
  return `${SESSION_COOKIE}=${encodeURIComponent(session.sessionId)}; ${attributes(scope)}; Max-Age=${maxAge}; Expires=${new Date(session.expiresAt).toUTCString()}`
}

/** What tells a browser to drop the cookie. */
export const clearedCookie = (scope: CookieScope): string => `${SESSION_COOKIE}=; ${attributes(scope)}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`

/**
 * Logging in and out, as Unleash's UI does: `POST /auth/simple/login` answers the user and
 * sets the session cookie; `POST /logout` ends the user's sessions, clears the cookie and site
 * data, and redirects to the UI's signed-out page. And the calling user's profile.
 */
export const sessionRoutes = ({ sessions }: AdminApi, now: () => number): Route[] => [
  route('POST', '/auth/simple/login', sessions.login, {
    body: true,
    rateLimit: 'login',
    headers: ({ result, secure, basePath }) => ({ 'set-cookie': sessionCookie(result, { secure, basePath }, now()), 'cache-control': 'no-store' }),
    render: (session) => session.user,
  }),
  route('POST', '/logout', sessions.logout, {
    status: 302,
    headers: ({ secure, basePath }) => ({
      location: `${basePath}/signed-out`,
      'set-cookie': clearedCookie({ secure, basePath }),
      'clear-site-data': '"cookies", "storage"',
    }),
  }),
  route('GET', '/api/admin/user/profile', sessions.profile),
]
