import { type Dict, has, lookup } from '../model/dict.js'
import type { Table } from '../model/table.js'

/** One key whose row differs between two versions of a table: absent on one side, or another object. */
export interface RowChange<T> {
  readonly key: string
  readonly before: T | undefined
  readonly after: T | undefined
}

function* bucketChanges<T>(before: Dict<T>, after: Dict<T>): Generator<RowChange<T>> {
  for (const key in before) {
    const next = lookup(after, key)
    if (next !== before[key]) yield { key, before: before[key], after: next }
  }
  for (const key in after) if (!has(before, key)) yield { key, before: undefined, after: after[key] }
}

const EMPTY: Dict<never> = Object.create(null)

/**
 * The rows that differ between two versions of a table, found by identity: immer copies only
 * the shards and buckets a commit touched, so the others are skipped whole and the cost
 * follows the size of the change, not of the table. `before` undefined: every row is new.
 */
export function* tableChanges<T>(before: Table<T> | undefined, after: Table<T>): Generator<RowChange<T>> {
  if (before === after) return
  const sameShape = before !== undefined && before.shards.length === after.shards.length
  for (let s = 0; s < after.shards.length; s++) {
    const was = sameShape ? before.shards[s]! : undefined
    const now = after.shards[s]!
    if (was === now) continue
    for (let b = 0; b < now.length; b++) {
      const wasBucket = was !== undefined && was.length === now.length ? was[b]! : EMPTY
      if (wasBucket !== now[b]) yield* bucketChanges(wasBucket, now[b]!)
    }
  }
  // A table of another shape (never with the same code) is compared row by row instead.
  if (before !== undefined && !sameShape) for (const shard of before.shards) for (const bucket of shard) yield* bucketChanges(bucket, EMPTY)
}
