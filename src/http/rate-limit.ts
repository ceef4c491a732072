import type { ClockPort } from '../ports/clock.js'

/** What one request learnt of its limit: whether it was over, and the headers its answer carries. */
export interface RateHit {
  readonly exceeded: boolean
  readonly headers: Readonly<Record<string, string>>
}

/** Counts a client's request (by its address) and tells where it stands. */
export type RateLimiter = (client: string) => RateHit

/** The limit Unleash puts on creating users: `CREATE_USER_RATE_LIMIT_PER_MINUTE`, 20 by default. */
export const DEFAULT_CREATE_USER_MAX_PER_MINUTE = 20

/**
 * At most `limit` requests a window per client, kept as Unleash's limiter (express-rate-limit's
 * memory store) keeps them: a client's window opens at its first request and lasts `windowMs`,
 * and every request in it counts, refused ones too. The headers are its standard ones
 * (`RateLimit-Policy`, `-Limit`, `-Remaining`, `-Reset` in seconds), and `Retry-After` once over.
 */
export const createRateLimiter = (limit: number, windowMs: number, clock: ClockPort): RateLimiter => {
  const clients = new Map<string, { hits: number; resetAt: number }>()
  const policy = `${limit};w=${Math.ceil(windowMs / 1000)}`
  let sweepAt = clock.now() + windowMs
  return (client) => {
    const now = clock.now()
    // Windows that ended are dropped once a window: what is kept is the clients of the last one.
    if (now >= sweepAt) {
      for (const [key, held] of clients) if (held.resetAt <= now) clients.delete(key)
      sweepAt = now + windowMs
    }
    let held = clients.get(client)
    if (held === undefined || held.resetAt <= now) {
      held = { hits: 0, resetAt: now + windowMs }
      clients.set(client, held)
    }
    held.hits += 1
    const reset = String(Math.ceil((held.resetAt - now) / 1000))
    const exceeded = held.hits > limit
    return {
      exceeded,
      headers: {
        'ratelimit-policy': policy,
        'ratelimit-limit': String(limit),
        'ratelimit-remaining': String(Math.max(0, limit - held.hits)),
        'ratelimit-reset': reset,
        ...(exceeded ? { 'retry-after': reset } : {}),
      },
    }
  }
}

/** The limit Unleash puts on logins: `SIMPLE_LOGIN_LIMIT_PER_MINUTE`, 10 by default. */
export const DEFAULT_SIMPLE_LOGIN_MAX_PER_MINUTE = 10

/** How many users one client may create, and logins it may try, a minute over HTTP; `false` sets no limit. */
export type RateLimiting = { readonly createUserMaxPerMinute?: number; readonly simpleLoginMaxPerMinute?: number } | false

/** A per-minute limiter for the option `key`, at its value or `fallback`; none when limits are off. */
const perMinute = (options: RateLimiting | undefined, key: 'createUserMaxPerMinute' | 'simpleLoginMaxPerMinute', fallback: number, clock: ClockPort): RateLimiter | undefined => {
  if (options === false) return undefined
  const limit = options?.[key] ?? fallback
  if (!Number.isInteger(limit) || limit < 1) {
    throw new TypeError(`flagport: rateLimiting.${key} must be a whole number of 1 or more, not ${String(limit)}`)
  }
  return createRateLimiter(limit, 60_000, clock)
}

/** The create-user limiter the options ask for, or none. */
export const createUserLimiter = (options: RateLimiting | undefined, clock: ClockPort): RateLimiter | undefined =>
  perMinute(options, 'createUserMaxPerMinute', DEFAULT_CREATE_USER_MAX_PER_MINUTE, clock)

/** The login limiter the options ask for, or none: every attempt counts, those that succeed too. */
export const loginLimiter = (options: RateLimiting | undefined, clock: ClockPort): RateLimiter | undefined =>
  perMinute(options, 'simpleLoginMaxPerMinute', DEFAULT_SIMPLE_LOGIN_MAX_PER_MINUTE, clock)
