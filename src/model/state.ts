import type { Dict } from './dict.js'
import type { Constraint } from './constraint.js'
import type { Dependency, FeatureLink, FeatureType, Lifecycle, StoredStage } from './feature.js'
import type { DefaultStrategy, Strategy } from './strategy.js'
import type { Table } from './table.js'
import type { Tag, TagType } from './tag.js'
import type { UsageApplicationRow, UsageCountRow } from './usage.js'
import type { FeatureVariant } from './variant.js'

/**
 * The whole store as one immutable value. Every mutation is a transaction over it
 * (transaction.ts: rows and small records drafted with immer, one by one); the storage port
 * persists its patches. Collections keyed by user-chosen names are
 * `Table`s or prototype-free `Dict`s.
 */
export interface State {
  /**
   * 8 since SDKs' usage is stored, 7 since sessions are stored, 6 since Admin and Editor manage strategy types,
   * 5 since listing API tokens takes Unleash's permissions to read them by kind, 4 since the
   * built-in roles hold the permissions to update API tokens, 3 since accounts' identities are
   * indexed, 2 since events are kept in chunks; earlier ones are read and upgraded (upgrade.ts).
   */
  readonly schemaVersion: 8
  readonly instanceId: string
  readonly settings: Settings
  readonly counters: Counters
  readonly environments: Table<EnvironmentState>
  readonly projects: Table<ProjectState>
  readonly features: Table<FeatureState>
  /**
   * Live (not archived) features per project, kept in step by create, archive and revive so
   * that limits are checked without scanning every feature.
   */
  readonly liveFeatures: Dict<number>
  readonly strategyTypes: Table<StrategyTypeState>
  readonly tagTypes: Table<TagType>
  /** Keyed by `tagKey(type, value)`. */
  readonly tags: Table<Tag>
  /** Keyed by the segment id as a string. */
  readonly segments: Table<SegmentState>
  readonly contextFields: Table<ContextFieldState>
  /** Keyed by the role id as a string. */
  readonly rootRoles: Table<RootRoleState>
  /** Keyed by the user id as a string; service accounts too. */
  readonly users: Table<UserState>
  /**
   * The account holding each e-mail (`email:<lower-cased address>`) and each username
   * (`username:<name>`), kept in step with `users` by creating, updating and deleting
   * accounts, so that checking whether one is taken does not scan every account (schema 3).
   */
  readonly identities: Table<number>
  /** Keyed by the group id as a string. */
  readonly groups: Table<GroupState>
  /** Keyed by the token's id. */
  readonly apiTokens: Table<ApiTokenState>
  /** People's login sessions, keyed by the sha256 of the session id (schema 7). */
  readonly sessions: Table<SessionState>
  /** SDKs' usage counts per flag, environment, application and hour (schema 8; model/usage.ts). */
  readonly usageCounts: Table<UsageCountRow>
  /** Applications SDKs registered or reported, with their instances, by name (schema 8). */
  readonly usageApplications: Table<UsageApplicationRow>
  readonly events: EventLog
}

export interface Settings {
  readonly maintenanceMode: boolean
  /** null: use the facade's configuration. */
  readonly frontendApiOrigins: readonly string[] | null
  /** Expected lifetimes set for feature types, in days (null: permanent), by type. Absent: Unleash's. */
  readonly featureTypeLifetimes?: Dict<number | null>
}

/** The last id handed out for each numbered record. */
export interface Counters {
  readonly user: number
  readonly group: number
  readonly segment: number
  readonly event: number
  readonly apiToken: number
}

export interface EnvironmentState {
  readonly name: string
  readonly type: string
  readonly enabled: boolean
  readonly sortOrder: number
  readonly protected: boolean
  readonly requiredApprovals: number | null
}

export interface ChangeRequestEnvironment {
  readonly name: string
  readonly requiredApprovals: number
}

export interface ProjectState {
  readonly id: string
  readonly name: string
  readonly description: string | null
  readonly mode: 'open' | 'protected' | 'private'
  readonly defaultStickiness: string
  readonly featureLimit: number | null
  /** Environments enabled for the project, in the order they were connected. */
  readonly environments: readonly string[]
  readonly changeRequestEnvironments: readonly ChangeRequestEnvironment[]
  readonly createdAt: string
  readonly createdByUserId: number
  /** User ids that own the project. */
  readonly owners: readonly number[]
  /**
   * The default strategy of each environment that has one, by environment name. Absent when
   * none was ever set (stores written before it existed have none), so no schema step.
   */
  readonly defaultStrategies?: Dict<DefaultStrategy>
}

export interface FeatureEnvironmentState {
  readonly enabled: boolean
  /** Kept sorted by sortOrder, then id. */
  readonly strategies: readonly Strategy[]
  readonly variants: readonly FeatureVariant[]
  readonly lastSeenAt: string | null
}

export interface FeatureState {
  readonly name: string
  readonly project: string
  readonly type: FeatureType
  readonly description: string | null
  readonly stale: boolean
  readonly impressionData: boolean
  readonly archived: boolean
  readonly archivedAt: string | null
  readonly createdAt: string
  readonly createdByUserId: number
  /** The current stage: the first of archived, completed, live, pre-live, initial it has entered. */
  readonly lifecycle: Lifecycle
  /** Every stage entered, in order (Unleash's lifecycle history). Absent: the current stage alone. */
  readonly stages?: readonly StoredStage[]
  readonly environments: Dict<FeatureEnvironmentState>
  /** In the order they were added. */
  readonly tags: readonly Tag[]
  readonly dependencies: readonly Dependency[]
  /** Features that depend on this one: kept in step with theirs so that rendering never scans. */
  readonly children: readonly string[]
  /** User ids, most recent change first. */
  readonly collaborators: readonly number[]
  /** Its links, in the order added (at most 10). Absent: none (stores written before them). */
  readonly links?: readonly FeatureLink[]
}

export interface StrategyTypeState {
  readonly name: string
  readonly description: string
  readonly parameters: readonly { name: string; type: string; description: string; required: boolean }[]
  readonly builtIn: boolean
  /** A custom type's title, when it has one. Absent: none. */
  readonly title?: string | null
  /** Hidden from new strategies in Unleash's UI (`deprecate`, `reactivate`). Absent: not deprecated. */
  readonly deprecated?: boolean
}

export interface SegmentState {
  readonly id: number
  readonly name: string
  readonly description: string | null
  readonly project: string | null
  readonly constraints: readonly Constraint[]
  readonly createdAt: string
  readonly createdBy: string
}

export interface LegalValue {
  readonly value: string
  readonly description?: string
}

export interface ContextFieldState {
  readonly name: string
  readonly description: string | null
  readonly stickiness: boolean
  readonly sortOrder: number
  readonly legalValues: readonly LegalValue[]
  readonly project?: string
  readonly createdAt: string
}

export interface RootRoleState {
  readonly id: number
  readonly name: string
  readonly description: string
  readonly type: 'root'
  readonly permissions: readonly string[]
}

export interface UserState {
  readonly id: number
  readonly name: string | null
  readonly username: string | null
  /** Lower-cased. */
  readonly email: string | null
  readonly imageUrl: string
  readonly rootRole: number
  readonly accountType: 'User' | 'Service Account'
  /** `scrypt$<salt>$<hash>`, never returned. */
  readonly passwordHash: string | null
  readonly inviteToken: string | null
  /**
   * When the invite link stops being offered: 24 hours after it was issued, as Unleash's
   * new-user tokens. Absent in stores written before it existed: the link does not expire.
   */
  readonly inviteExpiresAt?: string | null
  readonly loginAttempts: number
  readonly seenAt: string | null
  readonly createdAt: string
  readonly scimId: string | null
  /** The features the user marked as favourites, in the order marked. Absent: none (stores written before them). */
  readonly favoriteFeatures?: readonly string[]
  /** The projects the user marked as favourites, in the order marked. Absent: none. */
  readonly favoriteProjects?: readonly string[]
}

export interface GroupMember {
  readonly userId: number
  readonly joinedAt: string
  readonly createdBy: string
}

export interface GroupState {
  readonly id: number
  readonly name: string
  readonly description: string
  readonly mappingsSSO: readonly string[]
  readonly rootRole: number | null
  readonly createdBy: string
  readonly createdAt: string
  readonly users: readonly GroupMember[]
  /** Project ids the group has access to. */
  readonly projects: readonly string[]
  readonly scimId: string | null
}

export type ApiTokenType = 'admin' | 'client' | 'backend' | 'frontend' | 'personal'

export interface ApiTokenState {
  readonly id: number
  readonly tokenName: string
  readonly type: ApiTokenType
  /** `['*']`, or the project ids the token is scoped to (one or several). */
  readonly projects: readonly string[]
  readonly environment: string
  /** The part before the secret: `*:*.`, `<project>:<env>.` or `user:`. */
  readonly prefix: string
  /** hex sha256 of the whole token; the secret itself is never stored. */
  readonly secretHash: string
  /** For personal and service-account tokens. */
  readonly userId: number | null
  readonly expiresAt: string | null
  readonly createdAt: string
}

/** A logged-in person's session; the id its cookie holds is never stored, only its digest (the key). */
export interface SessionState {
  readonly userId: number
  readonly createdAt: string
  readonly expiresAt: string
}

export interface StoredEvent {
  readonly id: number
  readonly type: string
  readonly createdAt: string
  readonly createdBy: string
  readonly createdByUserId: number
  readonly project?: string
  readonly featureName?: string
  readonly environment?: string
  readonly data?: unknown
  readonly preData?: unknown
  readonly tags?: readonly Tag[]
}

/**
 * The events kept, oldest first: `first` to `last` (the newest), in chunks of up to 64
 * events, in pages of up to 64 chunks (event-log.ts). Recording an event copies the last
 * chunk, the last page and the short list of pages, and adds one patch for the event;
 * dropping old events drops a whole chunk once every event in it is older than `first`, so
 * the first chunk may still hold up to 63 events before `first`, which nothing reads.
 * Schema 1 kept events in a table keyed by id, where each event copied two shards and two
 * buckets that lived long enough to be promoted (upgrade.ts reads it).
 */
export interface EventLog {
  readonly first: number
  readonly last: number
  readonly pages: readonly (readonly (readonly StoredEvent[])[])[]
}

export const tagKey = (type: string, value: string): string => `${type}:${value}`
