import type { ErrorDetail } from '../errors.js'

/** A token that would be born expired is refused. */
export const expiryProblems = (expiresAt: string | undefined, now: string): ErrorDetail[] =>
  expiresAt !== undefined && Date.parse(expiresAt) <= Date.parse(now)
    ? [{ path: '/body/expiresAt', message: `The expiry date must be in the future. You sent ${JSON.stringify(expiresAt)}.` }]
    : []

/** An expiry as Unleash answers it, whatever the form it was sent in: `2030-01-01T02:00:00+02:00` is kept as `2030-01-01T00:00:00.000Z`. */
export const storedExpiry = (expiresAt: string): string => new Date(Date.parse(expiresAt)).toISOString()
