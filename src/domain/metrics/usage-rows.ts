import { dictFrom } from '../../model/dict.js'
import { type UsageApplicationRow, type UsageCountRow, type UsageInstanceRow, usageCountKey } from '../../model/usage.js'
import { type Editable, type Tx, readRow } from '../../store/tx.js'
import { HOUR_MS, hourOf, type Tally } from './report.js'
import { ENTRY_BYTES, optionalBytes, STRATEGY_NAME_BYTES, textBytes } from './sizes.js'

/** The ceilings the usage keeps to, in memory and in the store (the host's `config.metrics`; docs/clients.md): every map whose keys come from requests has one. */
export interface UsageBounds {
  /** Hours of counts kept (Unleash keeps 48). */
  readonly retentionHours: number
  /** Applications kept; past it the one seen longest ago is forgotten. */
  readonly maxApplications: number
  /** Instances kept per application; past it the one seen longest ago is forgotten. */
  readonly maxInstancesPerApplication: number
  /** Counts kept: one per flag, environment, application and hour, over the whole window; new ones past it are dropped until old hours leave. */
  readonly maxSeries: number
  /** Variant names counted per flag, environment, application and hour (of those the flag can give); later ones are dropped. */
  readonly maxVariantsPerSeries: number
  /** Strategy names kept per application (the first ones a registration lists). */
  readonly maxStrategiesPerApplication: number
  /** Bytes that what one caller (a token, a user) registered may keep; past it that caller's application seen longest ago is forgotten. */
  readonly maxBytesPerCaller: number
  /** Bytes that applications and instances keep in all; past it the application seen longest ago is forgotten. */
  readonly maxApplicationBytes: number
  /** Bytes that counts keep in all; new ones past it are dropped until old hours leave. */
  readonly maxSeriesBytes: number
}

/** Counts gathered since the last write, a report's tallies added up (variants by name): added to the stored row, never put in its place. */
export interface CountDelta extends Omit<Tally, 'variants'> {
  readonly variants: ReadonlyMap<string, number>
}

/** An application as seen since the last write. */
export interface ApplicationDelta {
  readonly appName: string
  readonly caller: string
  readonly lastSeen: number
  /** Empty when no registration listed any: the stored ones are kept. */
  readonly strategies: readonly string[]
  readonly sdkVersion?: string
  readonly instances: ReadonlyMap<string, UsageInstanceRow>
}

export interface UsageDelta {
  readonly counts: Iterable<CountDelta>
  /** Least recently seen first. */
  readonly applications: Iterable<ApplicationDelta>
}

const add = (a: number, b: number): number => Math.min(a + b, Number.MAX_SAFE_INTEGER)

export const countBytes = (row: Pick<UsageCountRow, 'feature' | 'environment' | 'appName' | 'variants'>): number => {
  let bytes = ENTRY_BYTES + textBytes(row.feature) + textBytes(row.environment) + textBytes(row.appName)
  for (const name in row.variants) bytes += ENTRY_BYTES + textBytes(name)
  return bytes
}

const instanceBytes = (i: UsageInstanceRow): number => ENTRY_BYTES + textBytes(i.instanceId) + optionalBytes(i.sdkVersion) + textBytes(i.environment)

export const applicationBytes = (app: Omit<UsageApplicationRow, 'bytes' | 'caller'>): number => {
  let bytes = ENTRY_BYTES + textBytes(app.appName) + optionalBytes(app.sdkVersion) + optionalBytes(app.createdBy)
  bytes += optionalBytes(app.description) + optionalBytes(app.url) + optionalBytes(app.color) + optionalBytes(app.icon)
  for (const name of app.strategies) bytes += STRATEGY_NAME_BYTES + textBytes(name)
  // The detail names the application in each instance.
  for (const id in app.instances) bytes += instanceBytes(app.instances[id]!) + textBytes(app.appName)
  return bytes
}

/** The first hour the retention window still holds at `now`. */
export const oldestHour = (now: number, retentionHours: number): number => hourOf(now) - (retentionHours - 1) * HOUR_MS

/**
 * Adds the counts to the stored ones and merges the applications into theirs, within the
 * bounds, against the rows as they are when the transaction runs: run again on a newer state
 * after a conflict, it adds to what another instance committed meanwhile, so two instances'
 * writes add up. Hours out of the window are forgotten; new counts past a ceiling are not
 * kept; past the applications' ceilings, the one seen longest ago goes first.
 */
export const storeUsage = (draft: Tx, delta: UsageDelta, bounds: UsageBounds, now: number): void => {
  storeCounts(draft, delta.counts, bounds, now)
  storeApplications(draft, delta.applications, bounds)
}

const storeCounts = (draft: Tx, deltas: Iterable<CountDelta>, bounds: UsageBounds, now: number): void => {
  const counts = draft.usageCounts
  const oldest = oldestHour(now, bounds.retentionHours)
  const stale: string[] = []
  for (const [key, row] of counts.entries()) if (row.hour < oldest) stale.push(key)
  for (const key of stale) counts.delete(key)
  // Summed only when something new is to be kept.
  let held: number | undefined
  const heldBytes = (): number => {
    if (held === undefined) {
      held = 0
      for (const row of counts.rows()) held += countBytes(row)
    }
    return held
  }
  for (const d of deltas) {
    if (d.hour < oldest) continue
    const key = usageCountKey(d.hour, d.feature, d.environment, d.appName)
    if (!counts.has(key)) {
      const fresh: UsageCountRow = { feature: d.feature, environment: d.environment, appName: d.appName, hour: d.hour, yes: 0, no: 0, variants: dictFrom([]) }
      const bytes = countBytes(fresh)
      if (counts.size >= bounds.maxSeries || heldBytes() + bytes > bounds.maxSeriesBytes) continue
      counts.set(key, fresh)
      held = heldBytes() + bytes
    }
    counts.update(key, (row) => {
      row.yes = add(row.yes, d.yes)
      row.no = add(row.no, d.no)
      const variants = row.variants as Record<string, number>
      let names = Object.keys(readRow(row.variants)).length
      for (const [name, n] of d.variants) {
        const before = readRow(row.variants)[name]
        if (before === undefined) {
          const bytes = ENTRY_BYTES + textBytes(name)
          if (names >= bounds.maxVariantsPerSeries || heldBytes() + bytes > bounds.maxSeriesBytes) continue
          held = heldBytes() + bytes
          names += 1
        }
        variants[name] = add(before ?? 0, n)
      }
    })
  }
}

const storeApplications = (draft: Tx, deltas: Iterable<ApplicationDelta>, bounds: UsageBounds): void => {
  const apps = draft.usageApplications
  const touched: string[] = []
  for (const d of deltas) {
    touched.push(d.appName)
    const strategies = d.strategies.slice(0, bounds.maxStrategiesPerApplication)
    if (!apps.has(d.appName)) {
      const row = { appName: d.appName, caller: d.caller, createdAt: d.lastSeen, lastSeen: d.lastSeen, strategies, ...(d.sdkVersion !== undefined ? { sdkVersion: d.sdkVersion } : {}), instances: dictFrom<UsageInstanceRow>([]) }
      apps.set(d.appName, { ...row, bytes: applicationBytes(row) })
    }
    apps.update(d.appName, (row) => mergeApplication(row, d, strategies, bounds))
  }
  forgetApplications(draft, touched, bounds)
}

const mergeApplication = (row: Editable<UsageApplicationRow>, d: ApplicationDelta, strategies: readonly string[], bounds: UsageBounds): void => {
  if (d.lastSeen >= row.lastSeen) {
    row.lastSeen = d.lastSeen
    row.caller = d.caller
  }
  if (strategies.length > 0 && JSON.stringify(readRow(row.strategies)) !== JSON.stringify(strategies)) row.strategies = [...strategies]
  if (d.sdkVersion !== undefined) row.sdkVersion = d.sdkVersion
  const instances = row.instances as Record<string, UsageInstanceRow>
  for (const [id, seen] of d.instances) {
    const before = readRow(row.instances)[id]
    if (before !== undefined && before.lastSeen > seen.lastSeen) continue
    // Moved to the end, the place of the one seen last (at the same time, order tells).
    delete instances[id]
    instances[id] = { ...before, ...seen }
  }
  const kept = Object.values(readRow(row.instances)).sort((a, b) => a.lastSeen - b.lastSeen)
  for (let extra = kept.length - bounds.maxInstancesPerApplication, i = 0; i < extra; i++) delete instances[kept[i]!.instanceId]
  row.bytes = applicationBytes(readRow(row))
}

/** Forgets applications past the ceilings, the one seen longest ago first: of a caller past its share, then of all. */
const forgetApplications = (draft: Tx, touched: readonly string[], bounds: UsageBounds): void => {
  const apps = draft.usageApplications
  const place = new Map(touched.map((name, i) => [name, i]))
  // Seen longest ago first; at the same time, those written now after the others, in the order seen.
  const order = [...apps.rows()].sort((a, b) => a.lastSeen - b.lastSeen || (place.get(a.appName) ?? -1) - (place.get(b.appName) ?? -1))
  const newest = order[order.length - 1]
  const byCaller = new Map<string, number>()
  let total = 0
  for (const app of order) {
    byCaller.set(app.caller, (byCaller.get(app.caller) ?? 0) + app.bytes)
    total += app.bytes
  }
  const gone = new Set<string>()
  const forget = (app: UsageApplicationRow): void => {
    gone.add(app.appName)
    apps.delete(app.appName)
    byCaller.set(app.caller, byCaller.get(app.caller)! - app.bytes)
    total -= app.bytes
  }
  for (const caller of new Set(touched.map((name) => apps.read(name)?.caller))) {
    if (caller === undefined) continue
    const own = order.filter((app) => app.caller === caller)
    const mine = own[own.length - 1]
    for (const app of own) if (byCaller.get(caller)! > bounds.maxBytesPerCaller && app !== mine && !gone.has(app.appName)) forget(app)
  }
  for (const app of order) if ((apps.size > bounds.maxApplications || total > bounds.maxApplicationBytes) && app !== newest && !gone.has(app.appName)) forget(app)
}

/** Yes and no counts. */
export interface YesNo {
  readonly yes: number
  readonly no: number
}

/** Per flag, per environment, a hour's `yes` and `no`. */
export type HourUsage = ReadonlyMap<string, ReadonlyMap<string, YesNo>>

/**
 * Per flag and environment, the counts of the hour `now` falls in, summed over applications:
 * Unleash's "last hour bucket", which a feature's environments and search show as `yes` and
 * `no`. A scan of the stored counts: the facade keeps one per table and hour (src/api/answer-cache.ts).
 */
export const currentHourUsage = (state: { readonly usageCounts: { rows(): readonly UsageCountRow[] } }, now: number): HourUsage => {
  const hour = hourOf(now)
  const found = new Map<string, Map<string, { yes: number; no: number }>>()
  for (const row of state.usageCounts.rows()) {
    if (row.hour !== hour) continue
    let byEnvironment = found.get(row.feature)
    if (byEnvironment === undefined) found.set(row.feature, (byEnvironment = new Map()))
    const sum = byEnvironment.get(row.environment) ?? { yes: 0, no: 0 }
    sum.yes = add(sum.yes, row.yes)
    sum.no = add(sum.no, row.no)
    byEnvironment.set(row.environment, sum)
  }
  return found
}

/** A flag's `yes` and `no` in one environment this hour (0 and 0 when none was reported). */
export const usageOf = (usage: HourUsage, feature: string, environment: string): YesNo => usage.get(feature)?.get(environment) ?? { yes: 0, no: 0 }
