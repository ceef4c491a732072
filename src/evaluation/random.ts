/**
 * Where `random` stickiness and `gradualRolloutRandom` draw from. The evaluator never
 * calls `Math.random` itself: the host injects a source, or gets this seeded generator,
 * which spreads anonymous requests evenly without any ambient state.
 */

/** A uniform draw in [0, 1), like `Math.random`. */
export type RandomSource = () => number

/**
 * mulberry32: a small, fast 32-bit generator with a full period, good enough to spread
 * requests over 100 buckets. Not for secrets.
 *
 * @example const random = seededRandom(42); random() // same sequence on every run
 */
export const seededRandom = (seed = 0x9e3779b9): RandomSource => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An integer in 1..max from `random`; out-of-range sources are clamped rather than trusted. */
export const drawBucket = (random: RandomSource, max: number): number => {
  const r = random()
  const bucket = Math.floor((Number.isFinite(r) ? r : 0) * max) + 1
  return Math.min(Math.max(bucket, 1), max)
}
