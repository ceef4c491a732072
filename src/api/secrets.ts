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
 * Compares two hex digests in constant time: every character is looked at, whatever differs.
 * Digests are public lengths, so a length mismatch may return at once.
 */
export const sameDigest = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

/** A fresh secret for an API token: 56 hex characters, as Unleash makes them. */
export const newSecret = (): string => crypto.randomBytes(28).toString('hex')

const SCRYPT_KEYLEN = 32

/** A salted scrypt hash, `scrypt$<salt hex>$<hash hex>`; passwords are stored only like this. */
export const hashPassword = (password: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const salt = crypto.randomBytes(16)
    crypto.scrypt(password.normalize('NFKC'), salt, SCRYPT_KEYLEN, (err, key) =>
      err ? reject(err) : resolve(`scrypt$${salt.toString('hex')}$${key.toString('hex')}`),
    )
  })

export const verifyPassword = (password: string, stored: string): Promise<boolean> =>
  new Promise((resolve) => {
    const [scheme, salt, hash] = stored.split('$')
    if (scheme !== 'scrypt' || !salt || !hash) return resolve(false)
    crypto.scrypt(password.normalize('NFKC'), Buffer.from(salt, 'hex'), SCRYPT_KEYLEN, (err, key) =>
      resolve(!err && sameDigest(key.toString('hex'), hash)),
    )
  })
