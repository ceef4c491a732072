import { type Dict, emptyDict, has, lookup } from './dict.js'

/**
 * A keyed collection split into 64 shards of 64 small buckets, so that changing one entry
 * copies two 64-slot arrays and one small bucket rather than the whole collection (immer
 * copies what it touches). This keeps the cost of a commit flat from a thousand entries to
 * a hundred thousand (about 25 entries a bucket at 100k).
 */
export interface Table<T> {
  readonly size: number
  readonly shards: readonly (readonly Dict<T>[])[]
}

const FANOUT = 64

/** FNV-1a over UTF-16 code units: cheap, stable across processes and versions. */
const hash = (key: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

const bucketOf = <T>(table: Table<T>, key: string): Dict<T> => {
  const h = hash(key)
  return table.shards[h % FANOUT]![(h >>> 6) % FANOUT]!
}

export const emptyTable = <T>(): Table<T> => ({
  size: 0,
  shards: Array.from({ length: FANOUT }, () => Array.from({ length: FANOUT }, () => emptyDict<T>())),
})

export const tableFrom = <T>(entries: Iterable<readonly [string, T]>): Table<T> => {
  const table = emptyTable<T>()
  for (const [k, v] of entries) setRow(table, k, v)
  return table
}

export const getRow = <T>(table: Table<T>, key: string): T | undefined => lookup(bucketOf(table, key), key)

export const hasRow = (table: Table<unknown>, key: string): boolean => has(bucketOf(table, key), key)

/** Sets a row on a mutable table (an immer draft, or a table being built). */
export const setRow = <T>(table: Table<T>, key: string, value: T): void => {
  const bucket = bucketOf(table, key) as Record<string, T>
  if (!has(bucket, key)) (table as { size: number }).size += 1
  bucket[key] = value
}

/** Removes a row from a mutable table; returns whether it was there. */
export const deleteRow = (table: Table<unknown>, key: string): boolean => {
  const bucket = bucketOf(table, key) as Record<string, unknown>
  if (!has(bucket, key)) return false
  delete bucket[key]
  ;(table as { size: number }).size -= 1
  return true
}

export function* rows<T>(table: Table<T>): Generator<T> {
  for (const shard of table.shards) for (const bucket of shard) for (const key in bucket) yield bucket[key]!
}

export const rowList = <T>(table: Table<T>): T[] => Array.from(rows(table))
