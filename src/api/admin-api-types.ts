import type { ClientFilter } from '../domain/client-projection.js'
import type { ClientFeatures, EvaluatorOptions } from '../evaluation/index.js'
import type { EventRecord } from '../model/event.js'
import type { State, StoredEvent } from '../model/state.js'
import type { LiveEvaluator } from './client-evaluator.js'
import type { Result } from './runner.js'
import type { addonMethods } from './facade/addons.js'
import type { adminUiMethods } from './facade/admin-ui.js'
import type { batchMethods } from './facade/batch.js'
import type { clientMethods } from './facade/client.js'
import type { contextFieldMethods } from './facade/context-fields.js'
import type { environmentMethods } from './facade/environments.js'
import type { featureMethods } from './facade/features.js'
import type { groupMethods } from './facade/groups.js'
import type { instanceMethods } from './facade/instance.js'
import type { projectMethods } from './facade/projects.js'
import type { segmentMethods } from './facade/segments.js'
import type { serviceAccountMethods } from './facade/service-accounts.js'
import type { sessionMethods } from './facade/sessions.js'
import type { strategyMethods } from './facade/strategies.js'
import type { featureTagMethods, tagMethods, tagTypeMethods } from './facade/tags.js'
import type { apiTokenMethods, personalTokenMethods } from './facade/tokens.js'
import type { typeMethods } from './facade/strategy-and-feature-types.js'
import type { userMethods } from './facade/users.js'
import type { frontendMethods } from './frontend/methods.js'
import type { metricsMethods } from './facade/metrics.js'
import type { passwordResetMethods } from './facade/password-reset.js'

// Each group is named by an interface over what its facade module builds from the operations,
// so a method's params, body, answer and errors come from the operation's codecs, and a host
// app's declarations and hovers say `FeaturesApi` rather than spelling out every method.

type ClientGroup = ReturnType<typeof clientMethods>['client']
type MetricsGroup = ReturnType<typeof metricsMethods>['metrics']
type FrontendMetricsGroup = ReturnType<typeof metricsMethods>['frontend']

/** Feature flags: create, read, update, patch, archive, environments, variants, dependencies, lifecycle, links, favourites. */
export interface FeaturesApi extends ReturnType<typeof featureMethods> {}
/** Strategies of a feature in an environment. */
export interface StrategiesApi extends ReturnType<typeof strategyMethods> {}
/** Strategy types and feature types. */
export interface TypesApi extends ReturnType<typeof typeMethods> {}
/** Tags. */
export interface TagsApi extends ReturnType<typeof tagMethods> {}
/** Tag types. */
export interface TagTypesApi extends ReturnType<typeof tagTypeMethods> {}
/** The tags of features. */
export interface FeatureTagsApi extends ReturnType<typeof featureTagMethods> {}
/** Segments. */
export interface SegmentsApi extends ReturnType<typeof segmentMethods> {}
/** Integrations (Unleash's addons): webhooks that receive committed events. */
export interface AddonsApi extends ReturnType<typeof addonMethods> {}
/** Context fields. */
export interface ContextFieldsApi extends ReturnType<typeof contextFieldMethods> {}
/** Export and import. */
export interface BatchApi extends ReturnType<typeof batchMethods> {}
/** Users. */
export interface UsersApi extends ReturnType<typeof userMethods> {}
/** Groups. */
export interface GroupsApi extends ReturnType<typeof groupMethods> {}
/** Admin, client and frontend API tokens. */
export interface ApiTokensApi extends ReturnType<typeof apiTokenMethods> {}
/** Personal access tokens. */
export interface PersonalTokensApi extends ReturnType<typeof personalTokenMethods> {}
/** Service accounts and their tokens. */
export interface ServiceAccountsApi extends ReturnType<typeof serviceAccountMethods> {}
/** Projects. */
export interface ProjectsApi extends ReturnType<typeof projectMethods> {}
/** Environments. */
export interface EnvironmentsApi extends ReturnType<typeof environmentMethods> {}
/** The instance: settings, events, maintenance, UI configuration. */
export interface InstanceApi extends ReturnType<typeof instanceMethods> {}
/** People's sessions: login, logout, profile. */
export interface SessionsApi extends ReturnType<typeof sessionMethods> {}
/** Password resets: the links an admin or the forgotten-password page sends, and the pages that use them. */
export interface PasswordResetApi extends ReturnType<typeof passwordResetMethods> {}
/** What the Admin UI reads besides the admin API. */
export interface AdminUiApi extends ReturnType<typeof adminUiMethods> {}
/** The client API, as server SDKs call it. */
export interface ClientApi extends ClientGroup {}
/** What server SDKs report (registrations, usage counts) and what the admin API shows of it. */
export interface MetricsApi extends MetricsGroup {}
/** Unleash's frontend API: the flags on for a context, and what frontend SDKs report. */
export interface FrontendApi extends ReturnType<typeof frontendMethods>, FrontendMetricsGroup {}

/**
 * The facade over flagport's domain (`createAdminApi`): every operation of the admin API as a
 * method that takes `{ authorization, params, body }` and resolves to `Either<ApiError, result>`.
 */
export interface AdminApi {
  readonly features: FeaturesApi
  readonly strategies: StrategiesApi
  readonly types: TypesApi
  readonly tags: TagsApi
  readonly tagTypes: TagTypesApi
  readonly featureTags: FeatureTagsApi
  readonly segments: SegmentsApi
  readonly addons: AddonsApi
  readonly contextFields: ContextFieldsApi
  readonly batch: BatchApi
  readonly users: UsersApi
  readonly groups: GroupsApi
  readonly apiTokens: ApiTokensApi
  readonly personalTokens: PersonalTokensApi
  readonly serviceAccounts: ServiceAccountsApi
  readonly projects: ProjectsApi
  readonly environments: EnvironmentsApi
  readonly instance: InstanceApi
  readonly sessions: SessionsApi
  readonly passwordReset: PasswordResetApi
  readonly adminUi: AdminUiApi
  readonly client: ClientApi
  readonly metrics: MetricsApi
  readonly frontend: FrontendApi
  /**
   * Flags of one environment, evaluated in-process against the latest committed state.
   * DATE constraints use the facade's clock and random stickiness `Math.random`, unless
   * `options` say otherwise.
   *
   * @example api.evaluator('production').isEnabled('new-checkout', { userId: '42' })
   */
  evaluator(environment: string, options?: EvaluatorOptions): LiveEvaluator
  /** The client API payload of one environment (every project unless `filter` says); frozen. */
  clientFeatures(environment: string, filter?: ClientFilter): ClientFeatures
  /** Writes to the store what SDK reports gathered since the last write: counts, applications, `lastSeenAt` (see docs/clients.md). */
  flushMetrics(): Promise<Result<void>>
  /** `flushMetrics`, by the name it had when it wrote `lastSeenAt` only. */
  flushLastSeen(): Promise<Result<void>>
  /**
   * Stops the facade: every call after it is refused (a `StorageError`, 503 over HTTP, saying
   * the instance is closed), the client streams it serves end, and what SDK reports gathered
   * is written, as is what a report still under way brings. Resolves to that last write's
   * outcome; calling it again resolves to the same. It closes neither the storage nor
   * integrations (`startIntegrations`): close those after it. `state()`, `events()`,
   * `evaluator()` and `clientFeatures()` keep answering from the last state this facade read.
   *
   * @example await server.close(); await api.close(); await storage.close()
   */
  close(): Promise<Result<void>>
  /** What SDK reports not yet written keep in this process's memory, in bytes (see docs/clients.md for the ceilings). */
  usageKept(): ReturnType<ReturnType<typeof metricsMethods>['kept']>
  /** The current state: an immutable value, safe to keep and compare. */
  state(): State
  /** Recorded events, newest first. */
  events(limit?: number, keep?: (event: StoredEvent) => boolean): EventRecord[]
}
