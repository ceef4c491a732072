import * as E from 'fp-ts/lib/Either.js'
import { decodeAt } from '../../domain/decode.js'
import { type NotFoundError, type ValidationError, notFound, validationError } from '../../domain/errors.js'
import type { Sighting } from '../../domain/metrics/last-seen.js'
import { HOUR_MS, hourOf, type Tally } from '../../domain/metrics/report.js'
import { ApplicationsQuery, type ApplicationDetail, type Applications, type FeatureUsage } from '../../model/metrics.js'
import { NoParams } from '../../model/params.js'
import type { ClockPort } from '../../ports/clock.js'
import { bind, type Method, type Run } from '../methods.js'
import { type ApiRequest, type CallError, read, type ReadOperation } from '../operation.js'
import { bulkMetricsOp, markLastSeenOp, registerClientOp, reportMetricsOp, type Usage } from '../operations/metrics.js'
import type { Result } from '../runner.js'
import type { MetricsLimits } from './limits.js'
import { applicationDetail, applicationSummary, featureUsage, usageByApplication } from './render.js'
import { createUsageStore, type Presence } from './usage-store.js'
import * as t from 'io-ts'

export interface MetricsDeps {
  readonly clock: ClockPort
  readonly limits: MetricsLimits
  /** The facade's pipeline, which every call goes through. */
  readonly run: Run
  /** The same pipeline for the instance's own writes (`lastSeenAt`). */
  readonly runAsSystem: Run
}

const AppParams = t.type({ appName: t.string })
const FeatureNameParams = t.type({ featureName: t.string })

/** A query's whole number of 0 or more, else the 400 naming it. */
const wholeNumber = (value: string | undefined, name: string, fallback: number): E.Either<ValidationError, number> => {
  if (value === undefined) return E.right(fallback)
  const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN
  return Number.isNaN(n) ? E.left(validationError(`The \`/query/${name}\` must be a whole number of 0 or more. You sent ${JSON.stringify(value)}.`, `/query/${name}`)) : E.right(n)
}

/**
 * What SDKs report (registrations and usage counts) and what the admin API shows of it. Counts
 * and applications are kept in memory (see usage-store.ts); `lastSeenAt` is written to the store,
 * at most once per `lastSeenWriteIntervalMs`, so the admin API and every process sharing the
 * store show it.
 */
export const metricsMethods = ({ clock, limits, run, runAsSystem }: MetricsDeps) => {
  const usage = createUsageStore(limits)
  const m = bind(run)
  /** Sightings not yet written, one per flag and environment (so bounded by the store's flags). */
  const pending = new Map<string, Sighting>()
  let lastWrite = -Infinity
  let writing: Promise<Result<void>> | undefined

  /** Commits the pending sightings; those met by a failure stay pending for the next write. */
  const writeLastSeen = (): Promise<Result<void>> =>
    (writing ??= (async () => {
      const sightings = [...pending.values()]
      lastWrite = clock.now()
      if (sightings.length === 0) return E.right(undefined)
      const written = await runAsSystem(markLastSeenOp(sightings), { params: {} })
      // Only what was written leaves: a sighting made meanwhile replaced its entry.
      if (E.isRight(written)) for (const s of sightings) if (pending.get(`${s.feature}\u0000${s.environment}`) === s) pending.delete(`${s.feature}\u0000${s.environment}`)
      return written
    })().finally(() => (writing = undefined)))

  /** Counts the tallies, notes the sightings, and writes them when the interval has passed. */
  const record = async (presence: readonly Presence[], tallies: readonly Tally[]): Promise<void> => {
    const now = clock.now()
    usage.record(presence, tallies, now)
    const at = new Date(now).toISOString()
    for (const t of tallies) pending.set(`${t.feature}\u0000${t.environment}`, { feature: t.feature, environment: t.environment, at })
    // A failed write keeps its sightings pending: the report itself was counted, so it is still a 202.
    if (pending.size > 0 && now - lastWrite >= limits.lastSeenWriteIntervalMs) await writeLastSeen()
  }

  /** An SDK's call: its operation admits and reads it, and what it reports is counted here. */
  const ingest =
    <B>(op: ReadOperation<NoParams, B, Usage, ValidationError>): Method<NoParams, B, void, CallError> =>
    async (request) => {
      const usage = await run(op, request as ApiRequest<NoParams>)
      if (E.isLeft(usage)) return usage as E.Left<CallError>
      await record(usage.right.presence, usage.right.tallies)
      return E.right(undefined)
    }

  const applicationsOp = read<NoParams, undefined, Applications, ValidationError>({
    params: NoParams,
    requirement: 'NONE',
    run: (state, { query }) => {
      const q = decodeAt(ApplicationsQuery, '/query', query)
      if (E.isLeft(q)) return q
      const offset = wholeNumber(q.right.offset, 'offset', 0)
      if (E.isLeft(offset)) return offset
      const limit = wholeNumber(q.right.limit, 'limit', 1000)
      if (E.isLeft(limit)) return limit
      const text = q.right.query?.toLowerCase()
      const found = usage.applications().filter((a) => text === undefined || a.appName.toLowerCase().includes(text))
      found.sort((a, b) => (a.appName < b.appName ? -1 : a.appName > b.appName ? 1 : 0))
      if (q.right.sortOrder === 'desc') found.reverse()
      const page = found.slice(offset.right, offset.right + limit.right)
      const usageOf = usageByApplication(state, usage.series(clock.now()))
      return E.right({ total: found.length, applications: page.map((a) => applicationSummary(a, usageOf.get(a.appName))) })
    },
  })

  const applicationOp = read<t.TypeOf<typeof AppParams>, undefined, ApplicationDetail, NotFoundError>({
    params: AppParams,
    requirement: 'NONE',
    run: (state, { params }) => {
      const app = usage.application(params.appName)
      if (app === undefined) return E.left(notFound(`Could not find application with appName ${params.appName}`))
      return E.right(applicationDetail(state, app, usage.series(clock.now())))
    },
  })

  const featureOp = read<t.TypeOf<typeof FeatureNameParams>, undefined, FeatureUsage, NotFoundError>({
    params: FeatureNameParams,
    requirement: 'NONE',
    run: (state, { params }) => {
      if (state.features.get(params.featureName) === undefined) return E.left(notFound(`Could not find feature with name ${params.featureName}`))
      const now = clock.now()
      return E.right(featureUsage(params.featureName, usage.series(now, hourOf(now) - limits.retentionHours * HOUR_MS), now))
    },
  })

  return {
    /** Server SDKs' calls, and the admin API's reads of what they reported. */
    metrics: {
      /** `POST /api/client/register`. */
      register: ingest(registerClientOp('client')),
      /** `POST /api/client/metrics`. */
      report: ingest(reportMetricsOp('client')),
      /** `POST /api/client/metrics/bulk`. */
      bulk: ingest(bulkMetricsOp),
      /** `GET /api/admin/metrics/applications`: `query`, `offset`, `limit`, `sortOrder`. */
      applications: m(applicationsOp),
      /** `GET /api/admin/metrics/applications/:appName`. */
      application: m(applicationOp),
      /** `GET /api/admin/client-metrics/features/:featureName`. */
      feature: m(featureOp),
    },
    /** Frontend SDKs' calls. */
    frontend: {
      /** `POST /api/frontend/client/register`. */
      register: ingest(registerClientOp('frontend')),
      /** `POST /api/frontend/client/metrics`. */
      report: ingest(reportMetricsOp('frontend')),
    },
    /** What the reports keep in memory, in bytes: for tests and a host's own checks. */
    kept: () => usage.kept(),
    /** Writes the `lastSeenAt` not yet written, whatever the interval: for a host shutting down. */
    flushLastSeen: (): Promise<Result<void>> => writeLastSeen(),
  }
}
