import * as E from 'fp-ts/lib/Either.js'
import { type PasswordMismatch, passwordMismatch } from '../../domain/errors.js'
import type { NoParams } from '../../model/params.js'
import type { LoginBody } from '../../model/session.js'
import type { ApiRequest, CallError } from '../operation.js'
import type { AuthPort, Principal } from '../../ports/auth.js'
import { bind, type Method, type Run } from '../methods.js'
import { loginOp, logoutOp, profileOp, type Session } from '../operations/sessions.js'
import { createRunner, type RunnerDeps } from '../runner.js'

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
  const login: Method<NoParams, LoginBody, Session, CallError | PasswordMismatch> = async (request) => {
    const outcome = await loginRun(loginOp(deps.storage), request as ApiRequest<NoParams>)
    // The login runner admits everyone: what it refuses is the body or the store (the HTTP layer adds its 429).
    if (E.isLeft(outcome)) return outcome as E.Left<CallError>
    return outcome.right.ok ? E.right(outcome.right.session) : E.left(passwordMismatch(deps.config.baseUriPath))
  }
  return { login, logout: m(logoutOp), profile: m(profileOp) }
}
