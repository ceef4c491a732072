import * as E from 'fp-ts/lib/Either.js'
import type { UserState } from '../../model/state.js'
import type { CreateServiceAccountBody, ServiceAccount, ServiceAccountsAndRoles } from '../../model/user.js'
import type { Ctx } from '../context.js'
import type { ErrorDetail, ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { accountTokens, renderPersonalToken } from '../token/render.js'
import { accountEventData } from './create.js'
import { accountsOf, claimIdentities, identityTaken } from './lookup.js'
import { given, refuse } from './problems.js'
import { renderAccount } from './render.js'
import { findRootRole, missingRootRole, rootRolesOf } from './roles.js'
import type { ReadState, Tx } from '../../store/tx.js'

export interface NewServiceAccount {
  readonly body: CreateServiceAccountBody
  /** Gravatar URL of the username, made before the transaction. */
  readonly imageUrl: string
}

/**
 * A service account: an account with a root role that acts only through its tokens (no
 * e-mail, password or invite). Its username must be free among all accounts.
 */
export const createServiceAccount = (draft: Tx, input: NewServiceAccount, ctx: Ctx): E.Either<ValidationError, number> => {
  const { body } = input
  const problems: ErrorDetail[] = [...identityTaken(draft, { username: body.username, email: null })]
  const role = findRootRole(draft, body.rootRole)
  if (!role) problems.push(missingRootRole(body.rootRole))
  if (problems.length > 0 || !role) return E.left(refuse(problems))

  draft.counters.user += 1
  const account: UserState = {
    id: draft.counters.user,
    name: given(body.name),
    username: body.username,
    email: null,
    imageUrl: input.imageUrl,
    rootRole: role.id,
    accountType: 'Service Account',
    passwordHash: null,
    inviteToken: null,
    loginAttempts: 0,
    seenAt: null,
    createdAt: ctx.now,
    scimId: null,
  }
  draft.users.set(String(account.id), account)
  claimIdentities(draft, account)
  recordEvent(draft, ctx, { type: 'service-account-created', data: accountEventData(account) })
  return E.right(account.id)
}

// Object.assign onto the fresh account, not a spread (see renderUser).
export const renderServiceAccount = (state: ReadState, account: UserState): ServiceAccount =>
  Object.assign(renderAccount(account), { tokens: accountTokens(state, account.id).map(renderPersonalToken) })

export const listServiceAccounts = (state: ReadState): ServiceAccountsAndRoles => ({
  serviceAccounts: accountsOf(state, 'Service Account').map((a) => renderServiceAccount(state, a)),
  rootRoles: rootRolesOf(state),
})
