import * as E from 'fp-ts/lib/Either.js'
import type { ApiTokenState } from '../../model/state.js'
import type { CreatePatBody } from '../../model/token.js'
import type { Ctx } from '../context.js'
import { nameExists, type NameExistsError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { type AccountType, findAccount } from '../user/lookup.js'
import { refuse } from '../user/problems.js'
import { expiryProblems, storedExpiry } from './expiry.js'
import { PERSONAL_TOKEN_PREFIX } from './format.js'
import { accountTokens } from './render.js'
import type { Tx } from '../../store/tx.js'

/** The digest of the `user:<secret>` token made before the transaction. */
export interface NewAccountToken {
  readonly body: CreatePatBody
  readonly secretHash: string
}

const patEventData = (t: ApiTokenState) => ({ id: t.id, userId: t.userId, description: t.tokenName, expiresAt: t.expiresAt })

/**
 * A token that acts as its account, with the account's root role: a user's personal access
 * token or a service account's token. Descriptions are unique per account (409, as Unleash).
 */
export const createAccountToken = (
  draft: Tx,
  accountId: string | number,
  type: AccountType,
  input: NewAccountToken,
  ctx: Ctx,
): E.Either<NameExistsError | NotFoundError | ValidationError, number> => {
  const account = findAccount(draft, accountId, type)
  if (E.isLeft(account)) return account
  const userId = account.right.id
  const problems = expiryProblems(input.body.expiresAt, ctx.now)
  if (problems.length > 0) return E.left(refuse(problems))
  if (accountTokens(draft, userId).some((t) => t.tokenName === input.body.description)) {
    return E.left(nameExists('PAT description already exists.'))
  }
  draft.counters.apiToken += 1
  const token: ApiTokenState = {
    id: draft.counters.apiToken,
    tokenName: input.body.description,
    type: 'personal',
    projects: ['*'],
    environment: '*',
    prefix: PERSONAL_TOKEN_PREFIX,
    secretHash: input.secretHash,
    userId,
    expiresAt: input.body.expiresAt === undefined ? null : storedExpiry(input.body.expiresAt),
    createdAt: ctx.now,
  }
  draft.apiTokens.set(String(token.id), token)
  recordEvent(draft, ctx, { type: 'pat-created', data: patEventData(token) })
  return E.right(token.id)
}

/** Deletes one of the account's tokens; another account's token is not found. */
export const deleteAccountToken = (
  draft: Tx,
  accountId: string | number,
  type: AccountType,
  tokenId: string,
  ctx: Ctx,
): E.Either<NotFoundError, void> => {
  const account = findAccount(draft, accountId, type)
  if (E.isLeft(account)) return account
  const token = /^\d+$/.test(tokenId) ? draft.apiTokens.get(String(Number(tokenId))) : undefined
  // No such token of the account: nothing to delete, a success in Unleash.
  if (!token || token.type !== 'personal' || token.userId !== account.right.id) return E.right(undefined)
  const preData = patEventData(token)
  draft.apiTokens.delete(String(token.id))
  recordEvent(draft, ctx, { type: 'pat-deleted', preData })
  return E.right(undefined)
}
