import type { UserState, State } from '../../model/state.js'
import type { Account, User, UsersAndRoles } from '../../model/user.js'
import { accountsOf } from './lookup.js'
import { rootRolesOf } from './roles.js'

/** An account as returned, in Unleash's key order; fields Unleash leaves out when empty are left out. */
export const renderAccount = (user: UserState): Account => ({
  accountType: user.accountType,
  id: user.id,
  ...(user.name ? { name: user.name } : {}),
  ...(user.username ? { username: user.username } : {}),
  ...(user.email ? { email: user.email } : {}),
  imageUrl: user.imageUrl,
  seenAt: user.seenAt,
  loginAttempts: user.loginAttempts,
  createdAt: user.createdAt,
  scimId: user.scimId,
  seatType: null,
  companyRole: null,
  productUpdatesEmailConsent: null,
  rootRole: user.rootRole,
})

/** The link while the invite is live at `now`; `""` when there is none or it has expired. */
export const inviteLink = (user: UserState, unleashUrl: string, now: string): string =>
  user.inviteToken && !(user.inviteExpiresAt && Date.parse(user.inviteExpiresAt) <= Date.parse(now))
    ? `${unleashUrl}/new-user?token=${user.inviteToken}`
    : ''

// Object.assign onto the fresh account, not a spread: V8 11 (Node 20) adds properties new to a
// spread copy slowly, 3 µs a user here.
export const renderUser = (user: UserState, unleashUrl: string, now: string): User =>
  Object.assign(renderAccount(user), { inviteLink: inviteLink(user, unleashUrl, now) })

/** Operation 10: users in creation order (service accounts left out) and the root roles. */
export const listUsers = (state: State, unleashUrl: string, now: string): UsersAndRoles => ({
  users: accountsOf(state, 'User').map((u) => renderUser(u, unleashUrl, now)),
  rootRoles: rootRolesOf(state),
})
