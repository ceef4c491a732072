import * as t from 'io-ts'
import { dictOf, oneOf, row, type Named } from './codec.js'
import { Constraint } from './constraint.js'
import { Dependency, FeatureLink, Lifecycle } from './feature.js'
import { OWN_FIELD_CODECS, UNLEASH_FIELD_CODECS } from './feature-fields.js'
import { DefaultStrategy, Strategy } from './strategy.js'
import { Tag } from './tag.js'
import { FeatureVariant } from './variant.js'

/*
 * The rows and small records the state holds, each declared once as a codec: its type is the
 * codec's, and a stored state is checked row by row with it (src/store/stored-state.ts). A row
 * codec accepts more than it names (io-ts `type` ignores unknown fields) and names absent fields
 * of rows written before they existed as optional. Which table holds which row: state.ts.
 */

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null])
const list = <C extends t.Mixed>(codec: C) => t.readonlyArray(codec)

export interface Settings extends t.TypeOf<typeof SettingsCodec> {}
const SettingsCodec = row(
  {
    maintenanceMode: t.boolean,
    /** null: use the facade's configuration. */
    frontendApiOrigins: nullable(list(t.string)),
  },
  {
    /** Expected lifetimes set for feature types, in days (null: permanent), by type. Absent: Unleash's. */
    featureTypeLifetimes: dictOf(nullable(t.number)),
  },
)
export const Settings: Named<typeof SettingsCodec, Settings> = SettingsCodec

/** The last id handed out for each numbered record. */
export interface Counters extends t.TypeOf<typeof CountersCodec> {}
const CountersCodec = row(
  { user: t.number, group: t.number, segment: t.number, event: t.number, apiToken: t.number },
  {
    /** Absent: no addon was ever created. */
    addon: t.number,
  },
)
export const Counters: Named<typeof CountersCodec, Counters> = CountersCodec

export interface EnvironmentState extends t.TypeOf<typeof EnvironmentStateCodec> {}
const EnvironmentStateCodec = row({
  name: t.string,
  type: t.string,
  enabled: t.boolean,
  sortOrder: t.number,
  protected: t.boolean,
  requiredApprovals: nullable(t.number),
})
export const EnvironmentState: Named<typeof EnvironmentStateCodec, EnvironmentState> = EnvironmentStateCodec

export interface ChangeRequestEnvironment extends t.TypeOf<typeof ChangeRequestEnvironmentCodec> {}
const ChangeRequestEnvironmentCodec = row({ name: t.string, requiredApprovals: t.number })
export const ChangeRequestEnvironment: Named<typeof ChangeRequestEnvironmentCodec, ChangeRequestEnvironment> = ChangeRequestEnvironmentCodec

export interface ProjectState extends t.TypeOf<typeof ProjectStateCodec> {}
const ProjectStateCodec = row(
  {
    id: t.string,
    name: t.string,
    description: nullable(t.string),
    mode: oneOf(['open', 'protected', 'private']),
    defaultStickiness: t.string,
    featureLimit: nullable(t.number),
    /** Environments enabled for the project, in the order they were connected. */
    environments: list(t.string),
    changeRequestEnvironments: list(ChangeRequestEnvironment),
    createdAt: t.string,
    createdByUserId: t.number,
    /** User ids that own the project. */
    owners: list(t.number),
  },
  {
    /** The default strategy of each environment that has one, by environment name. Absent: none ever set. */
    defaultStrategies: dictOf(DefaultStrategy),
  },
)
export const ProjectState: Named<typeof ProjectStateCodec, ProjectState> = ProjectStateCodec

export interface FeatureEnvironmentState extends t.TypeOf<typeof FeatureEnvironmentStateCodec> {}
const FeatureEnvironmentStateCodec = row({
  enabled: t.boolean,
  /** Kept sorted by sortOrder, then id. */
  strategies: list(Strategy),
  variants: list(FeatureVariant),
  lastSeenAt: nullable(t.string),
})
export const FeatureEnvironmentState: Named<typeof FeatureEnvironmentStateCodec, FeatureEnvironmentState> = FeatureEnvironmentStateCodec

/** A stage as stored: what Unleash keeps of a completion besides its status (its `statusValue`, e.g. the variant kept). */
export interface StoredStage extends t.TypeOf<typeof StoredStageCodec> {}
const StoredStageCodec = t.intersection([Lifecycle, t.readonly(t.partial({ statusValue: t.string }))])
export const StoredStage: Named<typeof StoredStageCodec, StoredStage> = StoredStageCodec

export interface FeatureState extends t.TypeOf<typeof FeatureStateCodec> {}
const FeatureStateCodec = row(
  {
    name: t.string,
    project: t.string,
    /** Its simple fields (feature-fields.ts): Unleash's in every row, */
    ...UNLEASH_FIELD_CODECS,
    archived: t.boolean,
    archivedAt: nullable(t.string),
    createdAt: t.string,
    createdByUserId: t.number,
    /** The current stage: the first of archived, completed, live, pre-live, initial it has entered. */
    lifecycle: Lifecycle,
    environments: dictOf(FeatureEnvironmentState),
    /** In the order they were added. */
    tags: list(Tag),
    dependencies: list(Dependency),
    /** Features that depend on this one: kept in step with theirs so that rendering never scans. */
    children: list(t.string),
    /** User ids, most recent change first. */
    collaborators: list(t.number),
  },
  {
    /** Every stage entered, in order (Unleash's lifecycle history). Absent: the current stage alone. */
    stages: list(StoredStage),
    /** Its links, in the order added (at most 10). Absent: none (stores written before them). */
    links: list(FeatureLink),
    /** and the others absent from rows stored before them. */
    ...OWN_FIELD_CODECS,
  },
)
export const FeatureState: Named<typeof FeatureStateCodec, FeatureState> = FeatureStateCodec

export interface StrategyTypeState extends t.TypeOf<typeof StrategyTypeStateCodec> {}
const StrategyTypeStateCodec = row(
  {
    name: t.string,
    description: t.string,
    parameters: list(t.type({ name: t.string, type: t.string, description: t.string, required: t.boolean })),
    builtIn: t.boolean,
  },
  {
    /** A custom type's title, when it has one. Absent: none. */
    title: nullable(t.string),
    /** Hidden from new strategies in Unleash's UI (`deprecate`, `reactivate`). Absent: not deprecated. */
    deprecated: t.boolean,
  },
)
export const StrategyTypeState: Named<typeof StrategyTypeStateCodec, StrategyTypeState> = StrategyTypeStateCodec

export interface SegmentState extends t.TypeOf<typeof SegmentStateCodec> {}
const SegmentStateCodec = row({
  id: t.number,
  name: t.string,
  description: nullable(t.string),
  project: nullable(t.string),
  constraints: list(Constraint),
  createdAt: t.string,
  createdBy: t.string,
})
export const SegmentState: Named<typeof SegmentStateCodec, SegmentState> = SegmentStateCodec

export interface LegalValue extends t.TypeOf<typeof LegalValueCodec> {}
const LegalValueCodec = row({ value: t.string }, { description: t.string })
export const LegalValue: Named<typeof LegalValueCodec, LegalValue> = LegalValueCodec

export interface ContextFieldState extends t.TypeOf<typeof ContextFieldStateCodec> {}
const ContextFieldStateCodec = row(
  {
    name: t.string,
    description: nullable(t.string),
    stickiness: t.boolean,
    sortOrder: t.number,
    legalValues: list(LegalValue),
    createdAt: t.string,
  },
  { project: t.string },
)
export const ContextFieldState: Named<typeof ContextFieldStateCodec, ContextFieldState> = ContextFieldStateCodec

export interface RootRoleState extends t.TypeOf<typeof RootRoleStateCodec> {}
const RootRoleStateCodec = row({ id: t.number, name: t.string, description: t.string, type: t.literal('root'), permissions: list(t.string) })
export const RootRoleState: Named<typeof RootRoleStateCodec, RootRoleState> = RootRoleStateCodec

export interface UserState extends t.TypeOf<typeof UserStateCodec> {}
const UserStateCodec = row(
  {
    id: t.number,
    name: nullable(t.string),
    username: nullable(t.string),
    /** Lower-cased. */
    email: nullable(t.string),
    imageUrl: t.string,
    rootRole: t.number,
    accountType: oneOf(['User', 'Service Account']),
    /** `scrypt$<salt>$<hash>`, never returned. */
    passwordHash: nullable(t.string),
    inviteToken: nullable(t.string),
    loginAttempts: t.number,
    seenAt: nullable(t.string),
    createdAt: t.string,
    scimId: nullable(t.string),
  },
  {
    /** When the invite link stops being offered (24 hours after it was issued). Absent: it does not expire. */
    inviteExpiresAt: nullable(t.string),
    /** The features the user marked as favourites, in the order marked. Absent: none. */
    favoriteFeatures: list(t.string),
    /** The projects the user marked as favourites, in the order marked. Absent: none. */
    favoriteProjects: list(t.string),
    /** The UI's questionnaires the user answered or dismissed, in the order first given. Absent: none. */
    feedback: list(row({ feedbackId: t.string, neverShow: t.boolean, given: t.string })),
    /** The UI's splash screens the user has seen, in the order seen. Absent: none. */
    splash: list(t.string),
  },
)
export const UserState: Named<typeof UserStateCodec, UserState> = UserStateCodec

export interface GroupMember extends t.TypeOf<typeof GroupMemberCodec> {}
const GroupMemberCodec = row({ userId: t.number, joinedAt: t.string, createdBy: t.string })
export const GroupMember: Named<typeof GroupMemberCodec, GroupMember> = GroupMemberCodec

export interface GroupState extends t.TypeOf<typeof GroupStateCodec> {}
const GroupStateCodec = row({
  id: t.number,
  name: t.string,
  description: t.string,
  mappingsSSO: list(t.string),
  rootRole: nullable(t.number),
  createdBy: t.string,
  createdAt: t.string,
  users: list(GroupMember),
  /** Project ids the group has access to. */
  projects: list(t.string),
  scimId: nullable(t.string),
})
export const GroupState: Named<typeof GroupStateCodec, GroupState> = GroupStateCodec

export const ApiTokenType = oneOf(['admin', 'client', 'backend', 'frontend', 'personal'])
export type ApiTokenType = t.TypeOf<typeof ApiTokenType>

export interface ApiTokenState extends t.TypeOf<typeof ApiTokenStateCodec> {}
const ApiTokenStateCodec = row({
  id: t.number,
  tokenName: t.string,
  type: ApiTokenType,
  /** `['*']`, or the project ids the token is scoped to (one or several). */
  projects: list(t.string),
  environment: t.string,
  /** The part before the secret: `*:*.`, `<project>:<env>.` or `user:`. */
  prefix: t.string,
  /** hex sha256 of the whole token; the secret itself is never stored. */
  secretHash: t.string,
  /** For personal and service-account tokens. */
  userId: nullable(t.number),
  expiresAt: nullable(t.string),
  createdAt: t.string,
})
export const ApiTokenState: Named<typeof ApiTokenStateCodec, ApiTokenState> = ApiTokenStateCodec

/** A logged-in person's session; the id its cookie holds is never stored, only its digest (the key). */
export interface SessionState extends t.TypeOf<typeof SessionStateCodec> {}
const SessionStateCodec = row({ userId: t.number, createdAt: t.string, expiresAt: t.string })
export const SessionState: Named<typeof SessionStateCodec, SessionState> = SessionStateCodec

export interface StoredEvent extends t.TypeOf<typeof StoredEventCodec> {}
const StoredEventCodec = row(
  { id: t.number, type: t.string, createdAt: t.string, createdBy: t.string, createdByUserId: t.number },
  { project: t.string, featureName: t.string, environment: t.string, data: t.unknown, preData: t.unknown, tags: list(Tag) },
)
export const StoredEvent: Named<typeof StoredEventCodec, StoredEvent> = StoredEventCodec
