import { EMPTY_ARRAY } from './json.js'

/**
 * A bucket line's rows, parsed, prototype-free (as `parseJson`), with equal parts stored once.
 *
 * A feature repeats itself: its strategies in two environments usually have the same
 * constraints, parameters and variants, and its name stands in each strategy and in each
 * `groupId`; features of one bucket often share variants and constraints too. `JSON.parse`
 * builds each of them anew (about 45 objects and 10 long strings for a feature of the
 * benchmark's shape). Here every value below the rows is hash-consed, bottom up: a part's
 * hash mixes its children's, and two parts are equal when their keys, in order, and their
 * children are the same values, since the children were shared first. Sharing is within
 * one line, so nothing outlives the parse but the rows.
 *
 * Shared arrays are frozen, as the empty array is: a change can only come through immer,
 * which copies what it changes and leaves the other places holding the part alone. Shared
 * objects are not: V8 gives every frozen object without a prototype a hidden class of its
 * own, far larger than the object. Rows (depth 1) are never shared, so each stays its own object.
 */
export const parseSharedRows = (text: string): unknown => new Sharing().visit(JSON.parse(text), 0)

const SHARED_BELOW = 2

const mix = (h: number, v: number): number => Math.imul(h ^ v, 0x01000193) >>> 0

const NULL_HASH = 0x9e3779b9
const TRUE_HASH = 0x85ebca6b
const FALSE_HASH = 0xc2b2ae35
const ARRAY_SEED = 0x27d4eb2f
const OBJECT_SEED = 0x165667b1
const STRING_SEED = 0xd3a2646c

const numberHash = (value: number): number => (Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? mix(0x1b873593, value | 0) : mix(0x1b873594, Math.round((value % 1e9) * 1e6) | 0))

/** Whether two arrays hold the same values. */
export const sameItems = (a: readonly unknown[], b: readonly unknown[]): boolean => {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false
  return true
}

/** Whether two objects have the same keys in the same order, each with the same value. */
export const sameFields = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  const keys = Object.keys(a)
  const others = Object.keys(b)
  if (keys.length !== others.length) return false
  for (let i = 0; i < keys.length; i++) if (keys[i] !== others[i] || !Object.is(a[keys[i]!], b[keys[i]!])) return false
  return true
}

class Sharing {
  /** Each distinct string of the line, by itself, with its number. */
  private readonly strings = new Map<string, number>()
  private readonly kept: string[] = []
  private readonly parts = new Map<number, object>()
  /** The hash of the value `visit` last returned. */
  private hash = 0

  visit(value: unknown, depth: number): unknown {
    if (value === null) {
      this.hash = NULL_HASH
      return value
    }
    switch (typeof value) {
      case 'string':
        return this.string(value)
      case 'number':
        this.hash = numberHash(value)
        return value
      case 'boolean':
        this.hash = value ? TRUE_HASH : FALSE_HASH
        return value
    }
    return Array.isArray(value) ? this.array(value, depth) : this.object(value as Record<string, unknown>, depth)
  }

  private array(value: unknown[], depth: number): unknown {
    if (value.length === 0) {
      this.hash = ARRAY_SEED
      return EMPTY_ARRAY
    }
    let hash = ARRAY_SEED
    for (let i = 0; i < value.length; i++) {
      value[i] = this.visit(value[i], depth + 1)
      hash = mix(hash, this.hash)
    }
    this.hash = hash
    if (depth < SHARED_BELOW) return value
    const found = this.parts.get(hash)
    if (found === undefined) {
      this.parts.set(hash, Object.freeze(value))
      return value
    }
    return Array.isArray(found) && sameItems(found, value) ? found : value
  }

  private object(value: Record<string, unknown>, depth: number): unknown {
    let hash = OBJECT_SEED
    for (const name of Object.keys(value)) {
      value[name] = this.visit(value[name], depth + 1)
      hash = mix(mix(hash, this.idOf(name)), this.hash)
    }
    // JSON.parse made `__proto__` an own key; cutting the prototype in place keeps the
    // object compact (Object.create(null) would start a slow dictionary for each).
    Object.setPrototypeOf(value, null)
    this.hash = hash
    if (depth < SHARED_BELOW) return value
    const found = this.parts.get(hash)
    if (found === undefined) {
      this.parts.set(hash, value)
      return value
    }
    return !Array.isArray(found) && sameFields(found as Record<string, unknown>, value) ? found : value
  }

  private idOf(text: string): number {
    let id = this.strings.get(text)
    if (id === undefined) {
      id = this.kept.length
      this.strings.set(text, id)
      this.kept.push(text)
    }
    return id
  }

  private string(value: string): string {
    const id = this.idOf(value)
    this.hash = mix(STRING_SEED, id)
    return this.kept[id]!
  }
}
