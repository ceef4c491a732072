import type { State, TableName } from '../model/state.js'
import { TABLE_NAMES } from '../model/state.js'
import { type Table, bucketAt, keyOf } from './table-layout.js'

/**
 * A row as a storage adapter writes it: its table, key and row, and `at`, its place among the
 * rows kept with it (rows are kept in small groups by a hash of their key; a group keeps the
 * order rows were added in). An adapter that stores rows apart and rebuilds a table from them
 * orders each table's rows by `at` to rebuild it in the same order.
 */
export interface StoredRow {
  readonly table: TableName
  readonly key: string
  readonly row: unknown
  readonly at: number
}

/** What changed between two states: rows to write, and keys to remove, by table. */
export interface ChangedRows {
  readonly write: StoredRow[]
  readonly remove: { readonly table: TableName; readonly key: string }[]
}

type Slots = readonly (readonly unknown[])[]

function* groupRows(table: TableName, rows: Table<unknown>, s: number, b: number): Generator<StoredRow> {
  const bucket = bucketAt(rows.shards[s]!, b)
  if (bucket === null) return
  for (let at = 0; at < bucket.size; at++) yield { table, key: keyOf(bucket.propertyAt(at)), row: bucket.rowAt(at), at }
}

/** Every row of every table of `state`, with its place (`at`). */
export function* allRows(state: State): Generator<StoredRow> {
  for (const name of TABLE_NAMES) {
    const table = state[name] as Table<unknown>
    for (let s = 0; s < table.shards.length; s++) for (let b = 0; b < table.shards[s]!.length; b++) if (table.shards[s]![b] !== null) yield* groupRows(name, table, s, b)
  }
}

/**
 * The rows to write and remove to turn what an adapter stored of `base` into `current`, a later
 * state of the same store (as `head()` answers after commits). Tables, and groups of rows, are
 * shared between states until a commit copies them, so only the groups a commit copied are
 * compared, row by row: the walk costs what changed, not the size of the store. A row is
 * written when it is new, was replaced, or moved within its group.
 */
export const changedRows = (base: State, current: State): ChangedRows => {
  const write: StoredRow[] = []
  const remove: { table: TableName; key: string }[] = []
  for (const name of TABLE_NAMES) {
    const before = base[name] as Table<unknown>
    const after = current[name] as Table<unknown>
    if (before === after) continue
    after.shards.forEach((shard, s) => {
      const old = (before.shards as Slots)[s]!
      if (old === shard) return
      shard.forEach((slot, b) => {
        if (old[b] === slot) return
        const was = new Map<string, StoredRow>()
        for (const row of groupRows(name, before, s, b)) was.set(row.key, row)
        for (const row of groupRows(name, after, s, b)) {
          const prior = was.get(row.key)
          was.delete(row.key)
          if (prior === undefined || prior.at !== row.at || prior.row !== row.row) write.push(row)
        }
        for (const key of was.keys()) remove.push({ table: name, key })
      })
    })
  }
  return { write, remove }
}
