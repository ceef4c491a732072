import { boundedMap } from './bounded-map.js'

/** How failed logins slow the next ones down, per account. */
export const LOGIN_BACKOFF = Object.freeze({
  /** Failed logins in a row an account may have before it must wait. */
  freeAttempts: 5,
  /** The wait after the first failure past those; each further one doubles it. */
  firstWaitMs: 1_000,
  /** The longest wait. */
  maxWaitMs: 15 * 60_000,
})

/** The wait after `failures` failed logins in a row, from the last of them. */
export const backoffMs = (failures: number): number =>
  failures <= LOGIN_BACKOFF.freeAttempts ? 0 : Math.min(LOGIN_BACKOFF.maxWaitMs, LOGIN_BACKOFF.firstWaitMs * 2 ** Math.min(30, failures - LOGIN_BACKOFF.freeAttempts - 1))

/** Names (accounts and unknown names alike) whose failures this process keeps the time of. */
const NAMES_KEPT = 10_000

/**
 * When each name last failed to log in, in this process. An account's failures in a row are
 * its stored `loginAttempts` (so every process sharing the store sees them); a name no account
 * has counts its failures here, so that a name that does not exist is answered as one that
 * does. A name whose last failure is not known (this process started since) waits from the
 * first time it is asked about, so a restart does not lift a wait.
 */
export const createLoginBackoff = () => {
  const last = boundedMap<string, { at: number; failures: number }>(NAMES_KEPT)
  return {
    /** Milliseconds before `name` (with `stored` failures, or this process's count) may try again. */
    wait: (name: string, stored: number | undefined, now: number): number => {
      const held = last.get(name)
      const failures = stored ?? held?.failures ?? 0
      const wait = backoffMs(failures)
      if (wait === 0) return 0
      if (held === undefined) {
        last.set(name, { at: now, failures })
        return wait
      }
      return Math.max(0, held.at + wait - now)
    },
    /** Notes a failure of `name` now. */
    failed: (name: string, now: number): void => {
      last.set(name, { at: now, failures: (last.get(name)?.failures ?? 0) + 1 })
    },
    /** Forgets `name`'s failures: it logged in. */
    succeeded: (name: string): void => last.set(name, { at: 0, failures: 0 }),
  }
}

export type LoginBackoff = ReturnType<typeof createLoginBackoff>
