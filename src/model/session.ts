import * as t from 'io-ts'
import { closed, type Named } from './codec.js'
import { RootRole } from './user.js'

/** `POST /auth/simple/login`'s body: a username or e-mail and a password (Unleash's loginSchema). */
export interface LoginBody extends t.TypeOf<typeof LoginBodyCodec> {}
const LoginBodyCodec = closed({ username: t.string, password: t.string }, {}, 'a login')
export const LoginBody: Named<typeof LoginBodyCodec, LoginBody> = LoginBodyCodec

/** A new password, set by an admin (`POST /api/admin/user-admin/:id/change-password`). */
export interface PasswordBody extends t.TypeOf<typeof PasswordBodyCodec> {}
const PasswordBodyCodec = closed({ password: t.string }, {}, 'a password')
export const PasswordBody: Named<typeof PasswordBodyCodec, PasswordBody> = PasswordBodyCodec

/** `GET /api/admin/user/profile`: the caller's root role, projects owned and groups joined (Unleash's profileSchema). */
export interface Profile extends t.TypeOf<typeof ProfileCodec> {}
const ProfileCodec = t.type({
  rootRole: t.union([RootRole, t.null]),
  projects: t.array(t.string),
  groups: t.array(t.type({ id: t.number, name: t.string })),
  features: t.array(t.unknown),
  subscriptions: t.array(t.string),
  canChangePassword: t.boolean,
})
export const Profile: Named<typeof ProfileCodec, Profile> = ProfileCodec
