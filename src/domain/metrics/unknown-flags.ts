import { FeatureName } from '../../model/feature.js'
import type { BulkMetricsBody, ClientMetricsBody, ToggleCounts } from '../../model/metrics.js'
import type { UnknownFlags } from '../../model/metrics-views.js'
import { unknownFlagKey } from '../../model/usage.js'
import type { ReadState, Tx } from '../../store/tx.js'
import { newestFirst } from '../../store/event-log.js'
import { utf8Length } from '../../model/utf8.js'
import { HOUR_MS, millisOf, type ReportScope } from './report.js'

/** How much the unknown flags keep (the host's `config.metrics`; docs/clients.md). */
export interface UnknownFlagBounds {
  /** Reports kept, one per flag name, application and environment; past it the one seen longest ago is forgotten. */
  readonly maxUnknownFlags: number
  /** New reports one SDK call may bring (the first ones its body names); the rest are let be. */
  readonly maxUnknownFlagsPerReport: number
  /** Hours a report is kept after it was last seen (Unleash clears them after 24). */
  readonly unknownFlagRetentionHours: number
}

/** A flag name an application reported in an environment that the store had no flag of, and when (milliseconds since the epoch). */
export interface UnknownSighting {
  readonly name: string
  readonly appName: string
  readonly environment: string
  readonly seenAt: number
}

/** Most flags the admin route lists, as Unleash lists them. */
export const MAX_UNKNOWN_FLAGS_ANSWERED = 1_000

/**
 * Whether a reported name is an unknown flag: one no flag of the store has (archived flags
 * are known), which a flag could be created with; a name no flag could have is let be.
 */
const unknown = (state: ReadState, name: string): boolean => !state.features.has(name) && FeatureName.is(name)

/** Unleash keeps a name only when the SDK evaluated it: some `yes` or `no`. */
const evaluated = (counts: Pick<ToggleCounts, 'yes' | 'no'>): boolean => (counts.yes ?? 0) + (counts.no ?? 0) > 0

const oldestKept = (now: number, bounds: UnknownFlagBounds): number => now - bounds.unknownFlagRetentionHours * HOUR_MS

/** Sightings, one per name, application and environment (the latest), at most `max` of them in the order first seen. */
const collect = (max: number) => {
  const found = new Map<string, UnknownSighting>()
  return {
    add: (s: UnknownSighting): void => {
      const key = unknownFlagKey(s.name, s.appName, s.environment)
      const before = found.get(key)
      if (before !== undefined) {
        if (before.seenAt < s.seenAt) found.set(key, s)
      } else if (found.size < max) found.set(key, s)
    },
    list: (): UnknownSighting[] => [...found.values()],
  }
}

/**
 * The unknown flags of an SDK's report (`POST /api/client/metrics`, a body already read by
 * `readReport`): seen when its bucket stopped, as Unleash dates them, in the caller's environment.
 */
export const unknownInReport = (state: ReadState, body: ClientMetricsBody, scope: ReportScope, bounds: UnknownFlagBounds, now: number): UnknownSighting[] => {
  const bucket = body.bucket
  if (bucket === undefined || bucket === null) return []
  const seenAt = millisOf(bucket.stop)
  if (seenAt < oldestKept(now, bounds)) return []
  const found = collect(bounds.maxUnknownFlagsPerReport)
  for (const [name, counts] of Object.entries(bucket.toggles)) {
    if (evaluated(counts) && unknown(state, name)) found.add({ name, appName: body.appName, environment: scope.environment, seenAt })
  }
  return found.list()
}

/** The unknown flags of Edge's bulk body: each metric in its own environment (only the caller's when its token is bound to one), at its `timestamp`, else now. */
export const unknownInBulk = (state: ReadState, body: BulkMetricsBody, scope: ReportScope & { readonly bound: boolean }, bounds: UnknownFlagBounds, now: number): UnknownSighting[] => {
  const found = collect(bounds.maxUnknownFlagsPerReport)
  const oldest = oldestKept(now, bounds)
  for (const metric of body.metrics) {
    if (scope.bound && metric.environment !== scope.environment) continue
    const seenAt = metric.timestamp === undefined ? now : millisOf(metric.timestamp)
    if (seenAt >= oldest && evaluated(metric) && unknown(state, metric.featureName)) found.add({ name: metric.featureName, appName: metric.appName, environment: metric.environment, seenAt })
  }
  return found.list()
}

/**
 * Adds the sightings to the stored reports, against the rows as they are when the transaction
 * runs (so two instances' writes merge): a report's `seenAt` only moves forward; reports past
 * the retention window are forgotten; past `maxUnknownFlags`, the ones seen longest ago go.
 * A report of a name the store has a flag of by now stays (hidden from the answer), as in
 * Unleash: should that flag be deleted, its name shows as unknown again.
 */
export const storeUnknownFlags = (draft: Tx, sightings: readonly UnknownSighting[], bounds: UnknownFlagBounds, now: number): void => {
  if (sightings.length === 0) return
  const table = draft.unknownFlags
  const oldest = oldestKept(now, bounds)
  const stale: string[] = []
  for (const [key, row] of table.entries()) if (row.seenAt < oldest) stale.push(key)
  for (const key of stale) table.delete(key)
  for (const s of sightings) {
    if (s.seenAt < oldest) continue
    const key = unknownFlagKey(s.name, s.appName, s.environment)
    const before = table.read(key)
    if (before === undefined) table.set(key, { name: s.name, appName: s.appName, environment: s.environment, seenAt: s.seenAt })
    else if (before.seenAt < s.seenAt) table.update(key, (row) => void (row.seenAt = s.seenAt))
  }
  const extra = table.size - bounds.maxUnknownFlags
  if (extra <= 0) return
  const order = [...table.entries()].sort(([ka, a], [kb, b]) => a.seenAt - b.seenAt || (ka < kb ? -1 : 1))
  for (let i = 0; i < extra; i++) table.delete(order[i]![0])
}

const textOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The order Unleash lists a flag's applications and environments in (PostgreSQL's `jsonb` key order): fewer UTF-8 bytes first, then by text. */
const jsonbKeyOrder = (a: string, b: string): number => utf8Length(a) - utf8Length(b) || textOrder(a, b)

/** Rows by `key`, in the order first met. */
const groupBy = <T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group === undefined) groups.set(key(row), [row])
    else group.push(row)
  }
  return groups
}

/** When each named flag's latest event was recorded: one walk of the log, newest first, until every name is found. */
const lastEvents = (state: ReadState, names: ReadonlySet<string>): Map<string, string> => {
  const found = new Map<string, string>()
  if (names.size === 0) return found
  for (const e of newestFirst(state.events)) {
    if (e.featureName === undefined || !names.has(e.featureName) || found.has(e.featureName)) continue
    found.set(e.featureName, e.createdAt)
    if (found.size === names.size) break
  }
  return found
}

/**
 * `GET /api/admin/metrics/unknown-flags`: the names reported within the retention window that
 * the store has no flag of now, by name, at most `MAX_UNKNOWN_FLAGS_ANSWERED`; each with when
 * it was last seen, its latest event (a flag of that name deleted since), and where it was seen.
 */
export const unknownFlagsAnswer = (state: ReadState, bounds: UnknownFlagBounds, now: number): UnknownFlags => {
  const oldest = oldestKept(now, bounds)
  const byName = groupBy(
    state.unknownFlags.rows().filter((row) => row.seenAt >= oldest && !state.features.has(row.name)),
    (row) => row.name,
  )
  const names = [...byName.keys()].sort(textOrder).slice(0, MAX_UNKNOWN_FLAGS_ANSWERED)
  const events = lastEvents(state, new Set(names))
  const iso = (ms: number): string => new Date(ms).toISOString()
  return {
    unknownFlags: names.map((name) => {
      const rows = byName.get(name)!
      const apps = groupBy(rows, (row) => row.appName)
      return {
        name,
        lastSeenAt: iso(Math.max(...rows.map((r) => r.seenAt))),
        lastEventAt: events.get(name) ?? null,
        reports: [...apps.keys()].sort(jsonbKeyOrder).map((appName) => ({
          appName,
          environments: apps
            .get(appName)!
            .sort((a, b) => jsonbKeyOrder(a.environment, b.environment))
            .map((r) => ({ environment: r.environment, seenAt: iso(r.seenAt) })),
        })),
      }
    }),
  }
}
