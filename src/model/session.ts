import * as t from 'io-ts'
import { closed } from './codec.js'
import { RootRole } from './user.js'

/** `POST /auth/simple/login`'s body: a username or e-mail and a password (Unleash's loginSchema). */
export const LoginBody = closed({ username: t.string, password: t.string }, {}, 'a login')
export type LoginBody = t.TypeOf<typeof LoginBody>

/** A new password, set by an admin (`POST /api/admin/user-admin/:id/change-password`). */
export const PasswordBody = closed({ password: t.string }, {}, 'a password')
export type PasswordBody = t.TypeOf<typeof PasswordBody>

/** `GET /api/admin/user/profile`: the caller's root role, projects owned and groups joined (Unleash's profileSchema). */
export const Profile = t.type({
  rootRole: t.union([RootRole, t.null]),
  projects: t.array(t.string),
  groups: t.array(t.type({ id: t.number, name: t.string })),
  features: t.array(t.unknown),
  subscriptions: t.array(t.string),
  canChangePassword: t.boolean,
})
export type Profile = t.TypeOf<typeof Profile>
