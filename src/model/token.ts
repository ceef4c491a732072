import * as t from 'io-ts'
import { DateTime, NonBlankString, PrintableName, open, type Named } from './codec.js'

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
export interface CreateApiTokenBody extends t.TypeOf<typeof CreateApiTokenBodyCodec> {}
const CreateApiTokenBodyCodec = open(
  { tokenName: PrintableName, type: ApiTokenKind },
  { environment: NonBlankString, project: NonBlankString, projects: t.array(NonBlankString), expiresAt: DateTime },
  'an API token',
)
export const CreateApiTokenBody: Named<typeof CreateApiTokenBodyCodec, CreateApiTokenBody> = CreateApiTokenBodyCodec

/** The kinds a project's own tokens may be: not admin, which covers every project. */
export const ProjectApiTokenKind = kindIn(['client', 'backend', 'frontend'] as const)

/** Body of creating a project's token (Unleash: POST /api/admin/projects/:p/api-tokens): scoped to that project alone. */
export interface CreateProjectApiTokenBody extends t.TypeOf<typeof CreateProjectApiTokenBodyCodec> {}
const CreateProjectApiTokenBodyCodec = open(
  { tokenName: PrintableName, type: ProjectApiTokenKind },
  { environment: NonBlankString, expiresAt: DateTime },
  'an API token',
)
export const CreateProjectApiTokenBody: Named<typeof CreateProjectApiTokenBodyCodec, CreateProjectApiTokenBody> = CreateProjectApiTokenBodyCodec

/** Body of updating an API token: its new expiry, which may be past (the token stops working at once), as in Unleash. */
export interface UpdateApiTokenBody extends t.TypeOf<typeof UpdateApiTokenBodyCodec> {}
const UpdateApiTokenBodyCodec = open({ expiresAt: DateTime }, {}, 'an API token update')
export const UpdateApiTokenBody: Named<typeof UpdateApiTokenBodyCodec, UpdateApiTokenBody> = UpdateApiTokenBodyCodec

/** An API token as listed: never its secret, only the prefix that tells tokens apart. */
export interface ApiToken extends t.TypeOf<typeof ApiTokenCodec> {}
const ApiTokenCodec = t.type({
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
export const ApiToken: Named<typeof ApiTokenCodec, ApiToken> = ApiTokenCodec

/** The answer to creating a token: the only time its secret is shown. */
export interface CreatedApiToken extends t.TypeOf<typeof CreatedApiTokenCodec> {}
const CreatedApiTokenCodec = t.intersection([ApiToken, t.type({ secret: t.string })])
export const CreatedApiToken: Named<typeof CreatedApiTokenCodec, CreatedApiToken> = CreatedApiTokenCodec

export interface ApiTokenList extends t.TypeOf<typeof ApiTokenListCodec> {}
const ApiTokenListCodec = t.type({ tokens: t.array(ApiToken) })
export const ApiTokenList: Named<typeof ApiTokenListCodec, ApiTokenList> = ApiTokenListCodec

/** Body of creating a personal access token (or a service account's token). */
export interface CreatePatBody extends t.TypeOf<typeof CreatePatBodyCodec> {}
const CreatePatBodyCodec = open({ description: NonBlankString, expiresAt: DateTime }, {}, 'a personal access token')
export const CreatePatBody: Named<typeof CreatePatBodyCodec, CreatePatBody> = CreatePatBodyCodec

/** A personal access token as listed: never its secret. */
export interface PersonalToken extends t.TypeOf<typeof PersonalTokenCodec> {}
const PersonalTokenCodec = t.type({
  id: t.number,
  description: t.string,
  expiresAt: t.union([DateTime, t.null]),
  createdAt: DateTime,
  seenAt: t.null,
  userId: t.number,
})
export const PersonalToken: Named<typeof PersonalTokenCodec, PersonalToken> = PersonalTokenCodec

export interface CreatedPersonalToken extends t.TypeOf<typeof CreatedPersonalTokenCodec> {}
const CreatedPersonalTokenCodec = t.intersection([PersonalToken, t.type({ secret: t.string })])
export const CreatedPersonalToken: Named<typeof CreatedPersonalTokenCodec, CreatedPersonalToken> = CreatedPersonalTokenCodec

export interface PersonalTokenList extends t.TypeOf<typeof PersonalTokenListCodec> {}
const PersonalTokenListCodec = t.type({ pats: t.array(PersonalToken) })
export const PersonalTokenList: Named<typeof PersonalTokenListCodec, PersonalTokenList> = PersonalTokenListCodec
