import * as E from 'fp-ts/lib/Either.js'
import type { RootRoleRef } from '../../model/user.js'
import type { Ctx } from '../context.js'
import type { ErrorDetail, NotFoundError, ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { accountEventData } from './create.js'
import { type AccountType, claimIdentities, draftAccount, findAccount, identityTaken, releaseIdentities } from './lookup.js'
import { given, refuse } from './problems.js'
import { findRootRole, missingRootRole } from './roles.js'
import type { Tx } from '../../store/tx.js'

/** The fields of a user or service account that may change; absent ones are kept. */
export interface AccountUpdate {
  readonly name?: string | null
  /** `""` is ignored. */
  readonly email?: string
  readonly rootRole?: RootRoleRef
  /** The gravatar of the new e-mail, made before the transaction. */
  readonly imageUrl?: string
}

/**
 * Changes only the fields sent. A new e-mail must be free (lower-cased) and moves the
 * image to its gravatar; a new root role must exist. Records an event when anything changed.
 */
export const updateAccount = (
  draft: Tx,
  id: string,
  type: AccountType,
  update: AccountUpdate,
  ctx: Ctx,
): E.Either<NotFoundError | ValidationError, number> => {
  const found = findAccount(draft, id, type)
  if (E.isLeft(found)) return found
  const user = draftAccount(draft, found.right.id)
  const email = given(update.email)?.toLowerCase() ?? null
  const problems: ErrorDetail[] = []
  if (email !== null) problems.push(...identityTaken(draft, { username: null, email }, user.id))
  const role = update.rootRole === undefined ? undefined : findRootRole(draft, update.rootRole)
  if (update.rootRole !== undefined && !role) problems.push(missingRootRole(update.rootRole))
  if (problems.length > 0) return E.left(refuse(problems))

  const before = accountEventData(user)
  if (update.name !== undefined) user.name = given(update.name)
  if (email !== null && email !== user.email) {
    releaseIdentities(draft, { id: user.id, email: user.email, username: null })
    user.email = email
    claimIdentities(draft, { id: user.id, email, username: null })
    if (update.imageUrl) user.imageUrl = update.imageUrl
  }
  if (role) user.rootRole = role.id
  const after = accountEventData(user)
  if ((Object.keys(before) as (keyof typeof before)[]).some((k) => before[k] !== after[k])) {
    recordEvent(draft, ctx, { type: type === 'User' ? 'user-updated' : 'service-account-updated', data: after, preData: before })
  }
  return E.right(user.id)
}
