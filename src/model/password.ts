import * as t from 'io-ts'
import { DateTime, Integer, closed } from './codec.js'
import { AccountType } from './user.js'

/** A password to check against Unleash's rule (`validate-password`, admin and reset page alike). */
export const CheckedPasswordBody = closed({ password: t.string }, {}, 'a password to check')
export type CheckedPasswordBody = t.TypeOf<typeof CheckedPasswordBody>

/** The caller changing their own password (`POST /api/admin/user/change-password`): the old one proves who they are. */
export const OwnPasswordBody = closed({ password: t.string }, { oldPassword: t.string, confirmPassword: t.string }, 'a new password with the old one')
export type OwnPasswordBody = t.TypeOf<typeof OwnPasswordBody>

/** `POST /auth/reset/password`: the token of a reset or invite link and the new password. */
export const ResetPasswordBody = closed({ token: t.string, password: t.string }, {}, 'a reset token and a new password')
export type ResetPasswordBody = t.TypeOf<typeof ResetPasswordBody>

/** `POST /auth/reset/password-email`: who asks for a reset link. */
export const ResetEmailBody = closed({ email: t.string }, {}, 'an e-mail address')
export type ResetEmailBody = t.TypeOf<typeof ResetEmailBody>

/** `POST /api/admin/user-admin/reset-password`: the user, by e-mail or username (Unleash's idSchema). */
export const ResetUserBody = closed({ id: t.string }, {}, 'the e-mail or username of a user')
export type ResetUserBody = t.TypeOf<typeof ResetUserBody>

/** `POST /api/admin/user-admin/inactive/delete`: the inactive users to delete. */
export const UserIdsBody = closed({ ids: t.array(Integer) }, {}, 'a list of user ids')
export type UserIdsBody = t.TypeOf<typeof UserIdsBody>

/** The link an admin gives a user to set a new password. */
export const ResetPasswordUrl = t.type({ resetPasswordUrl: t.string })
export type ResetPasswordUrl = t.TypeOf<typeof ResetPasswordUrl>

/** A role as Unleash's roleSchema lists the caller's roles in a project. */
export const ProjectRole = t.intersection([
  t.type({ id: t.number, type: t.string, name: t.string }),
  t.partial({ description: t.string, project: t.union([t.string, t.null]) }),
])

/** `GET /api/admin/user/roles?projectId=`. */
export const CallerRoles = t.type({ version: t.literal(1), roles: t.array(ProjectRole) })
export type CallerRoles = t.TypeOf<typeof CallerRoles>

/** What `/auth/reset/validate` tells the reset and new-user pages of the token's user (Unleash's tokenUserSchema). */
export const TokenUser = t.intersection([
  t.type({ id: t.number, email: t.string, token: t.string, createdBy: t.union([t.string, t.null]), role: ProjectRole }),
  t.partial({ name: t.string }),
])
export type TokenUser = t.TypeOf<typeof TokenUser>

const NAMES = t.partial({ name: t.string, email: t.string, username: t.string })

/** Who can be given access (`GET /api/admin/user-admin/access`): every user and group, briefly. */
export const AccessCandidates = t.type({
  users: t.array(t.intersection([t.type({ id: t.number, accountType: AccountType }), NAMES])),
  groups: t.array(t.type({ id: t.number, name: t.string, userCount: t.number, rootRole: t.union([t.number, t.null]) })),
})
export type AccessCandidates = t.TypeOf<typeof AccessCandidates>

/** A user not seen for the inactivity period (Unleash's inactiveUserSchema). */
export const InactiveUser = t.intersection([
  t.type({ id: t.number, seenAt: t.union([DateTime, t.null]), createdAt: DateTime, patSeenAt: t.null }),
  NAMES,
])

export const InactiveUsers = t.type({ version: t.literal(1), inactiveUsers: t.array(InactiveUser) })
export type InactiveUsers = t.TypeOf<typeof InactiveUsers>
