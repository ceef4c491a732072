/**
 * MurmurHash3 x86_32 as Unleash's Node SDK computes it, and the bucketing Unleash SDKs build
 * on it. Every SDK must agree on these numbers, or a user would see a flag flip when moving
 * between services.
 */

const C1 = 0xcc9e2d51
const C2 = 0x1b873593

/** Seed Unleash uses for variant selection, so variant buckets are independent of rollout buckets. */
export const VARIANT_SEED = 86028157

const rotl32 = (x: number, r: number): number => (x << r) | (x >>> (32 - r))

const scramble = (k: number): number => Math.imul(rotl32(Math.imul(k, C1), 15), C2)

/**
 * MurmurHash3 x86_32 of `key` read as Unleash's Node SDK reads it (`murmurhash3js`): one byte
 * per UTF-16 code unit, its low 8 bits, so the length hashed is `key.length`. For ASCII this is
 * the reference hash of the UTF-8 bytes; beyond ASCII it is the Node SDK's own, which this
 * follows so an id lands in the same bucket here as in `unleash-client`.
 *
 * @example murmur3('hello', 0) === 613153351
 */
export const murmur3 = (key: string, seed = 0): number => {
  const length = key.length
  const blocks = length & ~3
  let h = seed >>> 0

  for (let i = 0; i < blocks; i += 4) {
    const k =
      (key.charCodeAt(i) & 0xff) | ((key.charCodeAt(i + 1) & 0xff) << 8) | ((key.charCodeAt(i + 2) & 0xff) << 16) | ((key.charCodeAt(i + 3) & 0xff) << 24)
    h ^= scramble(k)
    h = rotl32(h, 13)
    h = (Math.imul(h, 5) + 0xe6546b64) | 0
  }

  const remaining = length & 3
  if (remaining > 0) {
    let tail = key.charCodeAt(blocks) & 0xff
    if (remaining > 1) tail |= (key.charCodeAt(blocks + 1) & 0xff) << 8
    if (remaining > 2) tail |= (key.charCodeAt(blocks + 2) & 0xff) << 16
    h ^= scramble(tail)
  }

  h ^= length
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/**
 * The bucket (1..normalizer) of `id` within `groupId`, as every Unleash SDK computes it:
 * `murmur3("groupId:id", seed) % normalizer + 1`. Rollouts use seed 0 and normalizer 100;
 * variants use {@link VARIANT_SEED} and the sum of the variant weights.
 */
export const normalizedValue = (id: string, groupId: string, normalizer = 100, seed = 0): number =>
  (murmur3(`${groupId}:${id}`, seed) % normalizer) + 1
