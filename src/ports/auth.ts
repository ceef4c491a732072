import type { Either } from 'fp-ts/lib/Either.js'
import type { Actor } from '../domain/context.js'
import type { AuthenticationRequired } from '../domain/errors.js'
import type { State } from '../model/state.js'

/**
 * Who is calling. Admin tokens and open auth hold ADMIN; users and their personal tokens hold
 * their root role's permissions; client and frontend tokens are valid callers that the admin
 * API refuses (403).
 */
export interface Principal {
  readonly kind: 'admin-token' | 'user' | 'open' | 'client-token' | 'frontend-token'
  readonly actor: Actor
  readonly permissions: readonly string[]
  /** For client and frontend tokens: the environment and projects they are scoped to. */
  readonly environment?: string
  readonly projects?: readonly string[]
}

/**
 * Turns the Authorization header value (a leading `Bearer ` allowed), or the Cookie header (a
 * login session), into a principal. It may consult the store (personal and created API
 * tokens, and sessions, live there).
 */
export interface AuthPort {
  authenticate(authorization: string | undefined, state: State, cookie?: string): Either<AuthenticationRequired, Principal>
}
