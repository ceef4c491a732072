import { Bucket } from './bucket.js'
import { TableDraft } from './table-draft.js'
import { FANOUT, type Table, bucketAt, bucketOf, committedEntries, settle, slotOf, stored, tableValue } from './table-layout.js'

export { DeferredBucket, type Table, bucketAt, deferredSlot, isTable, keyOf } from './table-layout.js'
export { Bucket } from './bucket.js'

/*
 * Rows are read and written through these functions, whatever the table is: a committed
 * table, a table being built (seed, decoding), or a table inside a transaction (a
 * `TableDraft`, which drafts only the rows it is asked for).
 */

export const emptyTable = <T>(): Table<T> =>
  tableValue(
    0,
    Array.from({ length: FANOUT }, () => Array.from({ length: FANOUT }, () => null)),
  )

export const tableFrom = <T>(entries: Iterable<readonly [string, T]>): Table<T> => {
  const table = emptyTable<T>()
  for (const [k, v] of entries) setRow(table, k, v)
  return table
}

// A committed table is never changed (a change makes a new table object), so its first scan
// serves every later one: listing 50 users scanned 4,096 slots of the users table each time
// (23 µs of 61). Only a table being built is changed in place, and `setRow`/`deleteRow` drop
// its scan.
const scans = new WeakMap<Table<unknown>, readonly unknown[]>()

/** The row under `key`; inside a transaction, a draft of it to change. */
export const getRow = <T>(table: Table<T>, key: string): T | undefined => {
  if (table instanceof TableDraft) return (table as TableDraft<T>).get(key)
  const bucket = bucketOf(table, key)
  return bucket === null ? undefined : bucket.get(stored(key))
}

export const hasRow = (table: Table<unknown>, key: string): boolean => {
  if (table instanceof TableDraft) return table.has(key)
  const bucket = bucketOf(table, key)
  return bucket !== null && bucket.has(stored(key))
}

/** Sets a row on a table inside a transaction, or on a table being built. */
export const setRow = <T>(table: Table<T>, key: string, value: T): void => {
  if (table instanceof TableDraft) return (table as TableDraft<T>).set(key, value)
  scans.delete(table)
  const [s, b] = slotOf(key)
  const shard = table.shards[s] as (Bucket<T> | null)[]
  settle(shard, b)
  const bucket = shard[b] ?? (shard[b] = new Bucket<T>())
  if (bucket.set(stored(key), value)) (table as { size: number }).size += 1
}

/** Removes a row; returns whether it was there. An emptied bucket is dropped. */
export const deleteRow = (table: Table<unknown>, key: string): boolean => {
  if (table instanceof TableDraft) return table.delete(key)
  scans.delete(table)
  const [s, b] = slotOf(key)
  const shard = table.shards[s] as (Bucket<unknown> | null)[]
  const bucket = bucketAt(shard, b)
  if (bucket === null || !bucket.delete(stored(key))) return false
  ;(table as { size: number }).size -= 1
  if (bucket.size === 0) shard[b] = null
  return true
}

const entries = <T>(table: Table<T>): Iterable<[string, T]> =>
  table instanceof TableDraft ? (table as TableDraft<T>).entries() : committedEntries(table)

/** Every row with its key, as it is now, also inside a transaction (for reading: see `rows`). */
export const rowEntries = entries

const scan = <T>(table: Table<T>): readonly T[] => {
  const found: T[] = []
  for (const shard of table.shards) {
    for (let i = 0; i < shard.length; i++) {
      // An empty slot is skipped here, without a call: a scan of a small table is 4,096 of them.
      if (shard[i] === null) continue
      const bucket = bucketAt(shard, i)
      if (bucket !== null) for (let r = 0; r < bucket.size; r++) found.push(bucket.rowAt(r))
    }
  }
  return Object.freeze(found)
}

/**
 * Every row, as it is now, also inside a transaction. Rows read from a table inside a
 * transaction are for reading only: to change rows found by a scan, use `draftRows`.
 */
export const rows = <T>(table: Table<T>): readonly T[] => {
  if (table instanceof TableDraft) return Array.from((table as TableDraft<T>).entries(), ([, row]) => row)
  let found = scans.get(table)
  if (found === undefined) scans.set(table, (found = scan(table)))
  return found as readonly T[]
}

/** The rows of a table inside a transaction that `keep` selects, as drafts to change. */
export const draftRows = <T>(table: Table<T>, keep: (row: T) => boolean): T[] => {
  const keys: string[] = []
  for (const [key, row] of entries(table)) if (keep(row)) keys.push(key)
  return keys.map((key) => getRow(table, key)!)
}

export const rowList = <T>(table: Table<T>): T[] => Array.from(rows(table))
