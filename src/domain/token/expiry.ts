import type { ErrorDetail } from '../errors.js'

/** A token that would be born expired is refused. */
export const expiryProblems = (expiresAt: string | undefined, now: string): ErrorDetail[] =>
  expiresAt !== undefined && Date.parse(expiresAt) <= Date.parse(now)
    ? [{ path: '/body/expiresAt', message: `The expiry date must be in the future. You sent ${JSON.stringify(expiresAt)}.` }]
    : []
