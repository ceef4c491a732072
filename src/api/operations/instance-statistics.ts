import * as E from 'fp-ts/lib/Either.js'
import { clientAppCounts, previousDayBuckets } from '../../domain/metrics/usage-statistics.js'
import { VIEWER_ROLE_ID } from '../../domain/permissions.js'
import { NoParams } from '../../model/params.js'
import type { State } from '../../model/state.js'
import { newestFirst } from '../../store/event-log.js'
import type { InstanceStatistics, TelemetrySettings } from '../../model/statistics.js'
import { read } from '../operation.js'
import { sha256Hex } from '../secrets.js'
import { VERSION } from '../version.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** `GET /api/admin/telemetry/settings`: flagport collects and sends no telemetry. */
export const telemetrySettingsOp = read<NoParams, undefined, TelemetrySettings>({
  params: NoParams,
  requirement: 'NONE',
  run: () => E.right({ versionInfoCollectionEnabled: false, featureInfoCollectionEnabled: false }),
})

/** The largest count of strategies in a feature environment, of constraints in a strategy, and of values in a constraint. */
const largest = (state: State) => {
  let strategies = 0
  let constraints = 0
  let values = 0
  for (const f of state.features.rows()) {
    for (const env of Object.values(f.environments)) {
      strategies = Math.max(strategies, env.strategies.length)
      for (const s of env.strategies) {
        constraints = Math.max(constraints, s.constraints.length)
        for (const c of s.constraints) values = Math.max(values, c.values?.length ?? 0)
      }
    }
  }
  return { strategies, constraints, values }
}

/** The recorded events of the last 30, 60 and 90 days: exports, imports, and changes in production environments. */
const recentEvents = (state: State, nowMs: number) => {
  const changes = { last30: 0, last60: 0, last90: 0 }
  let exports = 0
  let imports = 0
  for (const e of newestFirst(state.events)) {
    const age = nowMs - Date.parse(e.createdAt)
    if (e.type === 'features-exported') exports++
    if (e.type === 'features-imported') imports++
    if (age > 90 * DAY_MS || e.environment === undefined || state.environments.get(e.environment)?.type !== 'production') continue
    changes.last90++
    if (age <= 60 * DAY_MS) changes.last60++
    if (age <= 30 * DAY_MS) changes.last30++
  }
  return { changes, exports, imports }
}

/**
 * `GET /api/admin/instance-admin/statistics` (ADMIN): the store's records and recorded events,
 * counted now (SDK usage too, from its stored rows), and `sum`, the sha256 of the rest, as
 * Unleash signs its statistics. Release plans and Edge (Enterprise) are left out.
 */
export const instanceStatisticsOp = read<NoParams, undefined, InstanceStatistics>({
  params: NoParams,
  requirement: 'ADMIN',
  run: (state, { ctx }) => {
    const nowMs = Date.parse(ctx.now)
    const people = [...state.users.rows()].filter((u) => u.accountType === 'User')
    const seenWithin = (days: number) => people.filter((u) => u.seenAt !== null && nowMs - Date.parse(u.seenAt) <= days * DAY_MS).length
    const tokens: Record<string, number> = {}
    for (const token of state.apiTokens.rows()) if (token.type !== 'personal') tokens[token.type] = (tokens[token.type] ?? 0) + 1
    const features = [...state.features.rows()]
    const archived = features.filter((f) => f.archived).length
    const builtInRoles = 3
    const most = largest(state)
    const events = recentEvents(state, nowMs)
    const customRoles = [...state.rootRoles.rows()].filter((r) => r.id > builtInRoles)
    const stats = {
      timestamp: ctx.now,
      instanceId: state.instanceId,
      versionOSS: VERSION,
      versionEnterprise: '',
      users: people.length,
      serviceAccounts: state.users.size - people.length,
      apiTokens: tokens,
      activeUsers: { last7: seenWithin(7), last30: seenWithin(30), last60: seenWithin(60), last90: seenWithin(90) },
      licensedUsers: people.length,
      featureToggles: features.length - archived,
      archivedFeatureToggles: archived,
      projects: state.projects.size,
      contextFields: state.contextFields.size,
      roles: state.rootRoles.size,
      customRootRoles: customRoles.length,
      customRootRolesInUse: customRoles.filter((r) => people.some((u) => u.rootRole === r.id)).length,
      groups: state.groups.size,
      environments: state.environments.size,
      segments: state.segments.size,
      strategies: state.strategyTypes.size,
      SAMLenabled: false,
      OIDCenabled: false,
      passwordAuthEnabled: true,
      SCIMenabled: false,
      clientApps: clientAppCounts(state, nowMs),
      featureExports: events.exports,
      featureImports: events.imports,
      productionChanges: events.changes,
      previousDayMetricsBucketsCount: previousDayBuckets(state, nowMs),
      maxEnvironmentStrategies: most.strategies,
      maxConstraintValues: most.values,
      maxConstraints: most.constraints,
      readOnlyUsers: people.filter((u) => u.rootRole === VIEWER_ROLE_ID).length,
    }
    return E.right({ ...stats, sum: sha256Hex(JSON.stringify(stats)) })
  },
})
