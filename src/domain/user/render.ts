import type { UserState } from '../../model/state.js'
import type { Account, User, UsersAndRoles } from '../../model/user.js'
import { accountsOf } from './lookup.js'
import { rootRolesOf } from './roles.js'
import type { ReadState } from '../../store/tx.js'

/**
 * An account as returned, in Unleash's key order; fields Unleash leaves out when empty are left
 * out. Built field by field (the `list users` bench row holds it to its speed).
 */
export const renderAccount = (user: UserState): Account => {
  const account = { accountType: user.accountType, id: user.id } as Record<string, unknown>
  if (user.name) account.name = user.name
  if (user.username) account.username = user.username
  if (user.email) account.email = user.email
  account.imageUrl = user.imageUrl
  account.seenAt = user.seenAt
  account.loginAttempts = user.loginAttempts
  account.createdAt = user.createdAt
  account.scimId = user.scimId
  account.seatType = null
  account.companyRole = null
  account.productUpdatesEmailConsent = null
  account.rootRole = user.rootRole
  return account as Account
}

/** The link while the invite is live at `nowMs`; `""` when there is none or it has expired. */
const inviteLinkAt = (user: UserState, unleashUrl: string, nowMs: number): string =>
  user.inviteToken && !(user.inviteExpiresAt && Date.parse(user.inviteExpiresAt) <= nowMs) ? `${unleashUrl}/new-user?token=${user.inviteToken}` : ''

/** The link while the invite is live at `now`; `""` when there is none or it has expired. */
export const inviteLink = (user: UserState, unleashUrl: string, now: string): string => inviteLinkAt(user, unleashUrl, Date.parse(now))

// The invite link added onto the fresh account (the `list users` bench row holds it to its speed).
const renderUserAt = (user: UserState, unleashUrl: string, nowMs: number): User =>
  Object.assign(renderAccount(user), { inviteLink: inviteLinkAt(user, unleashUrl, nowMs) })

export const renderUser = (user: UserState, unleashUrl: string, now: string): User => renderUserAt(user, unleashUrl, Date.parse(now))

/** Operation 10: users in creation order (service accounts left out) and the root roles. */
export const listUsers = (state: ReadState, unleashUrl: string, now: string): UsersAndRoles => {
  const nowMs = Date.parse(now)
  return { users: accountsOf(state, 'User').map((u) => renderUserAt(u, unleashUrl, nowMs)), rootRoles: rootRolesOf(state) }
}

/** An account as Unleash's user search answers it: its public columns, no role, no login counts. */
const renderFound = (user: UserState): Omit<Account, 'loginAttempts' | 'createdAt' | 'rootRole'> => {
  const { loginAttempts: _attempts, createdAt: _created, rootRole: _role, ...found } = renderAccount(user)
  return found
}

/**
 * Unleash's user search (GET /api/admin/user-admin/search?q=): accounts whose name contains
 * `q`, or whose username or e-mail starts with it, ignoring case, by id; nothing for a `q`
 * under two characters, as in Unleash.
 */
export const searchAccounts = (state: ReadState, q: string): ReturnType<typeof renderFound>[] => {
  if (q.length < 2) return []
  const needle = q.toLowerCase()
  const matches = (u: UserState) =>
    (u.name ?? '').toLowerCase().includes(needle) || (u.username ?? '').toLowerCase().startsWith(needle) || (u.email ?? '').startsWith(needle)
  return [...state.users.rows()].filter(matches).sort((a, b) => a.id - b.id).map(renderFound)
}
