import * as E from 'fp-ts/lib/Either.js'
import { decodeAt } from '../../domain/decode.js'
import { type NotFoundError, type ValidationError, notFound, validationError } from '../../domain/errors.js'
import { markSeen, type Sighting } from '../../domain/metrics/last-seen.js'
import { millisOf, readBulk, readReport, type Tally } from '../../domain/metrics/report.js'
import {
  ApplicationsQuery,
  BulkMetricsBody,
  ClientMetricsBody,
  ClientRegistrationBody,
  type ApplicationDetail,
  type Applications,
  type FeatureUsage,
} from '../../model/metrics.js'
import { NoParams } from '../../model/params.js'
import type { Principal } from '../../ports/auth.js'
import type { ClockPort } from '../../ports/clock.js'
import { bind, type Method, type Run } from '../methods.js'
import { type CallError, type ReadOperation, read, write as writeOp } from '../operation.js'
import { sdkEnvironment, type TokenScope, UNSCOPED } from '../admission.js'
import type { Result } from '../runner.js'
import type { MetricsLimits } from './limits.js'
import { applicationViewOps } from './app-views.js'
import { applicationDetail, applicationSummary, featureUsage, usageByApplication } from './render.js'
import { createUsageStore, type Presence, type UsageStore } from './usage-store.js'
import { oldestHour, storeUsage, type UsageDelta } from '../../domain/metrics/usage-rows.js'
import * as t from 'io-ts'
import type { UsageCountRow } from '../../model/usage.js'
import type { ReadState } from '../../store/tx.js'

export interface MetricsDeps {
  readonly clock: ClockPort
  readonly limits: MetricsLimits
  /** The facade's pipeline, which every call goes through. */
  readonly run: Run
  /** The same pipeline for the instance's own writes (the gathered usage and `lastSeenAt`). */
  readonly runAsSystem: Run
}

const AppParams = t.type({ appName: t.string })
const FeatureNameParams = t.type({ featureName: t.string })

/** What a caller may report on: its token's environment and projects win over what the body names. */
const reportScope = (token: TokenScope, named: string | undefined) => ({
  environment: sdkEnvironment(token, named),
  bound: token.environment !== undefined,
  ...(token.projects !== undefined ? { projects: token.projects } : {}),
})

/** Whose share what a caller reports counts toward: the token or user, by kind and id. */
const callerKey = (principal: Principal): string => `${principal.kind}:${principal.actor.id}:${principal.actor.name}`

/** A query's whole number of 0 or more, else the 400 naming it. */
const wholeNumber = (value: string | undefined, name: string, fallback: number): E.Either<ValidationError, number> => {
  if (value === undefined) return E.right(fallback)
  const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN
  return Number.isNaN(n) ? E.left(validationError(`The \`/query/${name}\` must be a whole number of 0 or more. You sent ${JSON.stringify(value)}.`, `/query/${name}`)) : E.right(n)
}

/** What a write adds to the store: the counts and applications a usage store gathered. */
const usageDelta = (taken: UsageStore, now: number): UsageDelta => ({
  counts: taken.series(now),
  applications: taken.applications().map((a) => ({
    appName: a.appName,
    caller: a.caller,
    lastSeen: a.lastSeen,
    strategies: a.strategies,
    ...(a.sdkVersion !== undefined ? { sdkVersion: a.sdkVersion } : {}),
    instances: new Map([...a.instances].map(([id, i]) => [id, { ...i }])),
  })),
})

/**
 * What SDKs report (registrations and usage counts) and what the admin API shows of it. Counts
 * and applications are kept in memory (see usage-store.ts); `lastSeenAt` is written to the store,
 * at most once per `lastSeenWriteIntervalMs`, so the admin API and every process sharing the
 * store show it.
 */
export const metricsMethods = ({ clock, limits, run, runAsSystem }: MetricsDeps) => {
  /** What SDKs reported since the last write; replaced by an empty one when a write takes it. */
  let usage = createUsageStore(limits)
  const m = bind(run)
  const views = applicationViewOps(limits, () => clock.now())
  /** Sightings not yet written, one per flag and environment (so bounded by the store's flags). */
  const pending = new Map<string, Sighting>()
  let lastWrite = -Infinity
  let writing: Promise<Result<void>> | undefined
  /** Set by `close`: from then on what a report brings is written at once, as no later write will come. */
  let closed = false

  /**
   * Commits the pending sightings and adds the counts and applications gathered since the last
   * write to the stored ones, in one commit; what a failure met is kept for the next write.
   */
  const write = (): Promise<Result<void>> =>
    (writing ??= (async () => {
      const sightings = [...pending.values()]
      const taken = usage
      usage = createUsageStore(limits)
      lastWrite = clock.now()
      if (sightings.length === 0 && taken.empty()) return E.right(undefined)
      const delta = usageDelta(taken, lastWrite)
      const op = writeOp<NoParams, undefined, void>({
        params: NoParams,
        requirement: 'NONE',
        admits: 'system',
        run: (draft, { ctx }) => {
          markSeen(draft, sightings, ctx.now)
          storeUsage(draft, delta, limits, Date.parse(ctx.now))
          return E.right(() => undefined)
        },
      })
      const written = await runAsSystem(op, { params: {} })
      // Only what was written leaves: a sighting made meanwhile replaced its entry.
      if (E.isRight(written)) {
        for (const s of sightings) if (pending.get(`${s.feature}\u0000${s.environment}`) === s) pending.delete(`${s.feature}\u0000${s.environment}`)
      } else {
        const now = clock.now()
        const newer = usage
        usage = createUsageStore(limits)
        usage.absorb(taken, now)
        usage.absorb(newer, now)
      }
      return written
    })().finally(() => (writing = undefined)))

  /** A write that starts once the one under way (which may not hold what was gathered since) is done. */
  const writeAfter = async (): Promise<Result<void>> => {
    await writing
    return write()
  }

  /** Counts the tallies, notes the sightings, and writes them when the interval has passed. */
  const record = async (presence: readonly Presence[], tallies: readonly Tally[]): Promise<void> => {
    const now = clock.now()
    usage.record(presence, tallies, now)
    const at = new Date(now).toISOString()
    for (const t of tallies) pending.set(`${t.feature}\u0000${t.environment}`, { feature: t.feature, environment: t.environment, at })
    // Counts bring the write on, registrations wait for them (or the host's timer, or a read).
    // A failed write keeps what it held: the report itself was counted, so it is still a 202.
    if (closed) await writeAfter()
    else if (pending.size > 0 && now - lastWrite >= limits.lastSeenWriteIntervalMs) await write()
  }

  /** The stored counts still in the retention window at `now`. */
  const storedCounts = (state: ReadState, now: number): UsageCountRow[] => state.usageCounts.rows().filter((c) => c.hour >= oldestHour(now, limits.retentionHours))

  /** An admin read: what this process gathered is written first, so the answer shows it too. */
  const afterWrite = <P, Q, A, L>(method: Method<P, Q, A, L>): Method<P, Q, A, L> => async (request) => {
    if (pending.size > 0 || !usage.empty()) await write()
    return method(request)
  }

  const presenceOf = (caller: string, body: ClientMetricsBody | ClientRegistrationBody, environment: string, started?: number): Presence => ({
    caller,
    appName: body.appName,
    environment,
    ...(body.instanceId !== undefined ? { instanceId: body.instanceId } : {}),
    ...(body.sdkVersion !== undefined ? { sdkVersion: body.sdkVersion } : {}),
    ...('strategies' in body && body.strategies !== undefined ? { strategies: body.strategies } : {}),
    ...(started !== undefined ? { started } : {}),
  })

  /** What a report brings: the SDK's presence and its counts, read against the state. */
  interface Gathered {
    readonly presence: readonly Presence[]
    readonly tallies: readonly Tally[]
  }

  /** Runs an ingestion operation, then keeps what it read until the next write: a report commits nothing of its own. */
  const ingest = <B>(op: ReadOperation<NoParams, B, Gathered, ValidationError>): Method<NoParams, B, void, CallError> => {
    const method = m(op)
    return async (request) => {
      const gathered = await method(request)
      if (E.isLeft(gathered)) return gathered
      await record(gathered.right.presence, gathered.right.tallies)
      return E.right(undefined)
    }
  }

  /** `POST /api/<client|frontend>/client/metrics`: the counts of one interval. */
  const reportOp = (admits: 'client-token' | 'frontend-token') =>
    read<NoParams, ClientMetricsBody, Gathered, ValidationError>({
      params: NoParams,
      body: ClientMetricsBody,
      requirement: 'NONE',
      admits,
      run: (state, { body, principal, tokenScope = UNSCOPED }) => {
        const scope = reportScope(tokenScope, body.environment)
        const tallies = readReport(state, body, scope, clock.now())
        return E.isLeft(tallies) ? tallies : E.right({ presence: [presenceOf(callerKey(principal), body, scope.environment)], tallies: tallies.right })
      },
    })

  /** `POST /api/<client|frontend>/client/register`: an SDK instance starting. */
  const registerOp = (admits: 'client-token' | 'frontend-token') =>
    read<NoParams, ClientRegistrationBody, Gathered, ValidationError>({
      params: NoParams,
      body: ClientRegistrationBody,
      requirement: 'NONE',
      admits,
      run: (_, { body, principal, tokenScope = UNSCOPED }) => {
        const scope = reportScope(tokenScope, body.environment)
        return E.right({ presence: [presenceOf(callerKey(principal), body, scope.environment, millisOf(body.started))], tallies: [] })
      },
    })

  /** `POST /api/client/metrics/bulk`: Edge's applications and counts, all or nothing. */
  const bulkOp = read<NoParams, BulkMetricsBody, Gathered, ValidationError>({
    params: NoParams,
    body: BulkMetricsBody,
    requirement: 'NONE',
    admits: 'client-token',
    run: (state, { body, principal, tokenScope = UNSCOPED }) => {
      const scope = reportScope(tokenScope, undefined)
      const tallies = readBulk(state, body, scope, clock.now())
      if (E.isLeft(tallies)) return tallies
      const presence = body.applications
        .filter((a) => !scope.bound || a.environment === scope.environment)
        .map(
          (a): Presence => ({
            caller: callerKey(principal),
            appName: a.appName,
            instanceId: a.instanceId,
            environment: a.environment,
            ...(a.sdkVersion !== undefined ? { sdkVersion: a.sdkVersion } : {}),
            ...(a.strategies !== undefined ? { strategies: a.strategies } : {}),
            ...(a.started !== undefined ? { started: millisOf(a.started) } : {}),
          }),
        )
      return E.right({ presence, tallies: tallies.right })
    },
  })

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
      const found = state.usageApplications.rows().filter((a) => text === undefined || a.appName.toLowerCase().includes(text))
      found.sort((a, b) => (a.appName < b.appName ? -1 : a.appName > b.appName ? 1 : 0))
      if (q.right.sortOrder === 'desc') found.reverse()
      const page = found.slice(offset.right, offset.right + limit.right)
      const usageOf = usageByApplication(state, storedCounts(state, clock.now()))
      return E.right({ total: found.length, applications: page.map((a) => applicationSummary(a, usageOf.get(a.appName))) })
    },
  })

  const applicationOp = read<t.TypeOf<typeof AppParams>, undefined, ApplicationDetail, NotFoundError>({
    params: AppParams,
    requirement: 'NONE',
    run: (state, { params }) => {
      const app = state.usageApplications.get(params.appName)
      if (app === undefined) return E.left(notFound(`Could not find application with appName ${params.appName}`))
      return E.right(applicationDetail(state, app, storedCounts(state, clock.now())))
    },
  })

  const featureOp = read<t.TypeOf<typeof FeatureNameParams>, undefined, FeatureUsage, NotFoundError>({
    params: FeatureNameParams,
    requirement: 'NONE',
    run: (state, { params }) => {
      if (state.features.get(params.featureName) === undefined) return E.left(notFound(`Could not find feature with name ${params.featureName}`))
      const now = clock.now()
      return E.right(featureUsage(params.featureName, storedCounts(state, now).filter((c) => c.feature === params.featureName), now))
    },
  })

  return {
    /** Server SDKs' calls, and the admin API's reads of what they reported. */
    metrics: {
      /** `POST /api/client/register`. */
      register: ingest(registerOp('client-token')),
      /** `POST /api/client/metrics`. */
      report: ingest(reportOp('client-token')),
      /** `POST /api/client/metrics/bulk`. */
      bulk: ingest(bulkOp),
      /** `GET /api/admin/metrics/applications`: `query`, `offset`, `limit`, `sortOrder`. */
      applications: afterWrite(m(applicationsOp)),
      /** `GET /api/admin/metrics/applications/:appName`. */
      application: afterWrite(m(applicationOp)),
      /** `GET /api/admin/client-metrics/features/:featureName`. */
      feature: afterWrite(m(featureOp)),
      /** `GET /api/admin/client-metrics/features/:featureName/raw`. */
      featureRaw: afterWrite(m(views.raw)),
      /** `GET /api/admin/metrics/applications/:appName/overview`. */
      overview: afterWrite(m(views.overview)),
      /** `GET /api/admin/metrics/instances/:appName/environment/:environment`. */
      instances: afterWrite(m(views.instances)),
      /** `POST /api/admin/metrics/applications/:appName`: `strategies` (the UI's other fields are let be). */
      updateApplication: afterWrite(m(views.update)),
      /** `DELETE /api/admin/metrics/applications/:appName`. */
      deleteApplication: afterWrite(m(views.remove)),
      /** `GET /api/admin/projects/:projectId/applications`: `query`, `offset`, `limit` (default 50), `sortOrder`. */
      projectApplications: afterWrite(m(views.projectApplications)),
      /** `GET /api/admin/metrics/sdks/outdated`. */
      outdatedSdks: afterWrite(m(views.outdatedSdks)),
      /** `GET /api/admin/projects/:projectId/sdks/outdated`. */
      projectOutdatedSdks: afterWrite(m(views.projectOutdatedSdks)),
      /** `GET /api/admin/metrics/unknown-flags`. */
      unknownFlags: m(views.unknownFlags),
    },
    /** Frontend SDKs' calls. */
    frontend: {
      /** `POST /api/frontend/client/register`. */
      register: ingest(registerOp('frontend-token')),
      /** `POST /api/frontend/client/metrics`. */
      report: ingest(reportOp('frontend-token')),
    },
    /** What the reports not yet written keep in memory, in bytes: for tests and a host's own checks. */
    kept: () => usage.kept(),
    /** Writes what reports gathered (counts, applications, `lastSeenAt`), whatever the interval: for a host's timer and for stopping. */
    flush: (): Promise<Result<void>> => write(),
    /** Writes what reports gathered, and from then on what a report still under way brings, at once. */
    close: (): Promise<Result<void>> => {
      closed = true
      return writeAfter()
    },
  }
}
