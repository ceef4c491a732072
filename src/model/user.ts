import { tlds } from '@hapi/tlds'
import * as t from 'io-ts'
import { Feedback } from './feedback.js'
import { DateTime, Integer, NonBlankString, NonEmptyString, closed, oneOf, open, refinedString, type Named } from './codec.js'
import { PersonalToken } from './token.js'

// Joi's e-mail rule as Unleash applies it: unicode allowed, one domain label is enough, and the
// last label must be a top-level domain on IANA's list, the list Joi itself checks against.
const ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+"
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?'
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})*$`, 'u')
const ASCII = /^[\x00-\x7f]*$/

/** A domain's last label as the list holds it: lower-case, and punycode when it is not ASCII (`рф` is `xn--p1ai`). */
const topLevelDomain = (domain: string): string => {
  const label = domain.slice(domain.lastIndexOf('.') + 1)
  if (ASCII.test(label)) return label.toLowerCase()
  const url = `http://${label}`
  return URL.canParse(url) ? new URL(url).hostname : label
}

export const isEmail = (s: string): boolean => EMAIL.test(s) && tlds.has(topLevelDomain(s.slice(s.lastIndexOf('@') + 1)))

/** An e-mail address; `""` counts as none, as in Unleash. */
export const Email = refinedString('a valid e-mail address', (s) => s === '' || isEmail(s))

/**
 * How a request names a root role: its id (`2`, `"2"`), its name (`"Editor"`), or an object
 * `{ id }` or `{ name }`. Whether the role exists is the domain's question.
 */
export const RootRoleRef = t.union(
  [Integer, t.string, open({ id: Integer }), open({ name: t.string })],
  'a root role id or name, or an object with its id or name',
)
export type RootRoleRef = t.TypeOf<typeof RootRoleRef>

/** Operation 3's body. Unknown properties are refused, as Unleash's schema does. */
export interface CreateUserBody extends t.TypeOf<typeof CreateUserBodyCodec> {}
const CreateUserBodyCodec = closed(
  { rootRole: RootRoleRef },
  // Unleash refuses an empty name here (and takes one in an update).
  { username: t.string, email: Email, name: NonEmptyString, password: t.string, sendEmail: t.boolean },
  'a new user',
)
export const CreateUserBody: Named<typeof CreateUserBodyCodec, CreateUserBody> = CreateUserBodyCodec

/** Only the fields sent change; unknown fields are ignored. */
export interface UpdateUserBody extends t.TypeOf<typeof UpdateUserBodyCodec> {}
const UpdateUserBodyCodec = open({}, { name: t.union([t.string, t.null]), email: Email, rootRole: RootRoleRef }, 'a user update')
export const UpdateUserBody: Named<typeof UpdateUserBodyCodec, UpdateUserBody> = UpdateUserBodyCodec

export interface RootRole extends t.TypeOf<typeof RootRoleCodec> {}
const RootRoleCodec = t.type({ id: t.number, name: t.string, type: t.literal('root'), description: t.string })
export const RootRole: Named<typeof RootRoleCodec, RootRole> = RootRoleCodec

export const AccountType = oneOf(['User', 'Service Account'])

/**
 * A user or service account as returned. `name`, `email` and `username` are left out when
 * unset (as Unleash does); `rootRole` is the role's id.
 */
const ACCOUNT_FIELDS = {
  accountType: AccountType,
  id: t.number,
  imageUrl: t.string,
  seenAt: t.union([DateTime, t.null]),
  loginAttempts: t.number,
  createdAt: DateTime,
  scimId: t.union([t.string, t.null]),
  seatType: t.null,
  companyRole: t.null,
  productUpdatesEmailConsent: t.null,
}
const ACCOUNT_NAMES = t.partial({ name: t.string, email: t.string, username: t.string })

export interface Account extends t.TypeOf<typeof AccountCodec> {}
const AccountCodec = t.intersection([t.type({ ...ACCOUNT_FIELDS, rootRole: t.number }), ACCOUNT_NAMES])
export const Account: Named<typeof AccountCodec, Account> = AccountCodec

/** A user as the user search finds one: without its role, login attempts or creation time. */
const { createdAt: _createdAt, loginAttempts: _loginAttempts, ...FOUND_FIELDS } = ACCOUNT_FIELDS
export interface FoundUser extends t.TypeOf<typeof FoundUserCodec> {}
const FoundUserCodec = t.intersection([t.type(FOUND_FIELDS), ACCOUNT_NAMES])
export const FoundUser: Named<typeof FoundUserCodec, FoundUser> = FoundUserCodec

/** How many admins sign in with a password, without one, and are service accounts. */
export interface AdminCount extends t.TypeOf<typeof AdminCountCodec> {}
const AdminCountCodec = t.type({ password: t.number, noPassword: t.number, service: t.number })
export const AdminCount: Named<typeof AdminCountCodec, AdminCount> = AdminCountCodec

/** A user as operation 10 lists them: `inviteLink` is `""` when there is none. */
export interface User extends t.TypeOf<typeof UserCodec> {}
const UserCodec = t.intersection([Account, t.type({ inviteLink: t.string })])
export const User: Named<typeof UserCodec, User> = UserCodec

/** Operation 3's answer. */
export interface CreatedUser extends t.TypeOf<typeof CreatedUserCodec> {}
const CreatedUserCodec = t.intersection([User, t.type({ emailSent: t.boolean })])
export const CreatedUser: Named<typeof CreatedUserCodec, CreatedUser> = CreatedUserCodec

/** Operation 10's answer: users in creation order, service accounts left out. */
export interface UsersAndRoles extends t.TypeOf<typeof UsersAndRolesCodec> {}
const UsersAndRolesCodec = t.type({ users: t.array(User), rootRoles: t.array(RootRole) })
export const UsersAndRoles: Named<typeof UsersAndRolesCodec, UsersAndRoles> = UsersAndRolesCodec

export interface CreateServiceAccountBody extends t.TypeOf<typeof CreateServiceAccountBodyCodec> {}
const CreateServiceAccountBodyCodec = closed(
  { username: NonBlankString, rootRole: RootRoleRef },
  { name: t.string },
  'a new service account',
)
export const CreateServiceAccountBody: Named<typeof CreateServiceAccountBodyCodec, CreateServiceAccountBody> = CreateServiceAccountBodyCodec

export interface UpdateServiceAccountBody extends t.TypeOf<typeof UpdateServiceAccountBodyCodec> {}
const UpdateServiceAccountBodyCodec = open({}, { name: t.union([t.string, t.null]), rootRole: RootRoleRef }, 'a service account update')
export const UpdateServiceAccountBody: Named<typeof UpdateServiceAccountBodyCodec, UpdateServiceAccountBody> = UpdateServiceAccountBodyCodec

/** A service account with its tokens (never their secrets). */
export interface ServiceAccount extends t.TypeOf<typeof ServiceAccountCodec> {}
const ServiceAccountCodec = t.intersection([Account, t.type({ tokens: t.array(PersonalToken) })])
export const ServiceAccount: Named<typeof ServiceAccountCodec, ServiceAccount> = ServiceAccountCodec

export interface ServiceAccountsAndRoles extends t.TypeOf<typeof ServiceAccountsAndRolesCodec> {}
const ServiceAccountsAndRolesCodec = t.type({ serviceAccounts: t.array(ServiceAccount), rootRoles: t.array(RootRole) })
export const ServiceAccountsAndRoles: Named<typeof ServiceAccountsAndRolesCodec, ServiceAccountsAndRoles> = ServiceAccountsAndRolesCodec

/**
 * The caller, as Unleash answers GET /api/admin/user (its UI asks it first): a user's account,
 * or what a token or open access acts as, and the permissions held, each `{ permission }`.
 */
export interface Me extends t.TypeOf<typeof MeCodec> {}
const MeCodec = t.type({
  user: t.union([
    t.intersection([t.type(ACCOUNT_FIELDS), ACCOUNT_NAMES]),
    t.type({ id: t.number, username: t.string, type: t.string, environment: t.string, projects: t.array(t.string) }),
  ]),
  permissions: t.array(t.type({ permission: t.string })),
  /** The user's answers to the UI's questionnaires. */
  feedback: t.array(Feedback),
  /** The splash screens the user has seen, each `true`. */
  splash: t.record(t.string, t.boolean),
})
export const Me: Named<typeof MeCodec, Me> = MeCodec
