// A namespace import, as in secrets.ts.
import * as crypto from 'node:crypto'

/** scrypt's cost: N = 2^log2N, block size r, parallelism p. */
export interface ScryptCost {
  readonly log2N: number
  readonly r: number
  readonly p: number
}

/** The cost new hashes are made with by default: OWASP's N = 2^17 for scrypt. */
export const SCRYPT_COST: ScryptCost = Object.freeze({ log2N: 17, r: 8, p: 1 })

/** The lowest and highest `log2N` a host may configure, and a stored hash may name. */
export const LOG2N_RANGE = Object.freeze({ min: 10, max: 20 })

/** The cost of new hashes at N = 2^log2N, with SCRYPT_COST's block size and parallelism. */
const costAt = (log2N: number): ScryptCost => (log2N === SCRYPT_COST.log2N ? SCRYPT_COST : { ...SCRYPT_COST, log2N })

/** The cost of hashes stored as `scrypt$<salt>$<hash>`, with no cost written: Node's default. */
const UNWRITTEN_COST: ScryptCost = Object.freeze({ log2N: 14, r: 8, p: 1 })

/** The costs a stored hash may name: anything else is not a hash this code made, and matches nothing. */
const costAllowed = ({ log2N, r, p }: ScryptCost): boolean => log2N >= LOG2N_RANGE.min && log2N <= LOG2N_RANGE.max && r >= 1 && r <= 32 && p >= 1 && p <= 4

const KEYLEN = 32

/**
 * How many hashes run at once, and how many may wait. scrypt runs on libuv's thread pool
 * (four threads by default), which the file store's reads, writes and fsyncs share: a hash at
 * N = 2^17 holds its thread (and 128 MiB) for a few hundred milliseconds, so a login flood with
 * no bound would leave the store's I/O waiting behind it. One at a time leaves the other
 * threads (and a core) to everything else.
 */
export const HASHING = Object.freeze({ concurrency: 1, maxWaiting: 4 })

/** A stored hash: its cost, salt and key. */
interface Parsed {
  readonly cost: ScryptCost
  readonly salt: Buffer
  readonly key: Buffer
}

const HEX = /^[0-9a-f]+$/

/** `scrypt$<log2N>,<r>,<p>$<salt hex>$<key hex>`, or the older `scrypt$<salt hex>$<key hex>` made at Node's default cost. */
const parse = (stored: string): Parsed | undefined => {
  const parts = stored.split('$')
  if (parts[0] !== 'scrypt' || (parts.length !== 3 && parts.length !== 4)) return undefined
  let cost = UNWRITTEN_COST
  if (parts.length === 4) {
    const numbers = parts[1]!.split(',').map((n) => (/^\d{1,2}$/.test(n) ? Number(n) : NaN))
    if (numbers.length !== 3 || numbers.some(Number.isNaN)) return undefined
    cost = { log2N: numbers[0]!, r: numbers[1]!, p: numbers[2]! }
    if (!costAllowed(cost)) return undefined
  }
  const [salt, key] = parts.slice(-2) as [string, string]
  if (!HEX.test(salt) || !HEX.test(key) || key.length !== KEYLEN * 2) return undefined
  return { cost, salt: Buffer.from(salt, 'hex'), key: Buffer.from(key, 'hex') }
}

const format = (cost: ScryptCost, salt: Buffer, key: Buffer): string => `scrypt$${cost.log2N},${cost.r},${cost.p}$${salt.toString('hex')}$${key.toString('hex')}`

const derive = (password: string, salt: Buffer, { log2N, r, p }: ScryptCost): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const N = 2 ** log2N
    // scrypt needs 128 * N * r bytes (128 MiB at 2^17): above Node's 32 MiB default, so it is said.
    crypto.scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key)))
  })

/** The gate every hash passes: `HASHING.concurrency` at once, the rest in order. */
const createGate = (concurrency: number, maxWaiting: number) => {
  let running = 0
  let peak = 0
  const waiting: Array<() => void> = []
  const release = (): void => {
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }
  /** Runs `task` in turn; with `refuseWhenFull`, undefined at once when the queue is full. */
  const run = <T>(task: () => Promise<T>, refuseWhenFull: boolean): Promise<T> | undefined => {
    if (refuseWhenFull && running >= concurrency && waiting.length >= maxWaiting) return undefined
    const turn = running < concurrency ? ((running += 1), (peak = Math.max(peak, running)), Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve))
    return turn.then(task).finally(release)
  }
  return { run, stats: () => ({ running, waiting: waiting.length, peak }) }
}

const gate = createGate(HASHING.concurrency, HASHING.maxWaiting)

/** How busy hashing is now, and the most hashes that ever ran at once in this process. */
export const hashingStats = (): { readonly running: number; readonly waiting: number; readonly peak: number } => gate.stats()

/** A salted scrypt hash at N = 2^log2N, with its cost written in it; it waits its turn, never refused. */
export const hashPassword = (password: string, log2N: number = SCRYPT_COST.log2N): Promise<string> =>
  gate.run(async () => {
    const salt = crypto.randomBytes(16)
    const cost = costAt(log2N)
    return format(cost, salt, await derive(password, salt, cost))
  }, false)!

/** A stored hash that matches no password and costs what a hash at N = 2^log2N costs to compare with. */
export const unmatchableHash = (log2N: number = SCRYPT_COST.log2N): string => `scrypt$${log2N},${SCRYPT_COST.r},${SCRYPT_COST.p}$${'00'.repeat(16)}$${'00'.repeat(KEYLEN)}`

/** What a password check came to: `busy` when too many hashes were waiting to take one more. */
export type PasswordCheck = { readonly matches: boolean; readonly outdated: boolean } | 'busy'

const compare = async (password: string, stored: string, log2N: number): Promise<{ matches: boolean; outdated: boolean }> => {
  const parsed = parse(stored)
  // A hash this code did not make still costs one hash, so that it cannot be told apart by time.
  const cost = parsed?.cost ?? costAt(log2N)
  const key = await derive(password, parsed?.salt ?? Buffer.alloc(16), cost).catch(() => undefined)
  const matches = parsed !== undefined && key !== undefined && crypto.timingSafeEqual(key, parsed.key)
  return { matches, outdated: matches && passwordHashOutdated(stored, log2N) }
}

/** Whether `password` is the one `stored` was made of; it waits its turn, never refused. */
export const verifyPassword = (password: string, stored: string): Promise<boolean> => gate.run(() => compare(password, stored, SCRYPT_COST.log2N).then((c) => c.matches), false)!

/**
 * Whether `password` is the one `stored` was made of, and whether `stored` was made at another
 * cost than N = 2^log2N (to be hashed anew now that the password is known); `busy`, at once,
 * when `HASHING.maxWaiting` checks already wait: a flood is refused, not queued without end.
 */
export const checkPassword = (password: string, stored: string, log2N: number = SCRYPT_COST.log2N): Promise<PasswordCheck> =>
  gate.run(() => compare(password, stored, log2N), true) ?? Promise.resolve('busy')

/** Whether a stored hash was made at another cost than N = 2^log2N with SCRYPT_COST's r and p. */
export const passwordHashOutdated = (stored: string, log2N: number = SCRYPT_COST.log2N): boolean => {
  const cost = parse(stored)?.cost
  return cost !== undefined && (cost.log2N !== log2N || cost.r !== SCRYPT_COST.r || cost.p !== SCRYPT_COST.p)
}
