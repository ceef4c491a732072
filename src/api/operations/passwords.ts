import * as E from 'fp-ts/lib/Either.js'
import { type InvalidTokenError, invalidToken, type NoAccessError, type NotFoundError, notAUser, oldPasswordMismatch, type PasswordMismatch, type ValidationError, validationError } from '../../domain/errors.js'
import { loginAccount } from '../../domain/session/sessions.js'
import { accountNotFound } from '../../domain/user/lookup.js'
import { passwordProblems, weakPassword } from '../../domain/user/password.js'
import { issueResetToken, resetPassword, tokenHolder } from '../../domain/user/reset.js'
import { renderRootRole } from '../../domain/user/roles.js'
import { NoParams } from '../../model/params.js'
import { CheckedPasswordBody, OwnPasswordBody, ResetEmailBody, ResetPasswordBody, type ResetPasswordUrl, ResetUserBody, type TokenUser } from '../../model/password.js'
import type { StoragePort } from '../../ports/storage.js'
import { read, write } from '../operation.js'
import { asMaintenanceSwitch, stateOf } from '../runner.js'
import { hashPassword, verifyPassword } from '../secrets.js'

/** A password the rule refuses, or its scrypt hash (made before the transaction: hashing is slow). */
type PreparedPassword = { readonly problems: readonly string[] } | { readonly hash: string }

const preparePassword = async (password: string, log2N: number): Promise<PreparedPassword> => {
  const problems = passwordProblems(password)
  return problems.length > 0 ? { problems } : { hash: await hashPassword(password, log2N) }
}

/**
 * `POST /api/admin/user-admin/validate-password` and `POST /auth/reset/validate-password`:
 * 200 for a password Unleash's rule takes, else a 400 naming every rule it breaks.
 */
export const checkPasswordOp = read<NoParams, CheckedPasswordBody, void, ValidationError>({
  params: NoParams,
  requirement: 'NONE',
  body: CheckedPasswordBody,
  run: (_state, { body }) => {
    const problems = passwordProblems(body.password)
    return problems.length > 0 ? E.left(weakPassword(problems)) : E.right(undefined)
  },
})

interface PreparedOwnPassword {
  readonly password: PreparedPassword
  /** The hash the old password was checked against, and whether it matched. */
  readonly checkedHash: string | null
  readonly oldMatches: boolean
}

/**
 * `POST /api/admin/user/change-password`: users change their own password, proving the old
 * one; `confirmPassword`, when sent, must repeat it. As Unleash, every session of the user ends.
 */
export const changeOwnPasswordOp = (storage: StoragePort) =>
  write<NoParams, OwnPasswordBody, void, ValidationError | NoAccessError | PasswordMismatch>({
    params: NoParams,
    requirement: 'NONE',
    body: OwnPasswordBody,
    prepare: async ({ body, principal, config }): Promise<PreparedOwnPassword> => {
      const account = principal.kind === 'user' ? stateOf(storage).users.get(String(principal.actor.id)) : undefined
      const checkedHash = account?.passwordHash ?? null
      const oldMatches = checkedHash !== null && body.oldPassword !== undefined && (await verifyPassword(body.oldPassword, checkedHash))
      return { password: await preparePassword(body.password, config.passwordHashCost), checkedHash, oldMatches }
    },
    run: (draft, { body, principal, prepared, config }) => {
      const account = principal.kind === 'user' ? draft.users.get(String(principal.actor.id)) : undefined
      if (!account || account.accountType !== 'User') return E.left(notAUser('Password changes'))
      const { password, checkedHash, oldMatches } = prepared as PreparedOwnPassword
      const problems = [
        ...(body.oldPassword === undefined ? [{ path: '/body/oldPassword', message: 'The old password is required.' }] : []),
        ...(body.confirmPassword !== undefined && body.confirmPassword !== body.password ? [{ path: '/body/confirmPassword', message: 'The passwords do not match.' }] : []),
        ...('problems' in password ? weakPassword(password.problems).details : []),
      ]
      if (problems.length > 0) return E.left(validationError(problems))
      // Checked against the hash stored now: a password changed meanwhile is not the one proven.
      if (!oldMatches || account.passwordHash !== checkedHash) return E.left(oldPasswordMismatch(config.baseUriPath))
      resetPassword(draft, account.id, (password as { hash: string }).hash)
      return E.right(() => undefined)
    },
  })

/** Where the UI's reset page takes a token. */
const resetUrl = (unleashUrl: string, token: string): string => `${unleashUrl}/reset-password?token=${encodeURIComponent(token)}`

/**
 * `POST /api/admin/user-admin/reset-password` (ADMIN): a fresh link for the user named by
 * e-mail or username to set a password with, live for 24 hours; the last link stops working.
 */
export const resetUserPasswordOp = write<NoParams, ResetUserBody, ResetPasswordUrl, NotFoundError>({
  params: NoParams,
  requirement: 'ADMIN',
  body: ResetUserBody,
  run: (draft, { body, ctx, config }) => {
    const account = loginAccount(draft, body.id)
    if (!account) return E.left(accountNotFound(body.id, 'User'))
    const token = issueResetToken(draft, account.id, ctx)
    return E.right(() => ({ resetPasswordUrl: resetUrl(config.unleashUrl, token) }))
  },
})

/** `GET /auth/reset/validate?token=` (anyone): whose token it is, for the reset and new-user pages. */
export const tokenUserOp = read<NoParams, undefined, TokenUser, InvalidTokenError>({
  params: NoParams,
  requirement: 'NONE',
  admits: 'anyone',
  run: (state, { query, ctx }) => {
    const token = query['token'] ?? ''
    const user = tokenHolder(state, token, ctx.now)
    if (!user) return E.left(invalidToken())
    const role = state.rootRoles.get(String(user.rootRole))
    return E.right({
      token,
      createdBy: null,
      email: user.email ?? '',
      ...(user.name ? { name: user.name } : {}),
      id: user.id,
      role: role ? renderRootRole(role) : { id: user.rootRole, type: 'root', name: '' },
    })
  },
})

/**
 * `POST /auth/reset/password` (anyone): sets the password of the token's user, checked by
 * Unleash's rule first, and uses the token up; the user's sessions end.
 */
export const resetPasswordOp = asMaintenanceSwitch(
  write<NoParams, ResetPasswordBody, void, ValidationError | InvalidTokenError>({
    params: NoParams,
    requirement: 'NONE',
    admits: 'anyone',
    body: ResetPasswordBody,
    prepare: async ({ body, config }) => preparePassword(body.password, config.passwordHashCost),
    run: (draft, { body, ctx, prepared }) => {
      const password = prepared as PreparedPassword
      if ('problems' in password) return E.left(weakPassword(password.problems))
      const user = tokenHolder(draft, body.token, ctx.now)
      if (!user) return E.left(invalidToken())
      resetPassword(draft, user.id, password.hash)
      return E.right(() => undefined)
    },
  }),
)

/** Whom a reset link was made for, when the address named a user. */
export interface ResetLink {
  readonly to: string
  readonly name: string | null
  readonly resetLink: string
}

/**
 * `POST /auth/reset/password-email` (anyone): a fresh reset link for the user with that
 * e-mail, which the facade sends (or logs). The answer is the same whether or not a user has
 * the address, so the form tells no one who has an account.
 */
export const resetEmailOp = asMaintenanceSwitch(
  write<NoParams, ResetEmailBody, ResetLink | null>({
    params: NoParams,
    requirement: 'NONE',
    admits: 'anyone',
    body: ResetEmailBody,
    run: (draft, { body, ctx, config }) => {
      const account = body.email.includes('@') ? loginAccount(draft, body.email) : undefined
      if (!account || !account.email) return E.right(() => null)
      // Read now: the draft is gone once the transaction commits.
      const link: ResetLink = { to: account.email, name: account.name, resetLink: resetUrl(config.unleashUrl, issueResetToken(draft, account.id, ctx)) }
      return E.right(() => link)
    },
  }),
)
