import { Bucket } from './bucket.js'
import { TableDraft } from './table-draft.js'
import { CommittedTable, FANOUT, type Table, bucketAt, bucketOf, committedRows, settle, slotOf, stored, tableValue } from './table-layout.js'

import type { Table as RecordTable } from '../model/table.js'
import type { TxTable } from './tx.js'

export { CommittedTable, DeferredBucket, type ReadTable, type Table, bucketAt, deferredSlot, isTable, keyOf } from './table-layout.js'
export { Bucket } from './bucket.js'

/*
 * Rows are read and written through these functions, whatever the table is: a committed
 * table, a table being built (seed, decoding, upgrades), a table as a storage adapter read it
 * (without methods yet), or a table inside a transaction (a `TableDraft`, which drafts only
 * the rows it is asked for). The domain uses the tables' own methods instead (tx.ts).
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

/** The row under `key`; inside a transaction, a draft of it to change. */
export const getRow = <T>(table: RecordTable<T> | TxTable<T>, key: string): T | undefined => {
  if (table instanceof TableDraft) return (table as TableDraft<T>).get(key)
  const bucket = bucketOf(table as Table<T>, key)
  return bucket === null ? undefined : bucket.get(stored(key))
}


/** Sets a row on a table inside a transaction, or on a table being built. */
export const setRow = <T>(table: RecordTable<T> | TxTable<T>, key: string, value: T): void => {
  if (table instanceof TableDraft) return (table as TableDraft<T>).set(key, value)
  if (table instanceof CommittedTable) table.changed()
  const [s, b] = slotOf(key)
  const shard = (table as Table<T>).shards[s] as (Bucket<T> | null)[]
  settle(shard, b)
  const bucket = shard[b] ?? (shard[b] = new Bucket<T>())
  if (bucket.set(stored(key), value)) (table as { size: number }).size += 1
}

/** Removes a row; returns whether it was there. An emptied bucket is dropped. */
export const deleteRow = <T>(table: RecordTable<T> | TxTable<T>, key: string): boolean => {
  if (table instanceof TableDraft) return table.delete(key)
  if (table instanceof CommittedTable) table.changed()
  const [s, b] = slotOf(key)
  const shard = (table as Table<T>).shards[s] as (Bucket<unknown> | null)[]
  const bucket = bucketAt(shard, b)
  if (bucket === null || !bucket.delete(stored(key))) return false
  ;(table as { size: number }).size -= 1
  if (bucket.size === 0) shard[b] = null
  return true
}

/**
 * Every row, as it is now, also inside a transaction. Rows read from a table inside a
 * transaction are for reading only: to change a row found by a scan, get it by its key.
 */
export const rows = <T>(table: RecordTable<T> | TxTable<T>): readonly T[] => {
  if (table instanceof TableDraft) return Array.from((table as TableDraft<T>).entries(), ([, row]) => row)
  return committedRows(table as Table<T>)
}

