import * as t from 'io-ts'
import { withJsonSchema } from './json-schema.js'
import type { Dict } from './dict.js'
import { DateTime, dictOf, FiniteNumber, lengthBetween, oneOf, open, refinedNumber, type Named } from './codec.js'
import { StrategyTypeRecord } from './strategy-type.js'
import { FeatureMetadata } from './feature.js'

/*
 * What Unleash's SDKs send about themselves and their flags: a registration at start, usage
 * counts every interval, and Edge's bulk of both. Each list and map has a ceiling, so a
 * body's cost in memory and time is bounded before anything is counted.
 */

/** Most flags one report may count: past it the body is refused, not partly counted. */
export const MAX_TOGGLES_PER_REPORT = 10_000
/** Most variant names one flag's count may name. */
export const MAX_VARIANTS_PER_TOGGLE = 100
/** Most entries of a bulk body's `metrics`, and of its `applications`. */
export const MAX_BULK_METRICS = 10_000
export const MAX_BULK_APPLICATIONS = 1_000
/** Most strategy names a registration may list. */
export const MAX_STRATEGIES = 1_000

/** A map of at most `max` entries: a larger one is refused before its values are read. */
export const dictUpTo = <C extends t.Mixed>(codec: C, max: number, name: string) => {
  const inner = dictOf(codec, name)
  const limited = new t.Type<Dict<t.TypeOf<C>>, Dict<t.OutputOf<C>>, unknown>(
    `${name} (at most ${max} entries)`,
    (u): u is Dict<t.TypeOf<C>> => inner.is(u) && Object.keys(u as object).length <= max,
    (u, c) => (u !== null && typeof u === 'object' && Object.keys(u).length > max ? t.failure(u, c) : inner.validate(u, c)),
    inner.encode,
  )
  return withJsonSchema(limited, (of) => ({ type: 'object', additionalProperties: of(codec), maxProperties: max }))
}

/** A list of at most `max` items, refused whole when longer. */
export const arrayUpTo = <C extends t.Mixed>(codec: C, max: number) => {
  const inner = t.array(codec)
  const limited = new t.Type<t.TypeOf<C>[], t.OutputOf<C>[], unknown>(
    `an array of at most ${max} items`,
    (u): u is t.TypeOf<C>[] => inner.is(u) && (u as unknown[]).length <= max,
    (u, c) => (Array.isArray(u) && u.length > max ? t.failure(u, c) : inner.validate(u, c)),
    inner.encode,
  )
  return withJsonSchema(limited, (of) => ({ type: 'array', items: of(codec), maxItems: max }))
}

/** A count: a whole number that adds up without losing precision. */
export const Count = refinedNumber('a whole number of 0 or more', (n) => Number.isSafeInteger(n) && n >= 0, { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER })

/** Milliseconds since the epoch that a Date can hold (Unleash's `dateSchema` takes an integer too). */
const EpochMillis = refinedNumber('milliseconds since the epoch', (n) => Number.isSafeInteger(n) && Math.abs(n) <= 8.64e15, { type: 'integer', minimum: -8.64e15, maximum: 8.64e15 })

/** Unleash's `dateSchema`: an RFC 3339 date-time or milliseconds since the epoch. */
export const MetricDate = t.union([DateTime, EpochMillis], 'an RFC 3339 date-time or milliseconds since the epoch')
export type MetricDate = t.TypeOf<typeof MetricDate>

const Text = lengthBetween(0, 255)
export const AppName = lengthBetween(1, 255)

/** Text an SDK may send as null when it has none to give (the Node SDK's `yggdrasilVersion`). */
const OptionalText = t.union([t.null, Text], 'null or a string of 0 to 255 characters')

/** What an SDK says of itself, beside its counts or its registration. */
const SdkFields = {
  instanceId: Text,
  sdkVersion: Text,
  platformName: OptionalText,
  platformVersion: OptionalText,
  yggdrasilVersion: OptionalText,
  specVersion: OptionalText,
  sdkFlavor: t.union([t.null, lengthBetween(0, 256)]),
  sdkFlavorVersion: t.union([t.null, lengthBetween(0, 32)]),
  environment: Text,
}

/** One flag's counts in a bucket. */
export interface ToggleCounts extends t.TypeOf<typeof ToggleCountsCodec> {}
const ToggleCountsCodec = open({}, { yes: Count, no: Count, variants: t.union([t.null, dictUpTo(Count, MAX_VARIANTS_PER_TOGGLE, 'an object of counts')]) }, 'an object of counts')
export const ToggleCounts: Named<typeof ToggleCountsCodec, ToggleCounts> = ToggleCountsCodec

/** The counts of one interval, `start` to `stop`. */
export interface MetricsBucket extends t.TypeOf<typeof MetricsBucketCodec> {}
const MetricsBucketCodec = open(
  { start: MetricDate, stop: MetricDate, toggles: dictUpTo(ToggleCounts, MAX_TOGGLES_PER_REPORT, 'an object of flag counts') },
  {},
  'a bucket { start, stop, toggles }',
)
export const MetricsBucket: Named<typeof MetricsBucketCodec, MetricsBucket> = MetricsBucketCodec

/** `POST /api/client/metrics` and `/api/frontend/client/metrics` (Unleash's `clientMetricsSchema`). */
export interface ClientMetricsBody extends t.TypeOf<typeof ClientMetricsBodyCodec> {}
const ClientMetricsBodyCodec = open({ appName: AppName }, { ...SdkFields, bucket: t.union([t.null, MetricsBucket]) }, 'client metrics { appName, bucket }')
export const ClientMetricsBody: Named<typeof ClientMetricsBodyCodec, ClientMetricsBody> = ClientMetricsBodyCodec

/** `POST /api/client/register` and `/api/frontend/client/register` (Unleash's `clientApplicationSchema`). */
export interface ClientRegistrationBody extends t.TypeOf<typeof ClientRegistrationBodyCodec> {}
const ClientRegistrationBodyCodec = open(
  {
    appName: AppName,
    interval: FiniteNumber,
    started: MetricDate,
    strategies: arrayUpTo(Text, MAX_STRATEGIES),
  },
  SdkFields,
  'a registration { appName, interval, started, strategies }',
)
export const ClientRegistrationBody: Named<typeof ClientRegistrationBodyCodec, ClientRegistrationBody> = ClientRegistrationBodyCodec

/** One application of a bulk body (Unleash's `bulkRegistrationSchema`). */
export interface BulkRegistration extends t.TypeOf<typeof BulkRegistrationCodec> {}
const BulkRegistrationCodec = open(
  { appName: AppName, instanceId: Text, environment: Text },
  {
    interval: FiniteNumber,
    started: MetricDate,
    strategies: arrayUpTo(Text, MAX_STRATEGIES),
    sdkVersion: Text,
    sdkType: t.union([t.null, oneOf(['frontend', 'backend'])]),
    sdkFlavor: lengthBetween(0, 256),
    sdkFlavorVersion: lengthBetween(0, 32),
  },
  'an application { appName, instanceId, environment }',
)
export const BulkRegistration: Named<typeof BulkRegistrationCodec, BulkRegistration> = BulkRegistrationCodec

/** One flag's counts of a bulk body (Unleash's `clientMetricsEnvSchema`). */
export interface BulkMetric extends t.TypeOf<typeof BulkMetricCodec> {}
const BulkMetricCodec = open(
  { featureName: Text, appName: AppName, environment: Text },
  { timestamp: MetricDate, yes: Count, no: Count, variants: dictUpTo(Count, MAX_VARIANTS_PER_TOGGLE, 'an object of counts') },
  'a metric { featureName, appName, environment }',
)
export const BulkMetric: Named<typeof BulkMetricCodec, BulkMetric> = BulkMetricCodec

/** `POST /api/client/metrics/bulk`, as Unleash Edge sends it; impact metrics are let be. */
export interface BulkMetricsBody extends t.TypeOf<typeof BulkMetricsBodyCodec> {}
const BulkMetricsBodyCodec = open(
  { applications: arrayUpTo(BulkRegistration, MAX_BULK_APPLICATIONS), metrics: arrayUpTo(BulkMetric, MAX_BULK_METRICS) },
  {},
  'a bulk body { applications, metrics }',
)
export const BulkMetricsBody: Named<typeof BulkMetricsBodyCodec, BulkMetricsBody> = BulkMetricsBodyCodec

/** What `GET /api/admin/client-metrics/features/:name` lists per environment and hour. */
export interface FeatureEnvironmentMetrics extends t.TypeOf<typeof FeatureEnvironmentMetricsCodec> {}
const FeatureEnvironmentMetricsCodec = t.type({
  environment: t.string,
  timestamp: t.string,
  yes: t.number,
  no: t.number,
  variants: t.record(t.string, t.number),
})
export const FeatureEnvironmentMetrics: Named<typeof FeatureEnvironmentMetricsCodec, FeatureEnvironmentMetrics> = FeatureEnvironmentMetricsCodec

/** Unleash's `featureUsageSchema`. */
export interface FeatureUsage extends t.TypeOf<typeof FeatureUsageCodec> {}
const FeatureUsageCodec = t.type({
  version: t.literal(1),
  maturity: t.literal('stable'),
  featureName: t.string,
  lastHourUsage: t.array(FeatureEnvironmentMetrics),
  totalUsage: t.array(t.type({ environment: t.string, yes: t.number, no: t.number })),
  seenApplications: t.array(t.string),
})
export const FeatureUsage: Named<typeof FeatureUsageCodec, FeatureUsage> = FeatureUsageCodec

/** Unleash's `applicationUsageSchema`: where an application's flags live. */
export interface ApplicationUsage extends t.TypeOf<typeof ApplicationUsageCodec> {}
const ApplicationUsageCodec = t.type({ project: t.string, environments: t.array(t.string) })
export const ApplicationUsage: Named<typeof ApplicationUsageCodec, ApplicationUsage> = ApplicationUsageCodec

/** One application of `GET /api/admin/metrics/applications` (Unleash's `applicationSchema`, with the fields Unleash 8.2 answers beyond it). */
export interface ApplicationSummary extends t.TypeOf<typeof ApplicationSummaryCodec> {}
const ApplicationSummaryCodec = t.intersection([
  t.type({
    appName: t.string,
    /** When an SDK last registered or reported it, or the admin API last edited it. */
    updatedAt: t.string,
    strategies: t.array(t.string),
    /** Who added it: `unleash_system_user` for what SDKs made, else the admin API's caller. */
    createdBy: t.string,
    /** Where it is used (the first of `usage`), `*` when unknown. */
    project: t.string,
    environment: t.string,
    usage: t.array(ApplicationUsage),
  }),
  /** `createdAt`: when the store first held the application; the others as the UI edited them. */
  t.partial({ sdkVersion: t.string, createdAt: t.string, description: t.string, url: t.string, color: t.string, icon: t.string }),
])
export const ApplicationSummary: Named<typeof ApplicationSummaryCodec, ApplicationSummary> = ApplicationSummaryCodec

/** An SDK instance of an application, as last seen. */
export interface ApplicationInstance extends t.TypeOf<typeof ApplicationInstanceCodec> {}
const ApplicationInstanceCodec = t.intersection([
  /** `sdkType`: which API it spoke to (or Edge's word for it). */
  t.type({ appName: t.string, instanceId: t.string, sdkType: t.keyof({ frontend: null, backend: null }), environment: t.string, lastSeen: t.string }),
  t.partial({ sdkVersion: t.string, started: t.string }),
])
export const ApplicationInstance: Named<typeof ApplicationInstanceCodec, ApplicationInstance> = ApplicationInstanceCodec

/** A strategy an application registered that the store has no type of, or a flag it reported that the store no longer has. */
export interface NotFoundName extends t.TypeOf<typeof NotFoundNameCodec> {}
const NotFoundNameCodec = t.type({ name: t.string, notFound: t.literal(true) })
export const NotFoundName: Named<typeof NotFoundNameCodec, NotFoundName> = NotFoundNameCodec

/**
 * `GET /api/admin/metrics/applications/:appName`: what the UI edited, the strategy types the
 * SDKs registered (each its type, or `notFound`), its instances and the flags it reported
 * (each the flag's own fields, or `notFound`).
 */
export interface ApplicationDetail extends t.TypeOf<typeof ApplicationDetailCodec> {}
const ApplicationDetailCodec = t.intersection([
  t.type({ appName: t.string }),
  t.partial({ createdAt: t.string, description: t.string, url: t.string, color: t.string, icon: t.string }),
  t.type({
    strategies: t.array(t.union([StrategyTypeRecord, NotFoundName])),
    instances: t.array(ApplicationInstance),
    seenToggles: t.array(t.union([FeatureMetadata, NotFoundName])),
    links: t.type({ self: t.string }),
  }),
])
export const ApplicationDetail: Named<typeof ApplicationDetailCodec, ApplicationDetail> = ApplicationDetailCodec

/** `GET /api/admin/metrics/applications`. */
export interface Applications extends t.TypeOf<typeof ApplicationsCodec> {}
const ApplicationsCodec = t.type({ total: t.number, applications: t.array(ApplicationSummary) })
export const Applications: Named<typeof ApplicationsCodec, Applications> = ApplicationsCodec

/** Query of `GET /api/admin/metrics/applications`. */
export const ApplicationsQuery = open(
  {},
  {
    query: t.string,
    offset: t.string,
    limit: t.string,
    sortBy: t.string,
    sortOrder: oneOf(['asc', 'desc']),
  },
  'the query',
)
