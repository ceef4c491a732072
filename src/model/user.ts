import { tlds } from '@hapi/tlds'
import * as t from 'io-ts'
import { DateTime, Integer, NonBlankString, NonEmptyString, closed, oneOf, open, refinedString } from './codec.js'
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
export const CreateUserBody = closed(
  { rootRole: RootRoleRef },
  // Unleash refuses an empty name here (and takes one in an update).
  { username: t.string, email: Email, name: NonEmptyString, password: t.string, sendEmail: t.boolean },
  'a new user',
)
export type CreateUserBody = t.TypeOf<typeof CreateUserBody>

/** Only the fields sent change; unknown fields are ignored. */
export const UpdateUserBody = open({}, { name: t.union([t.string, t.null]), email: Email, rootRole: RootRoleRef }, 'a user update')
export type UpdateUserBody = t.TypeOf<typeof UpdateUserBody>

export const RootRole = t.type({ id: t.number, name: t.string, type: t.literal('root'), description: t.string })
export type RootRole = t.TypeOf<typeof RootRole>

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

export const Account = t.intersection([t.type({ ...ACCOUNT_FIELDS, rootRole: t.number }), ACCOUNT_NAMES])
export type Account = t.TypeOf<typeof Account>

/** A user as the user search finds one: without its role, login attempts or creation time. */
const { createdAt: _createdAt, loginAttempts: _loginAttempts, ...FOUND_FIELDS } = ACCOUNT_FIELDS
export const FoundUser = t.intersection([t.type(FOUND_FIELDS), ACCOUNT_NAMES])
export type FoundUser = t.TypeOf<typeof FoundUser>

/** How many admins sign in with a password, without one, and are service accounts. */
export const AdminCount = t.type({ password: t.number, noPassword: t.number, service: t.number })
export type AdminCount = t.TypeOf<typeof AdminCount>

/** A user as operation 10 lists them: `inviteLink` is `""` when there is none. */
export const User = t.intersection([Account, t.type({ inviteLink: t.string })])
export type User = t.TypeOf<typeof User>

/** Operation 3's answer. */
export const CreatedUser = t.intersection([User, t.type({ emailSent: t.boolean })])
export type CreatedUser = t.TypeOf<typeof CreatedUser>

/** Operation 10's answer: users in creation order, service accounts left out. */
export const UsersAndRoles = t.type({ users: t.array(User), rootRoles: t.array(RootRole) })
export type UsersAndRoles = t.TypeOf<typeof UsersAndRoles>

export const CreateServiceAccountBody = closed(
  { username: NonBlankString, rootRole: RootRoleRef },
  { name: t.string },
  'a new service account',
)
export type CreateServiceAccountBody = t.TypeOf<typeof CreateServiceAccountBody>

export const UpdateServiceAccountBody = open({}, { name: t.union([t.string, t.null]), rootRole: RootRoleRef }, 'a service account update')
export type UpdateServiceAccountBody = t.TypeOf<typeof UpdateServiceAccountBody>

/** A service account with its tokens (never their secrets). */
export const ServiceAccount = t.intersection([Account, t.type({ tokens: t.array(PersonalToken) })])
export type ServiceAccount = t.TypeOf<typeof ServiceAccount>

export const ServiceAccountsAndRoles = t.type({ serviceAccounts: t.array(ServiceAccount), rootRoles: t.array(RootRole) })
export type ServiceAccountsAndRoles = t.TypeOf<typeof ServiceAccountsAndRoles>

/**
 * The caller, as Unleash answers GET /api/admin/user (its UI asks it first): a user's account,
 * or what a token or open access acts as, and the permissions held, each `{ permission }`.
 */
export const Me = t.type({
  user: t.union([
    t.intersection([t.type(ACCOUNT_FIELDS), ACCOUNT_NAMES]),
    t.type({ id: t.number, username: t.string, type: t.string, environment: t.string, projects: t.array(t.string) }),
  ]),
  permissions: t.array(t.type({ permission: t.string })),
  feedback: t.array(t.unknown),
  splash: t.record(t.string, t.unknown),
})
export type Me = t.TypeOf<typeof Me>
