import type { Table as RecordTable } from '../model/table.js'
import { Bucket, type Table, bucketAt, keyOf } from './table.js'

/** One key whose row differs between two versions of a table: absent on one side, or another object. */
export interface RowChange<T> {
  readonly key: string
  readonly before: T | undefined
  readonly after: T | undefined
}

function* bucketChanges<T>(before: Bucket<T>, after: Bucket<T>): Generator<RowChange<T>> {
  for (let i = 0; i < before.size; i++) {
    const property = before.propertyAt(i)
    const next = after.get(property)
    if (next !== before.rowAt(i)) yield { key: keyOf(property), before: before.rowAt(i), after: next }
  }
  for (let i = 0; i < after.size; i++) {
    const property = after.propertyAt(i)
    if (!before.has(property)) yield { key: keyOf(property), before: undefined, after: after.rowAt(i) }
  }
}

const EMPTY = new Bucket<never>()

/**
 * The rows that differ between two versions of a table, found by identity: immer copies only
 * the shards and buckets a commit touched, so the others are skipped whole and the cost
 * follows the size of the change, not of the table. `before` undefined: every row is new.
 */
export function* tableChanges<T>(beforeTable: RecordTable<T> | undefined, afterTable: RecordTable<T>): Generator<RowChange<T>> {
  if (beforeTable === afterTable) return
  // Every table the store holds is kept in buckets (table-layout.ts).
  const before = beforeTable as Table<T> | undefined
  const after = afterTable as Table<T>
  const sameShape = before !== undefined && before.shards.length === after.shards.length
  for (let s = 0; s < after.shards.length; s++) {
    const was = sameShape ? before.shards[s]! : undefined
    const now = after.shards[s]!
    if (was === now) continue
    for (let b = 0; b < now.length; b++) {
      const wasBucket = (was !== undefined && was.length === now.length ? bucketAt(was, b) : null) ?? EMPTY
      const nowBucket = bucketAt(now, b) ?? EMPTY
      if (wasBucket !== nowBucket) yield* bucketChanges(wasBucket, nowBucket)
    }
  }
  // A table of another shape (never with the same code) is compared row by row instead.
  if (before !== undefined && !sameShape) {
    for (const shard of before.shards) {
      for (let b = 0; b < shard.length; b++) {
        const bucket = bucketAt(shard, b)
        if (bucket) yield* bucketChanges(bucket, EMPTY)
      }
    }
  }
}
