import * as E from 'fp-ts/lib/Either.js'
import { type PasswordMismatch, passwordMismatch, type TooManyRequestsError, tooManyLogins } from '../../domain/errors.js'
import type { NoParams } from '../../model/params.js'
import type { LoginBody } from '../../model/session.js'
import type { ApiRequest, CallError } from '../operation.js'
import type { AuthPort, Principal } from '../../ports/auth.js'
import { bind, type Method, type Run } from '../methods.js'
import { loginOp, logoutOp, profileOp, type Session } from '../operations/sessions.js'
import { createRunner, type RunnerDeps } from '../runner.js'
import { createLoginBackoff } from '../login-backoff.js'

// Logging in is what a caller without credentials does: its runner admits everyone, holding nothing.
const ANYONE: Principal = Object.freeze({ kind: 'open', actor: { id: -1, name: 'login' }, permissions: [] })
const anyone: AuthPort = { authenticate: () => E.right(ANYONE) }

/**
 * People's sessions: `login` (anyone) checks a username or e-mail and password and starts a
 * session, whose id the caller keeps (the HTTP layer's cookie); `logout` ends the calling
 * user's sessions; `profile` describes the calling user. An auth adapter that reads sessions
 * (`flagport/auth/sessions`) turns a session id back into its user.
 */
export const sessionMethods = (deps: Omit<RunnerDeps, 'auth'>, run: Run) => {
  const m = bind(run)
  const loginRun = createRunner({ ...deps, auth: anyone }).run
  const backoff = createLoginBackoff()
  const op = loginOp(deps.storage, backoff)
  const login: Method<NoParams, LoginBody, Session, CallError | PasswordMismatch | TooManyRequestsError> = async (request) => {
    const outcome = await loginRun(op, request as ApiRequest<NoParams>)
    // The login runner admits everyone: what it refuses is the body or the store (the HTTP layer adds its per-address 429).
    if (E.isLeft(outcome)) return outcome as E.Left<CallError>
    const result = outcome.right
    if (result.ok) {
      backoff.succeeded(`#${result.session.user.id}`)
      return E.right(result.session)
    }
    if (result.reason === 'mismatch') {
      backoff.failed(result.name, deps.clock.now())
      return E.left(passwordMismatch(deps.config.baseUriPath))
    }
    return E.left(tooManyLogins(result.reason, result.retryAfterSeconds))
  }
  return { login, logout: m(logoutOp), profile: m(profileOp) }
}
