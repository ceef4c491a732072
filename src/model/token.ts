import * as t from 'io-ts'
import { DateTime, NonBlankString, PrintableName, open } from './codec.js'

/** The kinds of API token a caller may create; personal tokens have their own body. */
export const API_TOKEN_TYPES = ['admin', 'client', 'backend', 'frontend'] as const
export type ApiTokenKind = (typeof API_TOKEN_TYPES)[number]

/** One of `kinds`, which Unleash takes in any case (`ADMIN`, `Client`); kept lower-cased. */
const kindIn = <K extends ApiTokenKind>(kinds: readonly K[]) =>
  new t.Type<K, string, unknown>(
    `one of ${kinds.map((v) => JSON.stringify(v)).join(', ')} (in any case)`,
    (u): u is K => typeof u === 'string' && (kinds as readonly string[]).includes(u),
    (u, c) => {
      const lower = typeof u === 'string' ? u.toLowerCase() : undefined
      return lower !== undefined && (kinds as readonly string[]).includes(lower) ? t.success(lower as K) : t.failure(u, c)
    },
    t.identity,
  )

export const ApiTokenKind = kindIn(API_TOKEN_TYPES)

/**
 * Body of creating an API token. `project` (one) or `projects` (several, `*` for all) scope
 * client and frontend tokens; admin tokens cover everything. Unknown fields are ignored.
 */
export const CreateApiTokenBody = open(
  { tokenName: PrintableName, type: ApiTokenKind },
  { environment: NonBlankString, project: NonBlankString, projects: t.array(NonBlankString), expiresAt: DateTime },
  'an API token',
)
export type CreateApiTokenBody = t.TypeOf<typeof CreateApiTokenBody>

/** The kinds a project's own tokens may be: not admin, which covers every project. */
export const ProjectApiTokenKind = kindIn(['client', 'backend', 'frontend'] as const)

/** Body of creating a project's token (Unleash: POST /api/admin/projects/:p/api-tokens): scoped to that project alone. */
export const CreateProjectApiTokenBody = open(
  { tokenName: PrintableName, type: ProjectApiTokenKind },
  { environment: NonBlankString, expiresAt: DateTime },
  'an API token',
)
export type CreateProjectApiTokenBody = t.TypeOf<typeof CreateProjectApiTokenBody>

/** Body of updating an API token: its new expiry, which may be past (the token stops working at once), as in Unleash. */
export const UpdateApiTokenBody = open({ expiresAt: DateTime }, {}, 'an API token update')
export type UpdateApiTokenBody = t.TypeOf<typeof UpdateApiTokenBody>

/** An API token as listed: never its secret, only the prefix that tells tokens apart. */
export const ApiToken = t.type({
  id: t.number,
  tokenName: t.string,
  type: t.string,
  /** `*`, the one project, or `[]` when the token covers several (as Unleash writes it). */
  project: t.string,
  projects: t.array(t.string),
  environment: t.string,
  prefix: t.string,
  expiresAt: t.union([DateTime, t.null]),
  createdAt: DateTime,
  seenAt: t.null,
  alias: t.null,
})
export type ApiToken = t.TypeOf<typeof ApiToken>

/** The answer to creating a token: the only time its secret is shown. */
export const CreatedApiToken = t.intersection([ApiToken, t.type({ secret: t.string })])
export type CreatedApiToken = t.TypeOf<typeof CreatedApiToken>

export const ApiTokenList = t.type({ tokens: t.array(ApiToken) })
export type ApiTokenList = t.TypeOf<typeof ApiTokenList>

/** Body of creating a personal access token (or a service account's token). */
export const CreatePatBody = open({ description: NonBlankString, expiresAt: DateTime }, {}, 'a personal access token')
export type CreatePatBody = t.TypeOf<typeof CreatePatBody>

/** A personal access token as listed: never its secret. */
export const PersonalToken = t.type({
  id: t.number,
  description: t.string,
  expiresAt: t.union([DateTime, t.null]),
  createdAt: DateTime,
  seenAt: t.null,
  userId: t.number,
})
export type PersonalToken = t.TypeOf<typeof PersonalToken>

export const CreatedPersonalToken = t.intersection([PersonalToken, t.type({ secret: t.string })])
export type CreatedPersonalToken = t.TypeOf<typeof CreatedPersonalToken>

export const PersonalTokenList = t.type({ pats: t.array(PersonalToken) })
export type PersonalTokenList = t.TypeOf<typeof PersonalTokenList>
