import { Bucket, type Rows } from './bucket.js'
import type { Dict } from '../model/dict.js'
import type { Table as RecordTable } from '../model/table.js'

/**
 * A keyed collection split into 64 shards of 64 small buckets, so that changing one entry
 * copies two 64-slot arrays and one small bucket rather than the whole collection (immer
 * copies what it touches). This keeps the cost of a commit flat as the store grows. A bucket
 * is null until it holds a row, so a scan of a small table (users, environments) skips empty
 * slots without enumerating empty dictionaries.
 */
/** What the domain reads of any table, committed or inside a transaction (see `TxTable` in tx.ts for its writes). */
export type ReadTable<T> = RecordTable<T>

/** A table in any form: the domain's view of one, or its buckets (all the store holds are). */
type AnyTable<T> = RecordTable<T> | Pick<Table<T>, 'shards'>

/** A table as the store keeps it: its rows in buckets. */
export interface Table<T> extends ReadTable<T> {
  /**
   * A slot may also hold a bucket in another form: a `DeferredBucket` put there by a storage
   * adapter, or the dictionary of a table read from JSON. `bucketAt` turns it into a `Bucket`.
   */
  readonly shards: readonly (readonly (Rows<T> | null)[])[]
}

const scan = <T>(table: AnyTable<T>): readonly T[] => {
  const found: T[] = []
  for (const shard of (table as Table<T>).shards) {
    for (let i = 0; i < shard.length; i++) {
      // An empty slot is skipped here, without a call: most slots of a small table are empty.
      if (shard[i] === null) continue
      const bucket = bucketAt(shard, i)
      if (bucket !== null) for (let r = 0; r < bucket.size; r++) found.push(bucket.rowAt(r))
    }
  }
  return Object.freeze(found)
}

/** Every committed row: scanned once per committed table object (`CommittedTable.rows`). */
export const committedRows = <T>(table: AnyTable<T>): readonly T[] => (table instanceof CommittedTable ? (table as CommittedTable<T>).rows() : scan(table))

/**
 * A committed table (or one being built), its rows read through methods. Its own fields are
 * only `size` and `shards`, its stored form. The constructor gives them one by one: once
 * enough of a literal's objects have outlived a scavenge, V8 may allocate every later one
 * directly in the old generation, for the rest of the process. A commit's table is replaced
 * by the next commit's, and a replaced one, dead but old, would hold its young shards, bucket
 * and row copies through every scavenge, which then promotes them. An object given its fields
 * one by one is never allocated old.
 */
export class CommittedTable<T> implements Table<T> {
  readonly size: number
  readonly shards: Table<T>['shards']
  // A committed table is never changed (a change makes a new table object), so its first scan
  // serves every later one. Only a table being built is changed in place, and `setRow`/`deleteRow`
  // in table.ts drop its scan (`changed`). Private, so it is no part of the stored form.
  #scanned: readonly T[] | undefined
  constructor(size: number, shards: Table<T>['shards']) {
    this.size = size
    this.shards = shards
  }

  get(key: string): T | undefined {
    return committedRow(this, key)
  }

  has(key: string): boolean {
    const bucket = bucketOf(this, key)
    return bucket !== null && bucket.has(stored(key))
  }

  rows(): readonly T[] {
    return (this.#scanned ??= scan(this))
  }

  /** Drops the scan of a table being built, changed in place. */
  changed(): void {
    this.#scanned = undefined
  }

  entries(): Iterable<[string, T]> {
    return committedEntries(this)
  }
}

/** A table object from its parts (see `CommittedTable` for why it is built this way). */
export const tableValue = <T>(size: number, shards: Table<T>['shards']): Table<T> => new CommittedTable(size, shards)

/**
 * A bucket as a storage adapter read it, its rows still in their stored form (text, bytes):
 * opening a large store then costs reading bytes, not building every row's objects. Every function here turns it into its rows on first use and puts those rows in
 * its slot, as a `Bucket`, so transactions and scans only ever see buckets.
 */
export class DeferredBucket<T, S = unknown> {
  private rows: Dict<T> | undefined
  constructor(
    private stored: S | undefined,
    private readonly parse: (source: S) => Dict<T>,
  ) {}
  /** The stored form, while the rows have not been built (a snapshot writes it back as is). */
  get source(): S | undefined {
    return this.stored
  }
  resolve(): Dict<T> {
    if (this.rows === undefined) {
      this.rows = this.parse(this.stored!)
      this.stored = undefined
    }
    return this.rows
  }
  toJSON(): Dict<T> {
    return this.resolve()
  }
}

/** Whether a value is a table: a storage adapter stores tables bucket by bucket. */
export const isTable = (value: unknown): value is Table<unknown> =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Table<unknown>).size === 'number' &&
  Array.isArray((value as Table<unknown>).shards) &&
  (value as Table<unknown>).shards.every(Array.isArray)

/** A deferred bucket typed as what it stands for, to put in a table's slot. */
export const deferredSlot = <T, S>(source: S, parse: (source: S) => Dict<T>): Bucket<T> =>
  new DeferredBucket(source, parse) as unknown as Bucket<T>

export const FANOUT = 64

/** FNV-1a over UTF-16 code units: cheap, stable across processes and versions. */
const hash = (key: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

// V8 keeps integer-like keys ("42") of an object as array elements: a bucket holding users 654
// and 1574 would become a holey array of 1575 slots, walked by every scan. Keys that
// start with a digit, and those that start with '#', are stored with a '#' in front.
const MARK = 35 // '#'
export const stored = (key: string): string => {
  const c = key.charCodeAt(0)
  return (c >= 48 && c <= 57) || c === MARK ? `#${key}` : key
}
/** The key a bucket's property stands for. */
export const keyOf = (property: string): string => (property.charCodeAt(0) === MARK ? property.slice(1) : property)

export const slotOf = (key: string): readonly [number, number] => {
  const h = hash(key)
  return [h % FANOUT, (h >>> 6) % FANOUT]
}

// immer's own key for a draft's bookkeeping (stable since immer 5). Through it a scan inside a
// transaction reads what a row draft stands for without the proxies that walking the draft
// would make. immer's `current` cannot stand in: with auto-freeze off it deep-copies every
// untouched branch.
const DRAFT_STATE = Symbol.for('immer-state')
interface DraftState {
  readonly base_: unknown
  readonly copy_: unknown
}
/** The object a draft stands for now (its copy once touched, else its base); a value as is. */
export const peek = <T>(value: T): T => {
  const state = (value as { [DRAFT_STATE]?: DraftState } | null)?.[DRAFT_STATE]
  return state ? ((state.copy_ ?? state.base_) as T) : value
}

/**
 * Turns slot `b` of a shard into a `Bucket`, in place: a deferred bucket is built, a
 * dictionary (a table read from JSON, or replayed) is copied. Shards are never drafted (a
 * transaction drafts rows, see table-draft.ts), and the rows are the same value in another
 * form, so every version sharing that shard may see them.
 */
export const settle = (shard: readonly unknown[], b: number): void => {
  const slot = shard[b]
  if (slot === null || slot === undefined || slot instanceof Bucket) return
  const rows = slot instanceof DeferredBucket ? (slot as DeferredBucket<unknown>).resolve() : (slot as Dict<unknown>)
  ;(shard as unknown[])[b] = Bucket.of(rows)
}

/** Slot `b` of a shard as a `Bucket` (see `settle`), or null. */
export const bucketAt = <T>(shard: readonly (Rows<T> | null)[], b: number): Bucket<T> | null => {
  const slot = shard[b]
  // Most slots of a small table are empty: answered before the class check.
  if (slot === null || slot === undefined) return null
  if (slot instanceof Bucket) return slot
  settle(shard, b)
  return (shard[b] as Bucket<T> | null) ?? null
}

/**
 * The bucket `key` belongs in, a deferred one built first. A key that is not a string names no
 * row, rather than throwing while it is hashed: operations get strings (their path parameters
 * are read by codecs), but the tables are also used by hosts' own code.
 */
export const bucketOf = <T>(table: AnyTable<T>, key: string): Bucket<T> | null => {
  if (typeof key !== 'string') return null
  const [s, b] = slotOf(key)
  return bucketAt((table as Table<T>).shards[s]!, b)
}

/** The committed row under `key`, without drafting anything. */
export const committedRow = <T>(table: AnyTable<T>, key: string): T | undefined => {
  const bucket = bucketOf(table, key)
  return bucket === null ? undefined : bucket.get(stored(key))
}

/** Every committed row with its key. */
export function* committedEntries<T>(table: AnyTable<T>): Generator<[string, T]> {
  for (const shard of (table as Table<T>).shards) {
    for (let i = 0; i < shard.length; i++) {
      // An empty slot is skipped here, without a call: a scan of a small table is 4,096 of them.
      if (shard[i] === null) continue
      const bucket = bucketAt(shard, i)
      if (bucket !== null) for (let r = 0; r < bucket.size; r++) yield [keyOf(bucket.propertyAt(r)), bucket.rowAt(r)]
    }
  }
}

/** Rows of one bucket still in their stored form: their keys, and each row's source. */
export interface StoredRows<S> {
  readonly keys: string[]
  readonly sources: S[]
}

/**
 * A table of `size` rows, each still in the form an adapter read it in (`source`): rows are
 * grouped into the engine's buckets by key here, and a bucket's rows are built by `parse` when
 * one of them is first used. `parse` gets a bucket's sources and answers its rows by key.
 */
export const deferredTable = <T, S>(entries: Iterable<readonly [string, S]>, parse: (sources: readonly S[]) => Dict<T>): Table<T> => {
  const groups = new Map<number, StoredRows<S>>()
  let size = 0
  for (const [key, source] of entries) {
    const [s, b] = slotOf(key)
    const slot = s * FANOUT + b
    let group = groups.get(slot)
    if (group === undefined) groups.set(slot, (group = { keys: [], sources: [] }))
    group.keys.push(key)
    group.sources.push(source)
    size += 1
  }
  const shards = Array.from({ length: FANOUT }, () => Array.from({ length: FANOUT }, () => null as Rows<T> | null))
  const build = (group: StoredRows<S>): Dict<T> => {
    const byKey = parse(group.sources)
    const rows = Object.create(null) as Record<string, T>
    for (const key of group.keys) rows[stored(key)] = Object.prototype.hasOwnProperty.call(byKey, key) ? byKey[key]! : (undefined as T)
    return rows
  }
  for (const [slot, group] of groups) shards[Math.floor(slot / FANOUT)]![slot % FANOUT] = new DeferredBucket<T, StoredRows<S>>(group, build) as unknown as Rows<T>
  return tableValue(size, shards)
}

/**
 * A table's rows for writing: a bucket never used since it was read as the sources it was
 * read from (written back as they are), every other row as its key and row.
 */
export function* rowsForWriting<T, S>(table: Table<T>): Generator<StoredRows<S> | readonly [string, T]> {
  for (const shard of table.shards) {
    for (let i = 0; i < shard.length; i++) {
      const slot = shard[i]
      if (slot === null || slot === undefined) continue
      const source = slot instanceof DeferredBucket ? (slot as DeferredBucket<T, StoredRows<S>>).source : undefined
      // Only rows a `deferredTable` grouped; a bucket another way deferred is built and written row by row.
      if (source !== undefined && Array.isArray((source as Partial<StoredRows<S>>).keys)) {
        yield source
        continue
      }
      const bucket = bucketAt(shard, i)
      if (bucket !== null) for (let r = 0; r < bucket.size; r++) yield [keyOf(bucket.propertyAt(r)), bucket.rowAt(r)]
    }
  }
}
