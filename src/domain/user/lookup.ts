import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { State, UserState } from '../../model/state.js'
import { emailKey, identityKeys, usernameKey } from '../../model/identities.js'
import { deleteRow, getRow, rows, setRow } from '../../store/table.js'
import { ADMIN_ROLE_ID } from '../permissions.js'
import { type ErrorDetail, type NotFoundError, notFound } from '../errors.js'

export type AccountType = UserState['accountType']

/** Ids arrive as path segments: only a plain decimal names an account. */
const keyOf = (id: string | number): string | undefined => {
  const text = String(id)
  return /^\d+$/.test(text) ? String(Number(text)) : undefined
}

export const accountNotFound = (id: string | number, type: AccountType): NotFoundError =>
  notFound(type === 'User' ? 'No user found' : `Could not find service account with id ${id}`)

/** The account with that id, if it is of that type (users and service accounts share one table). */
export const findAccount = (state: State, id: string | number, type: AccountType): E.Either<NotFoundError, UserState> => {
  const key = keyOf(id)
  const found = key === undefined ? undefined : getRow(state.users, key)
  return found && found.accountType === type ? E.right(found) : E.left(accountNotFound(id, type))
}

/** The same account, as a draft to change. */
export const draftAccount = (draft: Draft<State>, id: number): Draft<UserState> =>
  getRow(draft.users as State['users'], String(id)) as Draft<UserState>

/** Accounts of one type, in creation order. */
export const accountsOf = (state: State, type: AccountType): UserState[] =>
  [...rows(state.users)].filter((u) => u.accountType === type).sort((a, b) => a.id - b.id)

/**
 * `User already exists` for a username or (lower-cased) e-mail another account holds,
 * service accounts included. Both are checked (Unleash checks one and fails on the other).
 */
export const identityTaken = (state: State, who: { username: string | null; email: string | null }, exceptId?: number): ErrorDetail[] => {
  const heldByAnother = (key: string): boolean => {
    const holder = getRow(state.identities, key)
    return holder !== undefined && holder !== exceptId
  }
  return [
    ...(who.email !== null && heldByAnother(emailKey(who.email)) ? [{ path: '/body/email', message: 'User already exists' }] : []),
    ...(who.username !== null && heldByAnother(usernameKey(who.username)) ? [{ path: '/body/username', message: 'User already exists' }] : []),
  ]
}

/** Records that `account` holds its e-mail and username (`State.identities`). */
export const claimIdentities = (draft: Draft<State>, account: Pick<UserState, 'id' | 'email' | 'username'>): void => {
  for (const key of identityKeys(account)) setRow(draft.identities as State['identities'], key, account.id)
}

/** Frees the e-mail and username `account` held. */
export const releaseIdentities = (draft: Draft<State>, account: Pick<UserState, 'id' | 'email' | 'username'>): void => {
  const identities = draft.identities as State['identities']
  for (const key of identityKeys(account)) if (getRow(identities, key) === account.id) deleteRow(identities, key)
}

/** How many accounts hold the Admin root role: users with a password, users without, service accounts (Unleash's admin count). */
export const adminCount = (state: State): { password: number; noPassword: number; service: number } => {
  const count = { password: 0, noPassword: 0, service: 0 }
  for (const u of rows(state.users)) {
    if (u.rootRole !== ADMIN_ROLE_ID) continue
    if (u.accountType === 'Service Account') count.service++
    else if (u.passwordHash !== null) count.password++
    else count.noPassword++
  }
  return count
}
