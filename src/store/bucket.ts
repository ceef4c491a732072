import type { Dict } from '../model/dict.js'

/** Where `property` stands in a bucket's items, or -1. */
const indexIn = (items: readonly unknown[], property: string): number => {
  for (let i = 0; i < items.length; i += 2) if (items[i] === property) return i
  return -1
}

/**
 * What a table's type says of its buckets: their data only. A type checker infers a row's
 * type from it, also through immer's `Draft` of a state, which leaves methods' types as they
 * were (a row read from a transaction's table would have been typed as not a draft).
 */
export interface Rows<T> {
  readonly items: readonly (string | T)[]
}

/**
 * The rows of one bucket of a table: property names (see `stored` in table-layout.ts) and
 * rows, alternating in one array, in the order they were added (a dictionary's order).
 *
 * Not a dictionary, because a commit copies the bucket it changes: a dictionary is copied key
 * by key into a new hash table, this array with one slice. A look-up compares the names one
 * by one instead of hashing, which is cheap for the few rows a bucket holds.
 * Its JSON is the dictionary it stands for, so stored files and patches keep their form.
 */
export class Bucket<T> implements Rows<T> {
  /** Property, row, property, row...: read through the methods. */
  constructor(readonly items: (string | T)[] = []) {}

  /** A bucket of a dictionary's rows (its own enumerable properties, in their order). */
  static of<T>(rows: Dict<T>): Bucket<T> {
    const items: (string | T)[] = []
    // Own keys only: a table parsed from JSON has Object's prototype, which nothing may reach.
    for (const property of Object.keys(rows)) items.push(property, rows[property]!)
    return new Bucket(items)
  }

  get size(): number {
    return this.items.length >> 1
  }

  has(property: string): boolean {
    return indexIn(this.items, property) >= 0
  }

  get(property: string): T | undefined {
    const i = indexIn(this.items, property)
    return i < 0 ? undefined : (this.items[i + 1] as T)
  }

  /** The property at position `i` (0 to size - 1), and its row. */
  propertyAt(i: number): string {
    return this.items[2 * i] as string
  }
  rowAt(i: number): T {
    return this.items[2 * i + 1] as T
  }

  /** A copy to change: committed buckets are never changed. */
  copy(): Bucket<T> {
    return new Bucket(this.items.slice())
  }

  /** Sets a row in place (a bucket being built or copied); returns whether it is a new one. */
  set(property: string, row: T): boolean {
    const i = indexIn(this.items, property)
    if (i >= 0) {
      this.items[i + 1] = row
      return false
    }
    this.items.push(property, row)
    return true
  }

  /** Removes a row in place; returns whether it was there. */
  delete(property: string): boolean {
    const i = indexIn(this.items, property)
    if (i < 0) return false
    this.items.splice(i, 2)
    return true
  }

  /** The dictionary this bucket stands for, prototype-free: its stored form, and a copy to change by name. */
  toJSON(): Dict<T> {
    const rows = Object.create(null) as Record<string, T>
    // Into a prototype-free object, assigning `__proto__` defines an own property.
    for (let i = 0; i < this.items.length; i += 2) rows[this.items[i] as string] = this.items[i + 1] as T
    return rows
  }
}
