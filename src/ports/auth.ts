import type { Either } from 'fp-ts/lib/Either.js'
import type { Actor } from '../model/actor.js'
import type { ErrorOf } from '../model/error.js'
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

/** The caller could not be authenticated (401): no credentials, or ones that name no one. */
export type AuthenticationRequired = ErrorOf<'AuthenticationRequired'>

export const LOGIN_PATH = '/auth/simple/login'

/** Unleash's 401, worded by whether the request had an Authorization header; it names the login path. */
export const authenticationRequired = (hadHeader: boolean, baseUriPath = ''): AuthenticationRequired => {
  const message = hadHeader
    ? `You must log in to use Unleash. The API token in your authorization header is not valid. Provide a valid API token in the Authorization header, or log in at ${baseUriPath}${LOGIN_PATH}.`
    : `You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Provide a valid API token in the Authorization header, or log in at ${baseUriPath}${LOGIN_PATH}.`
  return { _tag: 'AuthenticationRequired', message, details: [{ message }], extra: { path: `${baseUriPath}${LOGIN_PATH}`, type: 'password', defaultHidden: false } }
}
