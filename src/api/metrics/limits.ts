/** How much the in-memory usage keeps: every map whose keys come from requests has a ceiling. */
export interface MetricsLimits {
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
