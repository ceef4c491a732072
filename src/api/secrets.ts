import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** Tokens have high entropy, so one sha256 is enough to store them; never the token itself. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex')

/** Compares two hex digests in constant time. */
export const sameDigest = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** A fresh secret for an API token: 56 hex characters, as Unleash makes them. */
export const newSecret = (): string => randomBytes(28).toString('hex')

const SCRYPT_KEYLEN = 32

/** A salted scrypt hash, `scrypt$<salt hex>$<hash hex>`; passwords are stored only like this. */
export const hashPassword = (password: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const salt = randomBytes(16)
    scrypt(password.normalize('NFKC'), salt, SCRYPT_KEYLEN, (err, key) =>
      err ? reject(err) : resolve(`scrypt$${salt.toString('hex')}$${key.toString('hex')}`),
    )
  })

export const verifyPassword = (password: string, stored: string): Promise<boolean> =>
  new Promise((resolve) => {
    const [scheme, salt, hash] = stored.split('$')
    if (scheme !== 'scrypt' || !salt || !hash) return resolve(false)
    scrypt(password.normalize('NFKC'), Buffer.from(salt, 'hex'), SCRYPT_KEYLEN, (err, key) =>
      resolve(!err && sameDigest(key.toString('hex'), hash)),
    )
  })
