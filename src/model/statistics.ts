import * as t from 'io-ts'

/** `GET /api/admin/telemetry/settings`: flagport sends nothing anywhere, so both are off. */
export const TelemetrySettings = t.type({ versionInfoCollectionEnabled: t.boolean, featureInfoCollectionEnabled: t.boolean })
export type TelemetrySettings = t.TypeOf<typeof TelemetrySettings>

const Windows = <K extends string>(keys: readonly K[]) => t.type(Object.fromEntries(keys.map((k) => [k, t.number])) as Record<K, t.NumberC>)

/** Applications SDK instances of were seen within a range (Unleash's `clientApps` entry). */
export const ClientAppCount = t.type({ range: t.keyof({ '7d': null, '30d': null, allTime: null }), count: t.number })
export type ClientAppCount = t.TypeOf<typeof ClientAppCount>

/** The previous UTC day's hourly counts: per flag, environment and application, and per variant of those. */
export const MetricsBucketsCount = t.type({ enabledCount: t.number, variantCount: t.number })
export type MetricsBucketsCount = t.TypeOf<typeof MetricsBucketsCount>

/** `GET /api/admin/instance-admin/statistics`: what the store holds, counted (Unleash's instanceAdminStatsSchema, the parts flagport keeps). */
export const InstanceStatistics = t.type({
  timestamp: t.string,
  instanceId: t.string,
  versionOSS: t.string,
  versionEnterprise: t.string,
  users: t.number,
  serviceAccounts: t.number,
  apiTokens: t.record(t.string, t.number),
  activeUsers: Windows(['last7', 'last30', 'last60', 'last90'] as const),
  licensedUsers: t.number,
  featureToggles: t.number,
  archivedFeatureToggles: t.number,
  projects: t.number,
  contextFields: t.number,
  roles: t.number,
  customRootRoles: t.number,
  customRootRolesInUse: t.number,
  groups: t.number,
  environments: t.number,
  segments: t.number,
  strategies: t.number,
  SAMLenabled: t.boolean,
  OIDCenabled: t.boolean,
  passwordAuthEnabled: t.boolean,
  SCIMenabled: t.boolean,
  clientApps: t.array(ClientAppCount),
  featureExports: t.number,
  featureImports: t.number,
  productionChanges: Windows(['last30', 'last60', 'last90'] as const),
  previousDayMetricsBucketsCount: MetricsBucketsCount,
  maxEnvironmentStrategies: t.number,
  maxConstraintValues: t.number,
  maxConstraints: t.number,
  readOnlyUsers: t.number,
  sum: t.string,
})
export type InstanceStatistics = t.TypeOf<typeof InstanceStatistics>
