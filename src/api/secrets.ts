// A namespace import: a named import of `hash` would fail to load on Node 20 before 20.12.
import * as crypto from 'node:crypto'

/**
 * The SHA-256 of a string's UTF-8 or of bytes, in hex. The one-shot `crypto.hash` (Node 20.12
 * and later) is much cheaper than a Hash object, and both every request (its token) and every
 * journal line (its checksum) pay for one.
 */
export const sha256Hex: (data: string | Uint8Array) => string =
  typeof crypto.hash === 'function'
    ? (data) => crypto.hash('sha256', data, 'hex')
    : (data) => crypto.createHash('sha256').update(data).digest('hex')

/** Tokens have high entropy, so one sha256 is enough to store them; never the token itself. */
export const hashToken = (token: string): string => sha256Hex(token)

/**
 * Compares two digests in constant time (`timingSafeEqual`). Digests are public lengths, so a
 * length mismatch may return at once.
 */
export const sameDigest = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

/** A fresh secret for an API token: 56 hex characters, as Unleash makes them. */
export const newSecret = (): string => crypto.randomBytes(28).toString('hex')

// Passwords: see password-hash.ts (scrypt with its cost written in the hash, one hash at a time).
export { checkPassword, hashPassword, passwordHashOutdated, unmatchableHash, verifyPassword } from './password-hash.js'
