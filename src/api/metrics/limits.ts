import type { UnknownFlagBounds } from '../../domain/metrics/unknown-flags.js'
import type { UsageBounds } from '../../domain/metrics/usage-rows.js'

/** How much the usage and the unknown flags keep (their ceilings: UsageBounds, UnknownFlagBounds), and how often they are written. */
export interface MetricsLimits extends UsageBounds, UnknownFlagBounds {
  /** Least time between two commits of `lastSeenAt`, in milliseconds. */
  readonly lastSeenWriteIntervalMs: number
}

export const DEFAULT_METRICS_LIMITS: MetricsLimits = Object.freeze({
  retentionHours: 48,
  maxApplications: 1_000,
  maxInstancesPerApplication: 100,
  maxSeries: 50_000,
  maxVariantsPerSeries: 16,
  maxStrategiesPerApplication: 100,
  maxBytesPerCaller: 1024 * 1024,
  maxApplicationBytes: 8 * 1024 * 1024,
  maxSeriesBytes: 16 * 1024 * 1024,
  maxUnknownFlags: 1_000,
  maxUnknownFlagsPerReport: 100,
  unknownFlagRetentionHours: 24,
  lastSeenWriteIntervalMs: 30_000,
})

/** The host's limits over the defaults; a limit that is not a whole number of 1 or more (0 for the interval) is a programming error. */
export const resolveMetricsLimits = (given: Partial<MetricsLimits> = {}): MetricsLimits => {
  const limits: Record<string, number> = { ...DEFAULT_METRICS_LIMITS }
  for (const [key, value] of Object.entries(given)) {
    if (!(key in DEFAULT_METRICS_LIMITS) || value === undefined) continue
    const least = key === 'lastSeenWriteIntervalMs' ? 0 : 1
    if (!Number.isSafeInteger(value) || value < least) throw new TypeError(`flagport: metrics.${key} must be a whole number of ${least} or more, not ${String(value)}`)
    limits[key] = value
  }
  return limits as unknown as MetricsLimits
}
