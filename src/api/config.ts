import { LOG2N_RANGE, SCRYPT_COST } from './password-hash.js'
import { DEFAULT_LIMITS, LIMIT_MINIMUMS, type ResourceLimits } from '../model/limits.js'
import { type MetricsLimits, resolveMetricsLimits } from './metrics/limits.js'
import { type StreamingLimits, resolveStreamingLimits } from './client-stream/limits.js'

/** Instance settings a host app may give the facade; every field has Unleash's OSS default. */
export interface AdminApiConfig {
  readonly name?: string
  readonly slogan?: string
  readonly unleashUrl?: string
  readonly baseUriPath?: string
  /** Where the UI posts feedback; reported by the UI configuration only when set. */
  readonly feedbackUriPath?: string
  /** Links shown in the UI, copied when the facade is created. */
  readonly links?: readonly { value: string; icon: string; href: string; title: string }[]
  /** Extra instance flags reported by the UI configuration: JSON values, copied when the facade is created. */
  readonly flags?: Readonly<Record<string, unknown>>
  /** Origins allowed to call the front-end API until an admin stores others; copied when the facade is created. */
  readonly frontendApiOrigins?: readonly string[]
  /**
   * This server's host name: what `applicationHostname` strategies are evaluated against by
   * `api.evaluator` and the frontend API, as Unleash evaluates them with its own. Servers pass
   * `os.hostname()`; without it those strategies hold only for a context's `hostname` property.
   */
  readonly hostname?: string
  readonly authenticationType?: 'open-source' | 'demo' | 'enterprise' | 'hosted' | 'custom' | 'none'
  readonly resourceLimits?: Partial<ResourceLimits>
  /** How many events the store keeps, a whole number of 0 or more or Infinity; the oldest are dropped first. Default 10,000. */
  readonly eventRetention?: number
  /** Attempts at a transaction that keeps meeting other writers' commits, whatever the time they take. Default 10. */
  readonly maxRetries?: number
  /**
   * How long, in ms, a transaction that keeps meeting other writers' commits (other instances
   * on one database) is run again, after a short random pause that grows, before it answers
   * 503. Default 10000.
   */
  readonly retryTimeoutMs?: number
  /** How long a login session lasts, in hours. Default 48, as Unleash's `SESSION_TTL_HOURS`. */
  readonly sessionTtlHours?: number
  /** Sessions one person may hold; a login past it ends their oldest. Default 5, as Unleash OSS's `MAX_PARALLEL_SESSIONS`. */
  readonly maxParallelSessions?: number
  /** Bounds of the SDK usage kept in memory, and how often `lastSeenAt` is written (docs/clients.md). */
  readonly metrics?: Partial<MetricsLimits>
  /**
   * scrypt's cost for new password hashes, as log2 of N: a whole number from 10 to 20. Default
   * 17, OWASP's recommendation. A lower cost is for passwords nothing depends on, such as a test
   * suite's; a password stored at another cost is hashed anew at the next login.
   */
  readonly passwordHashCost?: number
  /** Caps, heartbeat and coalescing of the client streaming API (docs/clients.md). */
  readonly streaming?: Partial<StreamingLimits>
}

export interface ResolvedConfig {
  readonly name: string | undefined
  readonly slogan: string | undefined
  readonly unleashUrl: string
  readonly baseUriPath: string
  readonly feedbackUriPath: string | undefined
  readonly links: readonly { value: string; icon: string; href: string; title: string }[] | undefined
  readonly flags: Readonly<Record<string, unknown>>
  readonly frontendApiOrigins: readonly string[]
  readonly hostname: string | undefined
  readonly authenticationType: NonNullable<AdminApiConfig['authenticationType']>
  readonly resourceLimits: ResourceLimits
  readonly eventRetention: number
  readonly maxRetries: number
  readonly retryTimeoutMs: number
  readonly sessionTtlHours: number
  readonly maxParallelSessions: number
  readonly metrics: MetricsLimits
  readonly passwordHashCost: number
  readonly streaming: StreamingLimits
}

export const resolveConfig = (config: AdminApiConfig = {}): ResolvedConfig => ({
  name: config.name,
  slogan: config.slogan,
  unleashUrl: (config.unleashUrl ?? 'http://localhost:4242').replace(/\/+$/, ''),
  baseUriPath: config.baseUriPath ?? '',
  feedbackUriPath: config.feedbackUriPath,
  links: config.links?.map((l) => ({ value: l.value, icon: l.icon, href: l.href, title: l.title })),
  flags: copyFlags(config.flags),
  frontendApiOrigins: [...(config.frontendApiOrigins ?? ['*'])],
  hostname: config.hostname,
  authenticationType: config.authenticationType ?? 'open-source',
  resourceLimits: resolveLimits(config.resourceLimits),
  eventRetention: resolveRetention(config.eventRetention),
  maxRetries: config.maxRetries ?? 10,
  retryTimeoutMs: positive('retryTimeoutMs', config.retryTimeoutMs, 10_000),
  sessionTtlHours: positive('sessionTtlHours', config.sessionTtlHours, 48),
  maxParallelSessions: Math.max(1, Math.floor(positive('maxParallelSessions', config.maxParallelSessions, 5))),
  metrics: resolveMetricsLimits(config.metrics),
  passwordHashCost: resolveHashCost(config.passwordHashCost),
  streaming: resolveStreamingLimits(config.streaming),
})

/** A cost outside what a stored hash may name is a programming error in the host. */
const resolveHashCost = (given: number | undefined): number => {
  if (given === undefined) return SCRYPT_COST.log2N
  if (!Number.isInteger(given) || given < LOG2N_RANGE.min || given > LOG2N_RANGE.max) {
    throw new TypeError(`flagport: passwordHashCost must be a whole number from ${LOG2N_RANGE.min} to ${LOG2N_RANGE.max}, not ${String(given)}`)
  }
  return given
}

/** A setting that must be a number above 0 when given (a host's programming error otherwise). */
const positive = (name: string, given: number | undefined, fallback: number): number => {
  if (given === undefined) return fallback
  if (typeof given !== 'number' || !Number.isFinite(given) || given <= 0) throw new TypeError(`flagport: ${name} must be a number above 0, not ${String(given)}`)
  return given
}

/** A retention that is not a count (NaN, -1, 2.5) is a programming error in the host, as a bad limit is. */
const resolveRetention = (given: number | undefined): number => {
  if (given === undefined) return 10_000
  if (!(given === Infinity || (Number.isSafeInteger(given) && given >= 0))) {
    throw new TypeError(`flagport: eventRetention must be a whole number of 0 or more, or Infinity, not ${String(given)}`)
  }
  return given
}

/**
 * The host's limits over Unleash's defaults, raised to Unleash's minimums (a project limit of
 * 0 means 1), so that the UI configuration reports exactly the limits that are enforced. A
 * limit that is not a number of 0 or more is a programming error in the host.
 */
/** A copy: the UI configuration keeps the flags' JSON, so a later change by the host must not reach them halfway. */
const copyFlags = (flags: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> => {
  if (flags === undefined) return {}
  try {
    return JSON.parse(JSON.stringify(flags)) as Record<string, unknown>
  } catch (e) {
    throw new TypeError(`flagport: flags must be JSON values (${(e as Error).message})`)
  }
}

const resolveLimits = (given: Partial<ResourceLimits> = {}): ResourceLimits => {
  const limits: Record<string, number> = { ...DEFAULT_LIMITS }
  for (const [key, value] of Object.entries(given)) {
    if (!(key in DEFAULT_LIMITS) || value === undefined) continue
    if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
      throw new TypeError(`flagport: resourceLimits.${key} must be a number of 0 or more, not ${String(value)}`)
    }
    limits[key] = Math.max(value, LIMIT_MINIMUMS[key as keyof ResourceLimits] ?? 0)
  }
  return limits as unknown as ResourceLimits
}
