import * as E from 'fp-ts/lib/Either.js'
import type { UserState } from '../../model/state.js'
import { emailKey, identityKeys, usernameKey } from '../../model/identities.js'
import { ADMIN_ROLE_ID } from '../permissions.js'
import { type ErrorDetail, type NotFoundError, notFound } from '../errors.js'
import type { Editable, ReadState, Tx } from '../../store/tx.js'

export type AccountType = UserState['accountType']

/** Ids arrive as path segments: only a plain decimal names an account. */
const keyOf = (id: string | number): string | undefined => {
  const text = String(id)
  return /^\d+$/.test(text) ? String(Number(text)) : undefined
}

export const accountNotFound = (id: string | number, type: AccountType): NotFoundError =>
  notFound(type === 'User' ? 'No user found' : `Could not find service account with id ${id}`)

/** The account with that id, if it is of that type (users and service accounts share one table). */
export const findAccount = (state: ReadState, id: string | number, type: AccountType): E.Either<NotFoundError, UserState> => {
  const key = keyOf(id)
  const found = key === undefined ? undefined : state.users.get(key)
  return found && found.accountType === type ? E.right(found) : E.left(accountNotFound(id, type))
}

/** The same account, as a draft to change. */
export const draftAccount = (draft: Tx, id: number): Editable<UserState> =>
  draft.users.get(String(id))!

/** Accounts of one type, in creation order. */
export const accountsOf = (state: ReadState, type: AccountType): UserState[] =>
  [...state.users.rows()].filter((u) => u.accountType === type).sort((a, b) => a.id - b.id)

/**
 * `User already exists` for a username or (lower-cased) e-mail another account holds,
 * service accounts included. Both are checked (Unleash checks one and fails on the other).
 */
export const identityTaken = (state: ReadState, who: { username: string | null; email: string | null }, exceptId?: number): ErrorDetail[] => {
  const heldByAnother = (key: string): boolean => {
    const holder = state.identities.get(key)
    return holder !== undefined && holder !== exceptId
  }
  return [
    ...(who.email !== null && heldByAnother(emailKey(who.email)) ? [{ path: '/body/email', message: 'User already exists' }] : []),
    ...(who.username !== null && heldByAnother(usernameKey(who.username)) ? [{ path: '/body/username', message: 'User already exists' }] : []),
  ]
}

/** Records that `account` holds its e-mail and username (`State.identities`). */
export const claimIdentities = (draft: Tx, account: Pick<UserState, 'id' | 'email' | 'username'>): void => {
  for (const key of identityKeys(account)) draft.identities.set(key, account.id)
}

/** Frees the e-mail and username `account` held. */
export const releaseIdentities = (draft: Tx, account: Pick<UserState, 'id' | 'email' | 'username'>): void => {
  const identities = draft.identities
  for (const key of identityKeys(account)) if (identities.get(key) === account.id) identities.delete(key)
}

/** How many accounts hold the Admin root role: users with a password, users without, service accounts (Unleash's admin count). */
export const adminCount = (state: ReadState): { password: number; noPassword: number; service: number } => {
  const count = { password: 0, noPassword: 0, service: 0 }
  for (const u of state.users.rows()) {
    if (u.rootRole !== ADMIN_ROLE_ID) continue
    if (u.accountType === 'Service Account') count.service++
    else if (u.passwordHash !== null) count.password++
    else count.noPassword++
  }
  return count
}
