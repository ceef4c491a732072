import * as E from 'fp-ts/lib/Either.js'
import { hashToken, sameDigest } from '../../src/api/secrets.js'
import { authenticationRequired } from '../../src/ports/auth.js'
import { PERMISSIONS } from '../../src/ports/permissions.js'
import type { ApiTokenState, State } from '../../src/model/state.js'
import type { AuthPort, Principal } from '../../src/ports/auth.js'
import { type ClockPort, systemClock } from '../../src/ports/clock.js'

export interface TokenAuthOptions {
  /** Admin tokens given by the host (`*:*.<secret>`), e.g. from INIT_ADMIN_API_TOKENS. */
  readonly adminTokens?: readonly string[]
  readonly clock?: ClockPort
  /** Prefixes the login path in 401 answers. */
  readonly baseUriPath?: string
}

// Unleash names the tokens it is given at start-up (INIT_ADMIN_API_TOKENS) `admin`: events record that name.
const ADMIN_ACTOR = { id: -42, name: 'admin' }
/** Whoever holds one of the host's admin tokens: the same answer every time. */
const HOST_ADMIN = E.right<never, Principal>(Object.freeze({ kind: 'admin-token', actor: ADMIN_ACTOR, permissions: PERMISSIONS }))

/** Authorization headers whose reading is kept (see `presented`). */
const HEADERS_KEPT = 1024

/** A token as a header presents it: its digest, and whether it is one of the host's admin tokens. */
interface Presented {
  readonly digest: string
  readonly hostAdmin: boolean
}

/**
 * Unleash's API tokens. Admin tokens `*:*.<secret>` act as Admin; `user:<secret>` personal
 * and service-account tokens act with their user's root role; client (`<project>:<env>.`) and
 * frontend tokens authenticate but the admin API refuses them. Only sha256 digests of
 * secrets are kept, and the host's tokens are compared in constant time.
 */
export const tokenAuth = (options: TokenAuthOptions = {}): AuthPort => {
  const clock = options.clock ?? systemClock
  const adminDigests = (options.adminTokens ?? []).map(hashToken)
  const refuse = (hadHeader: boolean) => E.left(authenticationRequired(hadHeader, options.baseUriPath ?? ''))

  // The token table keeps its identity across commits that do not touch it (a commit shares
  // what it does not change), so the index is rebuilt only when tokens change. A digest reveals
  // nothing of the secret. Each port keeps its own.
  const indexes = new WeakMap<State['apiTokens'], Map<string, ApiTokenState>>()
  const byDigest = (table: State['apiTokens']): Map<string, ApiTokenState> => {
    let index = indexes.get(table)
    if (!index) {
      index = new Map([...table.rows()].map((t) => [t.secretHash, t]))
      indexes.set(table, index)
    }
    return index
  }

  const fromStore = (state: State, digest: string, now: number): Principal | undefined => {
    const token = byDigest(state.apiTokens).get(digest)
    if (token) {
      if (token.expiresAt !== null && Date.parse(token.expiresAt) <= now) return undefined
      const actor = { id: token.userId ?? -42, name: token.tokenName }
      switch (token.type) {
        case 'admin':
          return { kind: 'admin-token', actor, permissions: PERMISSIONS }
        case 'client':
        case 'backend':
          return { kind: 'client-token', actor, permissions: [], environment: token.environment, projects: token.projects }
        case 'frontend':
          return { kind: 'frontend-token', actor, permissions: [], environment: token.environment, projects: token.projects }
        case 'personal': {
          // A deleted account's tokens are deleted with it; the check guards a store written otherwise.
          const user = token.userId === null ? undefined : state.users.get(String(token.userId))
          if (!user) return undefined
          return {
            kind: 'user',
            actor: { id: user.id, name: user.email ?? user.username ?? user.name ?? 'unknown' },
            // The role as stored now: a changed role applies to the very next request.
            permissions: state.rootRoles.get(String(user.rootRole))?.permissions ?? [],
          }
        }
      }
    }
    return undefined
  }

  /**
   * What the headers seen lately hold: a client sends the same token with every request, and
   * its SHA-256 was a tenth of a read's cost. The secrets kept are those in use, as any server
   * holds them while it answers; bounded, so a stream of made-up tokens cannot grow it.
   */
  const seen = new Map<string, Presented | null>()
  const presented = (authorization: string): Presented | null => {
    const known = seen.get(authorization)
    if (known !== undefined) return known
    // `Bearer ` with nothing after it is a header that holds no valid token, not a missing one.
    const raw = authorization.replace(/^bearer(\s+|$)/i, '').trim()
    let token: Presented | null = null
    if (raw) {
      const digest = hashToken(raw)
      token = { digest, hostAdmin: raw.startsWith('*:*.') && adminDigests.some((d) => sameDigest(d, digest)) }
    }
    if (seen.size >= HEADERS_KEPT) seen.clear()
    seen.set(authorization, token)
    return token
  }

  return {
    authenticate: (authorization, state) => {
      const token = authorization === undefined ? null : presented(authorization)
      if (token === null) return refuse(authorization !== undefined && authorization.trim() !== '')
      if (token.hostAdmin) return HOST_ADMIN
      const principal = fromStore(state, token.digest, clock.now())
      return principal ? E.right(principal) : refuse(true)
    },
  }
}
