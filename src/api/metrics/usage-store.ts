import { HOUR_MS, hourOf, type Tally } from '../../domain/metrics/report.js'
import type { MetricsLimits } from './limits.js'
import { ENTRY_BYTES, optionalBytes, STRATEGY_NAME_BYTES, textBytes } from '../../domain/metrics/sizes.js'

/** One flag's counts for one application and environment in one hour. */
export interface Series {
  readonly feature: string
  readonly environment: string
  readonly appName: string
  readonly hour: number
  yes: number
  no: number
  readonly variants: Map<string, number>
}

export interface Instance {
  readonly instanceId: string
  sdkVersion?: string
  environment: string
  lastSeen: number
  started?: number
  sdkType?: SdkType
}

export interface Application {
  readonly appName: string
  /** Who last registered or reported it: its bytes count toward that caller's share. */
  caller: string
  /** What it keeps, its instances included (see sizes.ts). */
  bytes: number
  sdkVersion?: string
  strategies: readonly string[]
  lastSeen: number
  /** Least recently seen first. */
  readonly instances: Map<string, Instance>
}

/** What an SDK says of itself, at registration or beside its counts. */
export interface Presence {
  /** Who reported it (a token, a user): what one caller keeps is bounded. */
  readonly caller: string
  readonly appName: string
  readonly instanceId?: string
  readonly environment: string
  readonly sdkVersion?: string
  readonly strategies?: readonly string[]
  readonly started?: number
  readonly sdkType?: SdkType
}

/** Which kind of SDK an instance is, as the overview tells them apart. */
export type SdkType = 'frontend' | 'backend'

const add = (a: number, b: number): number => Math.min(a + b, Number.MAX_SAFE_INTEGER)

/** Moves a key to the end of a map's order, the place of the most recently seen. */
const touch = <K, V>(map: Map<K, V>, key: K, value: V): void => {
  map.delete(key)
  map.set(key, value)
}

/**
 * What SDKs reported since the last write to the store, in this process's memory: hourly
 * counts, and the applications and instances seen. The facade adds it to the stored rows once
 * per interval (src/domain/metrics/usage-rows.ts) and starts a new one. Every map is bounded
 * by `limits`, so what waits for a write is bounded as what is stored is.
 */
export const createUsageStore = (limits: MetricsLimits) => {
  /** Hour start -> series key -> series; hours in the order first counted. */
  const hours = new Map<number, Map<string, Series>>()
  const applications = new Map<string, Application>()

  let seriesCount = 0
  let seriesBytes = 0
  let applicationBytes = 0
  /** Bytes kept per caller; a caller with none is not listed. */
  const callerBytes = new Map<string, number>()

  const seriesSize = (s: Series): number => {
    let bytes = ENTRY_BYTES + textBytes(s.feature) + textBytes(s.environment) + textBytes(s.appName)
    for (const name of s.variants.keys()) bytes += ENTRY_BYTES + textBytes(name)
    return bytes
  }

  /** Forgets the hours that fell out of the window. */
  const prune = (now: number): void => {
    const oldest = hourOf(now) - (limits.retentionHours - 1) * HOUR_MS
    for (const [hour, series] of hours) {
      if (hour >= oldest) continue
      seriesCount -= series.size
      for (const s of series.values()) seriesBytes -= seriesSize(s)
      hours.delete(hour)
    }
  }

  const count = (t: Tally, now: number): void => {
    if (t.hour < hourOf(now) - (limits.retentionHours - 1) * HOUR_MS) return
    const key = JSON.stringify([t.feature, t.environment, t.appName])
    let series = hours.get(t.hour)
    let found = series?.get(key)
    if (found === undefined) {
      const fresh: Series = { feature: t.feature, environment: t.environment, appName: t.appName, hour: t.hour, yes: 0, no: 0, variants: new Map() }
      const bytes = seriesSize(fresh)
      if (seriesCount >= limits.maxSeries || seriesBytes + bytes > limits.maxSeriesBytes) return
      if (series === undefined) hours.set(t.hour, (series = new Map()))
      found = fresh
      series.set(key, found)
      seriesCount += 1
      seriesBytes += bytes
    }
    found.yes = add(found.yes, t.yes)
    found.no = add(found.no, t.no)
    for (const [name, n] of Object.entries(t.variants)) {
      const before = found.variants.get(name)
      if (before === undefined) {
        const bytes = ENTRY_BYTES + textBytes(name)
        if (found.variants.size >= limits.maxVariantsPerSeries || seriesBytes + bytes > limits.maxSeriesBytes) continue
        seriesBytes += bytes
      }
      found.variants.set(name, add(before ?? 0, n))
    }
  }

  const instanceSize = (i: Instance): number => ENTRY_BYTES + textBytes(i.instanceId) + optionalBytes(i.sdkVersion) + textBytes(i.environment)

  const applicationSize = (app: Application): number => {
    let bytes = ENTRY_BYTES + textBytes(app.appName) + optionalBytes(app.sdkVersion)
    for (const name of app.strategies) bytes += STRATEGY_NAME_BYTES + textBytes(name)
    // The detail names the application in each instance.
    for (const i of app.instances.values()) bytes += instanceSize(i) + textBytes(app.appName)
    return bytes
  }

  const charge = (caller: string, bytes: number): void => {
    const held = (callerBytes.get(caller) ?? 0) + bytes
    if (held <= 0) callerBytes.delete(caller)
    else callerBytes.set(caller, held)
    applicationBytes += bytes
  }

  const forget = (app: Application): void => {
    applications.delete(app.appName)
    charge(app.caller, -app.bytes)
  }

  /** The application `caller` (any caller, when undefined) saw longest ago, but `keep`. */
  const oldest = (keep: Application, caller?: string): Application | undefined => {
    for (const app of applications.values()) if (app !== keep && (caller === undefined || app.caller === caller)) return app
    return undefined
  }

  const see = (p: Presence, now: number): void => {
    let app = applications.get(p.appName)
    if (app === undefined) app = { appName: p.appName, caller: p.caller, bytes: 0, strategies: [], lastSeen: now, instances: new Map() }
    else charge(app.caller, -app.bytes)
    app.caller = p.caller
    app.lastSeen = now
    if (p.sdkVersion !== undefined) app.sdkVersion = p.sdkVersion
    if (p.strategies !== undefined) app.strategies = p.strategies.slice(0, limits.maxStrategiesPerApplication)
    touch(applications, p.appName, app)
    if (p.instanceId !== undefined) {
      const instance: Instance = app.instances.get(p.instanceId) ?? { instanceId: p.instanceId, environment: p.environment, lastSeen: now }
      instance.lastSeen = now
      instance.environment = p.environment
      if (p.sdkVersion !== undefined) instance.sdkVersion = p.sdkVersion
      if (p.started !== undefined) instance.started = p.started
      if (p.sdkType !== undefined) instance.sdkType = p.sdkType
      touch(app.instances, p.instanceId, instance)
      if (app.instances.size > limits.maxInstancesPerApplication) app.instances.delete(app.instances.keys().next().value!)
    }
    app.bytes = applicationSize(app)
    charge(app.caller, app.bytes)
    // The oldest first: of the caller's own past its share, then of all past the whole.
    let drop: Application | undefined
    while ((callerBytes.get(p.caller) ?? 0) > limits.maxBytesPerCaller && (drop = oldest(app, p.caller))) forget(drop)
    while ((applications.size > limits.maxApplications || applicationBytes > limits.maxApplicationBytes) && (drop = oldest(app))) forget(drop)
  }

  return {
    /** Records an SDK's presence and its tallies; nothing here can fail. */
    record: (presence: readonly Presence[], tallies: readonly Tally[], now: number): void => {
      prune(now)
      for (const p of presence) see(p, now)
      for (const t of tallies) count(t, now)
    },
    /** Every series kept from `since` (an hour start) on. */
    series: (now: number, since = -Infinity): Series[] => {
      prune(now)
      const found: Series[] = []
      for (const [hour, series] of hours) if (hour >= since) for (const s of series.values()) found.push(s)
      return found
    },
    applications: (): readonly Application[] => [...applications.values()],
    application: (appName: string): Application | undefined => applications.get(appName),
    /** Takes in what `older` kept (a write that failed), as if seen before what this one holds. */
    absorb: (older: { series(now: number): Series[]; applications(): readonly Application[] }, now: number): void => {
      const mine = [...applications.values()].map((app) => app.appName)
      for (const s of older.series(now)) count({ ...s, variants: Object.fromEntries(s.variants) }, now)
      for (const app of older.applications()) {
        const seen = applications.get(app.appName)?.lastSeen ?? -Infinity
        const base = { caller: app.caller, appName: app.appName, ...(app.sdkVersion !== undefined ? { sdkVersion: app.sdkVersion } : {}) }
        if (!applications.has(app.appName)) see({ ...base, environment: '', ...(app.strategies.length > 0 ? { strategies: app.strategies } : {}) }, app.lastSeen)
        for (const i of app.instances.values()) {
          if (applications.get(app.appName)?.instances.has(i.instanceId)) continue
          see({ ...base, instanceId: i.instanceId, environment: i.environment, ...(i.started !== undefined ? { started: i.started } : {}) }, i.lastSeen)
        }
        const merged = applications.get(app.appName)
        if (merged !== undefined) merged.lastSeen = Math.max(merged.lastSeen, seen)
      }
      // What this one saw is the more recent.
      for (const name of mine) {
        const app = applications.get(name)
        if (app !== undefined) touch(applications, name, app)
      }
    },
    /** Whether nothing is kept. */
    empty: (): boolean => applications.size === 0 && seriesCount === 0,
    /** What is kept, in bytes as sizes.ts counts them: applications (in all and per caller) and counts. */
    kept: () => ({ applicationBytes, seriesBytes, callerBytes: new Map(callerBytes) }),
  }
}

export type UsageStore = ReturnType<typeof createUsageStore>
