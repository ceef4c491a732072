import { type Dict, emptyDict, has, lookup } from './dict.js'

/**
 * A keyed collection split into buckets, so that changing one entry copies one small
 * bucket rather than the whole collection (immer copies what it touches). This keeps the
 * cost of a commit flat from a thousand features to a hundred thousand.
 */
export interface Table<T> {
  readonly size: number
  readonly buckets: readonly Dict<T>[]
}

const BUCKETS = 256

/** FNV-1a over UTF-16 code units: cheap, stable across processes and versions. */
const bucketOf = (key: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) % BUCKETS
}

export const emptyTable = <T>(): Table<T> => ({
  size: 0,
  buckets: Array.from({ length: BUCKETS }, () => emptyDict<T>()),
})

export const tableFrom = <T>(entries: Iterable<readonly [string, T]>): Table<T> => {
  const table = emptyTable<T>() as { size: number; buckets: Record<string, T>[] }
  for (const [k, v] of entries) setRow(table, k, v)
  return table
}

export const getRow = <T>(table: Table<T>, key: string): T | undefined =>
  lookup(table.buckets[bucketOf(key)]!, key)

export const hasRow = (table: Table<unknown>, key: string): boolean =>
  has(table.buckets[bucketOf(key)]!, key)

/** Sets a row on a mutable table (an immer draft, or a table being built). */
export const setRow = <T>(table: Table<T>, key: string, value: T): void => {
  const mutable = table as { size: number; buckets: Record<string, T>[] }
  const bucket = mutable.buckets[bucketOf(key)]!
  if (!has(bucket, key)) mutable.size += 1
  bucket[key] = value
}

/** Removes a row from a mutable table; returns whether it was there. */
export const deleteRow = (table: Table<unknown>, key: string): boolean => {
  const mutable = table as { size: number; buckets: Record<string, unknown>[] }
  const bucket = mutable.buckets[bucketOf(key)]!
  if (!has(bucket, key)) return false
  delete bucket[key]
  mutable.size -= 1
  return true
}

export function* rows<T>(table: Table<T>): Generator<T> {
  for (const bucket of table.buckets) for (const key in bucket) yield bucket[key]!
}

export const rowList = <T>(table: Table<T>): T[] => Array.from(rows(table))
