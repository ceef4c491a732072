import * as E from 'fp-ts/lib/Either.js'
import { HOUR_MS, hourOf } from '../../domain/metrics/report.js'
import type { ApplicationDetail, ApplicationSummary, ApplicationUsage, FeatureEnvironmentMetrics, FeatureUsage } from '../../model/metrics.js'
import type { State } from '../../model/state.js'
import type { ReadState } from '../../store/tx.js'
import { findStrategyType } from '../../domain/strategy-type/strategy-types.js'
import { SYSTEM } from '../admission.js'
import { featureMetadata } from '../../domain/feature/render.js'
import type { UsageApplicationRow as Application, UsageCountRow as Series } from '../../model/usage.js'

const iso = (ms: number): string => new Date(ms).toISOString()

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Per application, the projects of the flags it reported and the environments it reported them in. */
export const usageByApplication = (state: State, series: readonly Series[]): Map<string, ApplicationUsage[]> => {
  const found = new Map<string, Map<string, Set<string>>>()
  for (const s of series) {
    const project = state.features.get(s.feature)?.project
    if (project === undefined) continue
    let projects = found.get(s.appName)
    if (projects === undefined) found.set(s.appName, (projects = new Map()))
    let environments = projects.get(project)
    if (environments === undefined) projects.set(project, (environments = new Set()))
    environments.add(s.environment)
  }
  const usage = new Map<string, ApplicationUsage[]>()
  for (const [app, projects] of found) {
    usage.set(
      app,
      [...projects].sort(([a], [b]) => byName(a, b)).map(([project, environments]) => ({ project, environments: [...environments].sort(byName) })),
    )
  }
  return usage
}

/** Who added an application that SDKs made, as Unleash names it. */
const SDK_CREATOR = SYSTEM.actor.name

/** When an SDK last registered or reported the application, or the admin API last edited it. */
const updatedAt = (app: Application): number => Math.max(app.lastSeen, app.editedAt ?? -Infinity)

/** The environment of the instance seen last, `*` when none is. */
const lastEnvironment = (app: Application): string => {
  let found: { at: number; environment: string } | undefined
  for (const i of Object.values(app.instances)) if (found === undefined || i.lastSeen >= found.at) found = { at: i.lastSeen, environment: i.environment }
  return found?.environment ?? '*'
}

export const applicationSummary = (app: Application, usage: readonly ApplicationUsage[] = []): ApplicationSummary => {
  // As Unleash, one place of `usage`; before any report, where it was last seen.
  const first = usage[0]
  return {
    appName: app.appName,
    ...(app.sdkVersion !== undefined ? { sdkVersion: app.sdkVersion } : {}),
    ...(app.createdAt !== undefined ? { createdAt: iso(app.createdAt) } : {}),
    updatedAt: iso(updatedAt(app)),
    ...(app.description !== undefined ? { description: app.description } : {}),
    strategies: [...app.strategies],
    createdBy: app.createdBy ?? SDK_CREATOR,
    ...(app.url !== undefined ? { url: app.url } : {}),
    ...(app.color !== undefined ? { color: app.color } : {}),
    ...(app.icon !== undefined ? { icon: app.icon } : {}),
    project: first?.project ?? '*',
    environment: first?.environments[0] ?? lastEnvironment(app),
    usage: [...usage],
  }
}

export const applicationDetail = (state: ReadState, app: Application, series: readonly Series[]): ApplicationDetail => {
  const own = series.filter((s) => s.appName === app.appName)
  return {
    appName: app.appName,
    ...(app.createdAt !== undefined ? { createdAt: iso(app.createdAt) } : {}),
    ...(app.description !== undefined ? { description: app.description } : {}),
    ...(app.url !== undefined ? { url: app.url } : {}),
    ...(app.color !== undefined ? { color: app.color } : {}),
    ...(app.icon !== undefined ? { icon: app.icon } : {}),
    // Each name once: a type's object is answered at most once, whatever an SDK repeats.
    strategies: [...new Set(app.strategies)].map((name) => E.getOrElseW(() => ({ name, notFound: true as const }))(findStrategyType(state, name))),
    instances: Object.values(app.instances).reverse().sort((a, b) => b.lastSeen - a.lastSeen).map((i) => ({
      appName: app.appName,
      instanceId: i.instanceId,
      ...(i.sdkVersion !== undefined ? { sdkVersion: i.sdkVersion } : {}),
      sdkType: i.sdkType ?? 'backend',
      lastSeen: iso(i.lastSeen),
      environment: i.environment,
      ...(i.started !== undefined ? { started: iso(i.started) } : {}),
    })),
    // As Unleash, a flag archived since is not found.
    seenToggles: [...new Set(own.map((s) => s.feature))].sort(byName).map((name) => {
      const flag = state.features.get(name)
      return flag === undefined || flag.archived ? { name, notFound: true as const } : featureMetadata(flag)
    }),
    links: { self: `/api/applications/${app.appName}` },
  }
}

/**
 * A flag's use, as Unleash's feature page shows it: per environment and hour of the last hour
 * (the current hour and the one before), summed over applications; totals over the whole
 * window; the applications that reported it.
 */
export const featureUsage = (name: string, series: readonly Series[], now: number): FeatureUsage => {
  const since = hourOf(now) - HOUR_MS
  const hourly = new Map<string, { environment: string; hour: number; yes: number; no: number; variants: Record<string, number> }>()
  const totals = new Map<string, { environment: string; yes: number; no: number }>()
  const apps = new Set<string>()
  for (const s of series) {
    if (s.feature !== name) continue
    apps.add(s.appName)
    const total = totals.get(s.environment) ?? { environment: s.environment, yes: 0, no: 0 }
    total.yes += s.yes
    total.no += s.no
    totals.set(s.environment, total)
    if (s.hour < since) continue
    const key = `${s.hour} ${s.environment}`
    const entry = hourly.get(key) ?? { environment: s.environment, hour: s.hour, yes: 0, no: 0, variants: {} }
    entry.yes += s.yes
    entry.no += s.no
    for (const [variant, n] of Object.entries(s.variants)) entry.variants[variant] = (entry.variants[variant] ?? 0) + n
    hourly.set(key, entry)
  }
  const lastHourUsage: FeatureEnvironmentMetrics[] = [...hourly.values()]
    .sort((a, b) => a.hour - b.hour || byName(a.environment, b.environment))
    .map((e) => ({ environment: e.environment, timestamp: iso(e.hour), yes: e.yes, no: e.no, variants: e.variants }))
  return {
    version: 1,
    maturity: 'stable',
    featureName: name,
    lastHourUsage,
    totalUsage: [...totals.values()].sort((a, b) => byName(a.environment, b.environment)),
    seenApplications: [...apps].sort(byName),
  }
}
