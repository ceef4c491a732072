import * as E from 'fp-ts/lib/Either.js'
import type { ValidationError } from '../../domain/errors.js'
import type { Sighting } from '../../domain/metrics/last-seen.js'
import type { UnknownSighting } from '../../domain/metrics/unknown-flags.js'
import type { UsageDelta } from '../../domain/metrics/usage-rows.js'
import type { NoParams } from '../../model/params.js'
import { unknownFlagKey } from '../../model/usage.js'
import type { ClockPort } from '../../ports/clock.js'
import { bind, type Method, type Run } from '../methods.js'
import type { CallError, ReadOperation } from '../operation.js'
import type { Result } from '../runner.js'
import type { MetricsLimits } from '../metrics/limits.js'
import { createUsageStore, type UsageStore } from '../metrics/usage-store.js'
import { bulkOp, type Gathered, registerOp, reportOp, usageWriteOp } from '../operations/metrics.js'
import { metricsViewOps } from '../operations/metrics-views.js'

export interface MetricsDeps {
  readonly clock: ClockPort
  readonly limits: MetricsLimits
  /** The facade's pipeline, which every call goes through. */
  readonly run: Run
  /** The same pipeline for the instance's own writes (the gathered usage and `lastSeenAt`). */
  readonly runAsSystem: Run
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
 * What SDKs report (registrations and usage counts) and what the admin API shows of it. What
 * an ingestion operation (src/api/operations/metrics.ts) reads of a report is kept in memory
 * (see usage-store.ts) and written to the store by the usage write, at most once per
 * `lastSeenWriteIntervalMs`, so the admin API and every process sharing the store show it.
 */
export const metricsMethods = ({ clock, limits, run, runAsSystem }: MetricsDeps) => {
  /** What SDKs reported since the last write; replaced by an empty one when a write takes it. */
  let usage = createUsageStore(limits)
  const m = bind(run)
  const views = metricsViewOps(limits)
  /** Sightings not yet written, one per flag and environment (so bounded by the store's flags). */
  const pending = new Map<string, Sighting>()
  /** Unknown flags not yet written, one per name, application and environment: at most `maxUnknownFlags`, later new ones let be until the write. */
  const pendingUnknown = new Map<string, UnknownSighting>()
  const unknownKey = (s: UnknownSighting): string => unknownFlagKey(s.name, s.appName, s.environment)
  const anyGathered = (): boolean => pending.size > 0 || pendingUnknown.size > 0 || !usage.empty()
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
      const unknown = [...pendingUnknown.values()]
      const taken = usage
      usage = createUsageStore(limits)
      lastWrite = clock.now()
      if (sightings.length === 0 && unknown.length === 0 && taken.empty()) return E.right(undefined)
      const written = await runAsSystem(usageWriteOp(limits, { sightings, delta: usageDelta(taken, lastWrite), unknown }), { params: {} })
      // Only what was written leaves: a sighting made meanwhile replaced its entry.
      if (E.isRight(written)) {
        for (const s of sightings) if (pending.get(`${s.feature}\u0000${s.environment}`) === s) pending.delete(`${s.feature}\u0000${s.environment}`)
        for (const s of unknown) if (pendingUnknown.get(unknownKey(s)) === s) pendingUnknown.delete(unknownKey(s))
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

  /** Counts the tallies, notes the sightings and the unknown flags, and writes them when the interval has passed. */
  const record = async ({ presence, tallies, unknown }: Gathered): Promise<void> => {
    const now = clock.now()
    usage.record(presence, tallies, now)
    const at = new Date(now).toISOString()
    for (const t of tallies) pending.set(`${t.feature}\u0000${t.environment}`, { feature: t.feature, environment: t.environment, at })
    for (const s of unknown) {
      const before = pendingUnknown.get(unknownKey(s))
      if (before === undefined ? pendingUnknown.size < limits.maxUnknownFlags : before.seenAt < s.seenAt) pendingUnknown.set(unknownKey(s), s)
    }
    // Counts bring the write on, registrations wait for them (or the host's timer, or a read).
    // A failed write keeps what it held: the report itself was counted, so it is still a 202.
    if (closed) await writeAfter()
    else if ((pending.size > 0 || pendingUnknown.size > 0) && now - lastWrite >= limits.lastSeenWriteIntervalMs) await write()
  }

  /** An admin read: what this process gathered is written first, so the answer shows it too. */
  const afterWrite = <P, Q, A, L>(method: Method<P, Q, A, L>): Method<P, Q, A, L> => async (request) => {
    if (anyGathered()) await write()
    return method(request)
  }

  /** Runs an ingestion operation, then keeps what it read until the next write: a report commits nothing of its own. */
  const ingest = <B>(op: ReadOperation<NoParams, B, Gathered, ValidationError>): Method<NoParams, B, void, CallError> => {
    const method = m(op)
    return async (request) => {
      const gathered = await method(request)
      if (E.isLeft(gathered)) return gathered
      await record(gathered.right)
      return E.right(undefined)
    }
  }

  return {
    /** Server SDKs' calls, and the admin API's reads of what they reported. */
    metrics: {
      /** `POST /api/client/register`. */
      register: ingest(registerOp('client-token', limits)),
      /** `POST /api/client/metrics`. */
      report: ingest(reportOp('client-token', limits)),
      /** `POST /api/client/metrics/bulk`. */
      bulk: ingest(bulkOp(limits)),
      /** `GET /api/admin/metrics/applications`: `query`, `offset`, `limit`, `sortOrder`. */
      applications: afterWrite(m(views.applications)),
      /** `GET /api/admin/metrics/applications/:appName`. */
      application: afterWrite(m(views.application)),
      /** `GET /api/admin/client-metrics/features/:featureName`. */
      feature: afterWrite(m(views.feature)),
      /** `GET /api/admin/client-metrics/features/:featureName/raw`. */
      featureRaw: afterWrite(m(views.raw)),
      /** `GET /api/admin/metrics/applications/:appName/overview`. */
      overview: afterWrite(m(views.overview)),
      /** `GET /api/admin/metrics/instances/:appName/environment/:environment`. */
      instances: afterWrite(m(views.instances)),
      /** `POST /api/admin/metrics/applications/:appName`: `description`, `url`, `color`, `icon`, `strategies`. */
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
      unknownFlags: afterWrite(m(views.unknownFlags)),
    },
    /** Frontend SDKs' calls. */
    frontend: {
      /** `POST /api/frontend/client/register`. */
      register: ingest(registerOp('frontend-token', limits)),
      /** `POST /api/frontend/client/metrics`. */
      report: ingest(reportOp('frontend-token', limits)),
    },
    /** What the reports not yet written keep in memory, in bytes: for tests and a host's own checks. */
    kept: () => usage.kept(),
    /** Wraps another group's read that counts SDK usage, so that it shows what this process gathered too. */
    afterWrite,
    /** Writes what reports gathered (counts, applications, `lastSeenAt`), whatever the interval: for a host's timer and for stopping. */
    flush: (): Promise<Result<void>> => write(),
    /** Writes what reports gathered, and from then on what a report still under way brings, at once. */
    close: (): Promise<Result<void>> => {
      closed = true
      return writeAfter()
    },
  }
}
