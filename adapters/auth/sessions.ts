import * as E from 'fp-ts/lib/Either.js'
import { hashToken } from '../../src/api/secrets.js'
import { sessionAccount } from '../../src/domain/session/sessions.js'
import type { State, UserState } from '../../src/model/state.js'
import type { AuthPort, Principal } from '../../src/ports/auth.js'
import { type ClockPort, systemClock } from '../../src/ports/clock.js'
import { SESSION_COOKIE } from '../../src/http/routes/sessions.js'

// Unleash's session cookie, as the login route sets it: its UI sends no Authorization header.
export { SESSION_COOKIE } from '../../src/http/routes/sessions.js'

export interface SessionAuthOptions {
  readonly clock?: ClockPort
}

/** Cookie headers whose session id's digest is kept (see `digestOf`). */
const COOKIES_KEPT = 1024

/** The value of the first cookie named `name` in a Cookie header, percent-decoded when it can be. */
export const cookieValue = (header: string, name: string): string | undefined => {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1')
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return undefined
}

/** A logged-in person acts with their root role as stored now, exactly as their personal tokens do. */
const asUser = (state: State, user: UserState): Principal => ({
  kind: 'user',
  actor: { id: user.id, name: user.email ?? user.username ?? user.name ?? 'unknown' },
  permissions: state.rootRoles.get(String(user.rootRole))?.permissions ?? [],
})

/**
 * Adds login sessions to a token auth adapter: a request without an Authorization header is
 * its session's user, when its `unleash-session` cookie names a session that has not expired
 * and whose account still exists. Anything else, and every request with the header, is
 * `tokens`' to decide (so a bad token is refused even beside a good cookie).
 *
 * @example
 * const auth = sessionAuth(tokenAuth({ adminTokens }))
 */
export const sessionAuth = (tokens: AuthPort, options: SessionAuthOptions = {}): AuthPort => {
  const clock = options.clock ?? systemClock
  // A browser sends the same cookie with every request: its digest is worked out once.
  const seen = new Map<string, string | null>()
  const digestOf = (cookie: string): string | null => {
    const known = seen.get(cookie)
    if (known !== undefined) return known
    const id = cookieValue(cookie, SESSION_COOKIE)
    const digest = id ? hashToken(id) : null
    if (seen.size >= COOKIES_KEPT) seen.clear()
    seen.set(cookie, digest)
    return digest
  }
  return {
    authenticate: (authorization, state, cookie) => {
      if (authorization === undefined && cookie !== undefined) {
        const digest = digestOf(cookie)
        const user = digest === null ? undefined : sessionAccount(state, digest, new Date(clock.now()).toISOString())
        if (user) return E.right(asUser(state, user))
      }
      return tokens.authenticate(authorization, state, cookie)
    },
  }
}
