import * as E from 'fp-ts/lib/Either.js'
import { type NoAccessError, type NotFoundError, notAUser, type ValidationError } from '../../domain/errors.js'
import { endSessions, loginAccount, startSession } from '../../domain/session/sessions.js'
import { findAccount } from '../../domain/user/lookup.js'
import { passwordProblems, weakPassword } from '../../domain/user/password.js'
import { renderAccount } from '../../domain/user/render.js'
import { renderRootRole } from '../../domain/user/roles.js'
import { IdParams, NoParams } from '../../model/params.js'
import { LoginBody, PasswordBody, type Profile } from '../../model/session.js'
import type { State, UserState } from '../../model/state.js'
import type { Account } from '../../model/user.js'
import type { StoragePort } from '../../ports/storage.js'
import { read, write } from '../operation.js'
import { asMaintenanceSwitch, stateOf } from '../runner.js'
import type { LoginBackoff } from '../login-backoff.js'
import { checkPassword, hashPassword, hashToken, unmatchableHash } from '../secrets.js'

/** A login that succeeded: the session's id (the cookie's value, kept nowhere else), when it ends, and who. */
export interface Session {
  readonly sessionId: string
  readonly expiresAt: string
  readonly user: Account
}

/**
 * What a login came to: a session; a refusal (`mismatch`, the account's failure counted, or
 * `waiting` for its backoff, or `busy` when too many password checks are queued).
 */
export type LoginOutcome =
  | { readonly ok: true; readonly session: Session }
  | { readonly ok: false; readonly reason: 'mismatch'; readonly name: string }
  | { readonly ok: false; readonly reason: 'waiting' | 'busy'; readonly retryAfterSeconds: number }

type CheckedLogin =
  | { readonly kind: 'checked'; readonly account: UserState | undefined; readonly matches: boolean; readonly sessionId: string; readonly name: string; readonly rehashed?: string }
  | { readonly kind: 'waiting' | 'busy'; readonly retryAfterSeconds: number }


/** The key a login's name is counted under: the account's id, else the name as given, in lower case. */
const backoffName = (account: UserState | undefined, username: string): string => (account ? `#${account.id}` : username.toLowerCase())

/**
 * `POST /auth/simple/login`, for anyone. An account (or a name no account has) that failed
 * more than `LOGIN_BACKOFF.freeAttempts` times in a row must wait, doubling each time, before
 * its password is checked again: however many addresses a flood comes from, it gets one guess
 * a wait. The password is checked (scrypt, in the bounded hashing queue, before the
 * transaction); a match starts a session, clears `loginAttempts` and re-hashes a password
 * stored at an older cost; a miss adds one to the account's `loginAttempts`.
 */
export const loginOp = (storage: StoragePort, backoff: LoginBackoff) =>
  // Logging in and out are not admin API writes: Unleash's maintenance mode lets them through.
  asMaintenanceSwitch(write<NoParams, LoginBody, LoginOutcome>({
    params: NoParams,
    requirement: 'NONE',
    admits: 'anyone',
    body: LoginBody,
    prepare: async ({ body, ctx, config }): Promise<CheckedLogin> => {
      const account = loginAccount(stateOf(storage), body.username)
      const name = backoffName(account, body.username)
      const wait = backoff.wait(name, account?.loginAttempts, Date.parse(ctx.now))
      if (wait > 0) return { kind: 'waiting', retryAfterSeconds: Math.ceil(wait / 1000) }
      const hash = account?.passwordHash ?? null
      // With no account, a hash of the configured cost: an unknown name costs what a wrong password does.
      const checked = await checkPassword(body.password, hash ?? unmatchableHash(config.passwordHashCost), config.passwordHashCost)
      if (checked === 'busy') return { kind: 'busy', retryAfterSeconds: 1 }
      const matches = checked.matches && hash !== null
      const rehashed = matches && checked.outdated ? await hashPassword(body.password, config.passwordHashCost) : undefined
      return { kind: 'checked', account, matches, sessionId: ctx.token(), name, ...(rehashed ? { rehashed } : {}) }
    },
    run: (draft, { ctx, config, prepared }) => {
      const checked = prepared as CheckedLogin
      if (checked.kind !== 'checked') return E.right(() => ({ ok: false as const, reason: checked.kind, retryAfterSeconds: checked.retryAfterSeconds }))
      const { account, matches, sessionId, name } = checked
      // The account as it is now: deleted, or given another password, since it was checked: no session.
      const current = account && (draft.users.get(String(account.id)) as (UserState & { loginAttempts: number; passwordHash: string | null }) | undefined)
      const unchanged = current !== undefined && current.passwordHash === account!.passwordHash
      if (!matches || !unchanged) {
        if (unchanged) current.loginAttempts = current.loginAttempts + 1
        return E.right(() => ({ ok: false as const, reason: 'mismatch' as const, name }))
      }
      if (checked.rehashed !== undefined) current.passwordHash = checked.rehashed
      const userId = current.id
      const expiresAt = new Date(Date.parse(ctx.now) + config.sessionTtlHours * 3_600_000).toISOString()
      startSession(draft, { digest: hashToken(sessionId), userId, now: ctx.now, expiresAt }, config.maxParallelSessions)
      return E.right((next: State) => ({ ok: true as const, session: { sessionId, expiresAt, user: renderAccount(next.users.get(String(userId))!) } }))
    },
    // The backoff counts what was committed: a success clears the name, a mismatch adds one.
    after: async (outcome, { ctx }) => {
      if (outcome.ok) backoff.succeeded(`#${outcome.session.user.id}`)
      else if (outcome.reason === 'mismatch') backoff.failed(outcome.name, Date.parse(ctx.now))
      return outcome
    },
  }))

/** `POST /logout`: ends every session of the calling user (Unleash's logout); a token's caller has none. */
export const logoutOp = asMaintenanceSwitch(
  write<NoParams, undefined, void>({
    params: NoParams,
    requirement: 'NONE',
    admits: 'session',
    run: (draft, { principal }) => {
      if (principal.kind === 'user') endSessions(draft, principal.actor.id)
      return E.right(() => undefined)
    },
  }),
)

/** `GET /api/admin/user/profile`: the calling user's root role, the projects they own and the groups they are in. */
export const profileOp = read<NoParams, undefined, Profile, NoAccessError>({
  params: NoParams,
  requirement: 'NONE',
  admits: 'session',
  run: (state, { principal }) => {
    const account = principal.kind === 'user' ? state.users.get(String(principal.actor.id)) : undefined
    if (!account) return E.left(notAUser('Profiles'))
    const role = state.rootRoles.get(String(account.rootRole))
    return E.right({
      rootRole: role ? renderRootRole(role) : null,
      projects: [...state.projects.rows()].filter((p) => p.owners.includes(account.id)).map((p) => p.id),
      groups: [...state.groups.rows()].filter((g) => g.users.some((m) => m.userId === account.id)).map((g) => ({ id: g.id, name: g.name })),
      features: [],
      subscriptions: [],
      canChangePassword: true,
    })
  },
})

/** A password the rule refuses (Unleash's OWASP test), or its scrypt hash. */
type PreparedPassword = { readonly problems: readonly string[] } | { readonly hash: string }

/**
 * `POST /api/admin/user-admin/:id/change-password` (ADMIN): sets a user's password, checked by
 * Unleash's rule; the user's sessions end, so whoever held the old one is logged out.
 */
export const changePasswordOp = write<IdParams, PasswordBody, void, ValidationError | NotFoundError>({
  params: IdParams,
  requirement: 'ADMIN',
  body: PasswordBody,
  prepare: async ({ body, config }): Promise<PreparedPassword> => {
    const problems = passwordProblems(body.password)
    return problems.length > 0 ? { problems } : { hash: await hashPassword(body.password, config.passwordHashCost) }
  },
  run: (draft, { params, prepared }) => {
    const password = prepared as PreparedPassword
    if ('problems' in password) return E.left(weakPassword(password.problems))
    const found = findAccount(draft, params.id, 'User')
    if (E.isLeft(found)) return found
    const account = draft.users.get(String(found.right.id)) as { passwordHash: string | null; loginAttempts: number }
    account.passwordHash = password.hash
    account.loginAttempts = 0
    endSessions(draft, found.right.id)
    return E.right(() => undefined)
  },
})
