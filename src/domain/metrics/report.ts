import * as E from 'fp-ts/lib/Either.js'
import { type ErrorDetail, type ValidationError, validationError } from '../errors.js'
import type { BulkMetricsBody, ClientMetricsBody, MetricDate, ToggleCounts } from '../../model/metrics.js'
import { lookup } from '../../model/dict.js'
import type { ReadState } from '../../store/tx.js'

export const HOUR_MS = 3_600_000

/** How far ahead of this server's clock a report may be dated: SDK clocks drift, not by hours. */
export const CLOCK_SKEW_MS = HOUR_MS

/** What a caller's token lets it report on: an environment it is bound to, the projects it sees. */
export interface ReportScope {
  readonly environment: string
  readonly projects?: readonly string[]
}

/** One flag's counts for one application and environment in one hour. */
export interface Tally {
  readonly feature: string
  readonly environment: string
  readonly appName: string
  /** The start of the hour, in milliseconds since the epoch. */
  readonly hour: number
  readonly yes: number
  readonly no: number
  readonly variants: Readonly<Record<string, number>>
}

export const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS

export const millisOf = (date: MetricDate): number => (typeof date === 'number' ? date : Date.parse(date))

/** A flag a report may count: one the store has, unarchived, in a project the caller sees, in an environment the instance has. */
const countable = (state: ReadState, scope: ReportScope, name: string, environment: string): boolean => {
  if (!state.environments.has(environment)) return false
  const feature = state.features.get(name)
  if (feature === undefined || feature.archived) return false
  return scope.projects === undefined || scope.projects.includes('*') || scope.projects.includes(feature.project)
}

/**
 * The variant names a flag can give in an environment: its own, its strategies', and
 * `disabled`. Only these are counted, so what a report can make the server keep is bounded
 * by the flag's configuration, not by the names a body invents.
 */
const variantNames = (state: ReadState, feature: string, environment: string): Set<string> => {
  const settings = lookup(state.features.get(feature)!.environments, environment)
  const names = new Set(['disabled'])
  for (const v of settings?.variants ?? []) names.add(v.name)
  for (const s of settings?.strategies ?? []) for (const v of s.variants) names.add(v.name)
  return names
}

const tally = (state: ReadState, feature: string, environment: string, appName: string, hour: number, counts: ToggleCounts): Tally => {
  const known = variantNames(state, feature, environment)
  const variants: Record<string, number> = Object.create(null)
  for (const [name, n] of Object.entries(counts.variants ?? {})) if (known.has(name)) variants[name] = n
  return { feature, environment, appName, hour, yes: counts.yes ?? 0, no: counts.no ?? 0, variants }
}

const unused = (t: Tally): boolean => t.yes === 0 && t.no === 0 && Object.values(t.variants).every((n) => n === 0)

/** A date no SDK can have meant: later than this server's clock allows. */
const futureDate = (path: string, ms: number, now: number): ErrorDetail | undefined =>
  ms > now + CLOCK_SKEW_MS ? { path, message: `The \`${path}\` lies more than an hour after this server's time (${new Date(now).toISOString()}).` } : undefined

/**
 * The tallies of an SDK's report (`POST /api/client/metrics`), counted in the hour its bucket
 * stopped. Flags the store does not have, or the caller may not see, are let be, as Unleash
 * lets them be: SDKs count every name they were asked about; so are variant names the flag
 * cannot give. A bucket that stops before it
 * starts, or after the clock allows, is refused whole.
 */
export const readReport = (state: ReadState, body: ClientMetricsBody, scope: ReportScope, now: number): E.Either<ValidationError, Tally[]> => {
  const bucket = body.bucket
  if (bucket === undefined || bucket === null) return E.right([])
  const start = millisOf(bucket.start)
  const stop = millisOf(bucket.stop)
  const problems: ErrorDetail[] = []
  const late = futureDate('/body/bucket/stop', stop, now)
  if (late) problems.push(late)
  if (stop < start) problems.push({ path: '/body/bucket/stop', message: 'The `/body/bucket/stop` must not be before `/body/bucket/start`.' })
  if (problems.length > 0) return E.left(validationError(problems))
  const hour = hourOf(stop)
  const tallies: Tally[] = []
  for (const [name, counts] of Object.entries(bucket.toggles)) {
    if (!countable(state, scope, name, scope.environment)) continue
    const t = tally(state, name, scope.environment, body.appName, hour, counts)
    if (!unused(t)) tallies.push(t)
  }
  return E.right(tallies)
}

/**
 * The tallies of Edge's bulk body: each metric in its own environment and hour (its
 * `timestamp`, else now). A caller bound to one environment counts only that one's.
 */
export const readBulk = (state: ReadState, body: BulkMetricsBody, scope: ReportScope & { readonly bound: boolean }, now: number): E.Either<ValidationError, Tally[]> => {
  const problems: ErrorDetail[] = []
  const tallies: Tally[] = []
  body.metrics.forEach((metric, i) => {
    const at = metric.timestamp === undefined ? now : millisOf(metric.timestamp)
    const late = futureDate(`/body/metrics/${i}/timestamp`, at, now)
    if (late) return void problems.push(late)
    if (scope.bound && metric.environment !== scope.environment) return
    if (!countable(state, scope, metric.featureName, metric.environment)) return
    const t = tally(state, metric.featureName, metric.environment, metric.appName, hourOf(at), metric)
    if (!unused(t)) tallies.push(t)
  })
  return problems.length > 0 ? E.left(validationError(problems)) : E.right(tallies)
}
