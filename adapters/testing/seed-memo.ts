import { seedState } from './seed-state.js'
import { SeededStore } from './seeded-store.js'

/*
 * The one memo of the test kit, kept here rather than by each kit: a suite's test files make
 * a fresh kit per test from the same few seeds, and making a seed's state runs every part of
 * it through the admin API. What it keeps is a pure function of the seed (an immutable state,
 * made with a fixed clock and sequential ids, and the evaluators compiled from it), never a
 * kit's store: a kit that writes commits to its own memory store over the shared state, so
 * nothing one kit does reaches another. Bounded: the last LIMIT seeds by content, and any
 * number by identity, weakly.
 */

/** Seeds remembered by content: a suite uses a handful, and each kept state is shared, never copied. */
const LIMIT = 64

const kept = new Map<string, Promise<SeededStore>>()

/**
 * The last data and state seen for each seed object: a suite hands the same object to every
 * kit, which is then compared with that copy (a walk, no JSON text made) instead of keyed
 * again. The copy is made when the object is seen a second time (a seed used once, as each
 * of a suite's own seeds may be, costs no copy). Held weakly, so an entry lives as long as
 * the host's seed object does.
 */
const seen = new WeakMap<object, { key: string; copy: unknown; readonly store: Promise<SeededStore> }>()

/** Whether `value` holds the same data as `copy`, plain JSON data (from JSON.parse). */
const sameData = (value: unknown, copy: unknown): boolean => {
  if (value === copy) return true
  if (typeof value !== 'object' || typeof copy !== 'object' || value === null || copy === null) return false
  if (Array.isArray(copy)) {
    if (!Array.isArray(value) || value.length !== copy.length) return false
    for (let i = 0; i < copy.length; i++) if (!sameData(value[i], copy[i])) return false
    return true
  }
  if (Array.isArray(value) || !PLAIN.has(Object.getPrototypeOf(value))) return false
  let keys = 0
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    if (item === undefined) continue
    keys += 1
    if (!Object.hasOwn(copy, key) || !sameData(item, (copy as Record<string, unknown>)[key])) return false
  }
  return keys === Object.keys(copy).length
}

const PLAIN = new Set<unknown>([Object.prototype, Array.prototype, null])

/** Whether JSON shows all of a value: plain objects and arrays of strings, finite numbers, booleans and null, and no cycle. */
const isJsonData = (value: unknown, depth: number): boolean => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (typeof value !== 'object' || depth > MAX_DEPTH || !PLAIN.has(Object.getPrototypeOf(value))) return false
  if (Array.isArray(value)) {
    for (const item of value) if (!isJsonData(item, depth + 1)) return false
    return true
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    // An absent optional field: JSON leaves it out, and so does the codec.
    if (item !== undefined && !isJsonData(item, depth + 1)) return false
  }
  return true
}
const MAX_DEPTH = 64

/**
 * The seed as JSON text, or undefined when JSON would not show all of it (a function, a Date,
 * undefined in an array, NaN ...): two seeds with the same key are then the same data, so a
 * seed is never taken for another one that was checked.
 */
const keyOf = (seed: unknown): string | undefined => (isJsonData(seed, 0) ? JSON.stringify(seed) : undefined)

const storeOf = (seed: unknown, json?: string): Promise<SeededStore> => seedState(seed, json).then((state) => new SeededStore(state))

/**
 * The state of a seed and what its kits share (`SeededStore`), checked and made once per
 * distinct seed: the state is an immutable value, so every kit of the same seed starts from
 * the same one. A refused seed is not kept and is refused again each time.
 */
export const seededStoreOf = (seed: unknown): Promise<SeededStore> => {
  const last = typeof seed === 'object' && seed !== null ? seen.get(seed) : undefined
  if (last !== undefined) {
    if (last.copy !== undefined ? sameData(seed, last.copy) : keyOf(seed) === last.key) {
      last.copy ??= JSON.parse(last.key)
      return last.store
    }
  }
  const key = keyOf(seed)
  if (key === undefined) return storeOf(seed)
  const made = kept.get(key) ?? storeOf(seed, key)
  if (!kept.has(key)) {
    if (kept.size >= LIMIT) kept.delete(kept.keys().next().value!)
    kept.set(key, made)
    made.catch(() => kept.delete(key))
  }
  // Only a seed that is an object can be seen again as the same one.
  if (typeof seed === 'object' && seed !== null) seen.set(seed, { key, copy: undefined, store: made })
  return made
}
