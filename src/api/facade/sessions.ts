import * as E from 'fp-ts/lib/Either.js'
import { type PasswordMismatch, passwordMismatch, type TooManyRequestsError, tooManyLogins } from '../../domain/errors.js'
import type { NoParams } from '../../model/params.js'
import type { LoginBody } from '../../model/session.js'
import type { StoragePort } from '../../ports/storage.js'
import type { CallError } from '../operation.js'
import { bind, type Method, type Run } from '../methods.js'
import { loginOp, logoutOp, profileOp, type Session } from '../operations/sessions.js'
import { createLoginBackoff } from '../login-backoff.js'

/**
 * People's sessions: `login` (anyone) checks a username or e-mail and password and starts a
 * session, whose id the caller keeps (the HTTP layer's cookie); `logout` ends the calling
 * user's sessions; `profile` describes the calling user. An auth adapter that reads sessions
 * (`flagport/auth/sessions`) turns a session id back into its user.
 */
export const sessionMethods = (run: Run, storage: StoragePort, baseUriPath: string) => {
  const m = bind(run)
  const attempt = m(loginOp(storage, createLoginBackoff()))
  // A refused login is committed (its failure counted), so the operation answers how it ended and the method names the refusal.
  const login: Method<NoParams, LoginBody, Session, CallError | PasswordMismatch | TooManyRequestsError> = async (request) => {
    const outcome = await attempt(request)
    // Logging in admits everyone: what it refuses is the body or the store (the HTTP layer adds its per-address 429).
    if (E.isLeft(outcome)) return outcome as E.Left<CallError>
    const result = outcome.right
    if (result.ok) return E.right(result.session)
    if (result.reason === 'mismatch') return E.left(passwordMismatch(baseUriPath))
    return E.left(tooManyLogins(result.reason, result.retryAfterSeconds))
  }
  return { login, logout: m(logoutOp), profile: m(profileOp) }
}
