/**
 * A table of records keyed by strings, as the state holds it: read by key, or whole. How its
 * rows are kept, and how a transaction changes them, is the store's (src/store).
 */
export interface Table<T> {
  readonly size: number
  get(key: string): T | undefined
  has(key: string): boolean
  /** Every row, for reading only (a committed table's is kept and shared, and frozen). */
  rows(): readonly T[]
  /** Every row with its key, for reading only. */
  entries(): Iterable<[string, T]>
}
