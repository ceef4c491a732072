import { type Immer, type Patch, current, isDraft } from 'immer'
import type { RowChange, TableName } from '../ports/storage.js'
import { Bucket } from './bucket.js'
import { FANOUT, type Table, bucketAt, committedEntries, committedRow, peek, slotOf, stored, tableValue } from './table-layout.js'

/** What a table draft needs of immer: the facade's instance, which does not freeze. */
export type RowDrafter = Pick<Immer, 'createDraft' | 'finishDraft'>

/**
 * Where a changed row stands: its committed row, and what it is now (a draft, a value, or
 * undefined once deleted).
 *
 * A class, not an object literal. V8 counts how many objects of each literal outlive a
 * scavenge and, past a ratio, allocates that literal's objects directly in the old
 * generation (pretenuring); an instance made with `new` is no literal, and is born young
 * (docs/benchmarks.md). A change born old, dead after its commit but old, would
 * hold its young draft, immer's state and the row's copy through the next scavenge, which
 * would then promote them.
 */
class Change<T> {
  constructor(
    readonly committed: T | undefined,
    /** What a drafted row's draft was made of: the row it drafts, or a copy of it (see `draftBase`). */
    readonly base: T | undefined,
    /** The row a draft drafts, which it finishes as when unchanged: the committed row, or a row a snapshot holds. */
    readonly origin: T | undefined,
    readonly drafted: boolean,
    public value: T | undefined,
    /** The value (not drafted) is held by a snapshot (`snapshot`): drafted before it is changed, never changed in place. */
    public shared: boolean,
  ) {}
}

/**
 * What a row is drafted from. immer copies an object without a prototype (every row a file
 * store read) into an object in V8's dictionary mode, larger and slower to read. Rows are
 * records, never dictionaries, so such a row is drafted from an ordinary copy of itself, which
 * immer copies with a spread; the changed row keeps that prototype.
 */
const draftBase = <T extends object>(row: T): T => (Object.getPrototypeOf(row) === null ? { ...row } : row)

/** Past this many patches a changed row is told as a put: replaying it whole costs less. */
const MAX_ROW_PATCHES = 16

/** What became of a row drafted and changed: its patches, or the row whole when they are many or replace it. */
const draftedChange = (table: TableName, key: string, row: unknown, patches: readonly Patch[]): RowChange =>
  patches.length > MAX_ROW_PATCHES || patches.some((p) => p.path.length === 0) ? { op: 'put', table, key, row } : { op: 'patch', table, key, patches }

/** A copy of `value` in which every immer draft is replaced by what it holds now. */
export const withoutDrafts = <T>(value: T): T => {
  if (value === null || typeof value !== 'object') return value
  if (isDraft(value)) return current(value as never) as T
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i]
      const settled = withoutDrafts(child)
      if (settled !== child) (copy ??= value.slice())[i] = settled
    }
    return (copy ?? value) as T
  }
  const prototype = Object.getPrototypeOf(value) as object | null
  if (prototype !== Object.prototype && prototype !== null) return value
  let copy: Record<string, unknown> | undefined
  const source = value as Record<string, unknown>
  // `for...in` walks a record without allocating its keys, and a record (Object's prototype or
  // none) inherits no enumerable key. Most values an event holds are walked and found plain.
  for (const key in source) {
    const child = source[key]
    const settled = withoutDrafts(child)
    if (settled !== child) (copy ??= Object.setPrototypeOf({ ...source }, prototype) as Record<string, unknown>)[key] = settled
  }
  return (copy ?? value) as T
}

/**
 * A table inside a transaction. Instead of drafting the whole table through immer (a proxy
 * for the table, its shard array, the shard and the bucket before the row is reached, and a
 * walk of each on finishing), it keeps the rows the transaction reads for change, each an
 * immer draft of its own, and the rows it sets or deletes. `finish` copies the shards and
 * buckets those rows live in, once each, and tells what changed row by row.
 */
export class TableDraft<T> implements Table<T> {
  // Made on the first change: most tables a transaction opens are only read.
  private changes: Map<string, Change<T>> | undefined
  size: number

  constructor(
    readonly committed: Table<T>,
    private readonly drafter: RowDrafter,
  ) {
    this.size = committed.size
  }

  private record(key: string, change: Change<T>): void {
    ;(this.changes ??= new Map()).set(key, change)
  }

  /** A table draft is read through table.ts, never by its slots. */
  get shards(): never {
    throw new Error('flagport: a table inside a transaction has no shards; read it through table.ts')
  }

  /** The row as a draft to change (drafted on first use); undefined when absent. */
  get(key: string): T | undefined {
    const change = this.changes?.get(key)
    if (change !== undefined && !change.shared) return change.value
    const row = change !== undefined ? change.value : committedRow(this.committed, key)
    if (row === undefined || row === null || typeof row !== 'object') return row
    const base = draftBase(row as T & object)
    const draft = this.drafter.createDraft(base) as T
    this.record(key, new Change<T>(change !== undefined ? change.committed : row, base, row, true, draft, false))
    return draft
  }

  has(key: string): boolean {
    const change = this.changes?.get(key)
    return change !== undefined ? change.value !== undefined : committedRow(this.committed, key) !== undefined
  }

  set(key: string, value: T): void {
    const change = this.changes?.get(key)
    const committed = change !== undefined ? change.committed : committedRow(this.committed, key)
    if (!this.has(key)) this.size += 1
    this.record(key, new Change<T>(committed, undefined, undefined, false, value, false))
  }

  delete(key: string): boolean {
    if (!this.has(key)) return false
    const change = this.changes?.get(key)
    this.record(key, new Change<T>(change !== undefined ? change.committed : committedRow(this.committed, key), undefined, undefined, false, undefined, false))
    this.size -= 1
    return true
  }

  /** Every row as it is now, for reading: committed rows first, then new ones. */
  *entries(): Generator<[string, T]> {
    for (const entry of committedEntries(this.committed)) {
      const change = this.changes?.get(entry[0])
      if (change === undefined) yield entry
      else if (change.value !== undefined) yield [entry[0], peek(change.value)]
    }
    for (const [key, change] of this.changes ?? []) {
      if (change.committed === undefined && change.value !== undefined) yield [key, peek(change.value)]
    }
  }

  /** Every row as it is now, for reading (see `entries`): to change rows found by a scan, use `drafts`. */
  rows(): readonly T[] {
    return Array.from(this.entries(), ([, row]) => row)
  }

  /** The row as it is now, for reading only: nothing is drafted. */
  read(key: string): T | undefined {
    const change = this.changes?.get(key)
    return change !== undefined ? (change.value === undefined ? undefined : peek(change.value)) : committedRow(this.committed, key)
  }

  /** The rows `keep` selects, as drafts to change. */
  drafts(keep: (row: T) => boolean): T[] {
    const keys: string[] = []
    for (const [key, row] of this.entries()) if (keep(row)) keys.push(key)
    return keys.map((key) => this.get(key)!)
  }

  /** Changes the row under `key` in place through `change` (given its draft); returns whether there was one. */
  update(key: string, change: (row: T) => void): boolean {
    const row = this.get(key)
    if (row === undefined) return false
    change(row)
    return true
  }

  /**
   * Copies the drafts held by rows set in this transaction (an event's `preData` may be a
   * strategy still being drafted). Run on every table before any is finished: finishing a
   * draft revokes it.
   */
  settleValues(): void {
    if (this.changes === undefined) return
    for (const change of this.changes.values()) if (!change.drafted && change.value !== undefined) change.value = withoutDrafts(change.value)
  }

  /**
   * The committed table with this transaction's rows; the same table when nothing changed.
   * `record` gets a change for each row changed (`table` names this one).
   */
  finish(table: TableName, record?: (change: RowChange) => void): Table<T> {
    if (this.changes === undefined) return this.committed
    const touched = new Map<number, Bucket<T>>()
    for (const [key, change] of this.changes) {
      let rowPatches: readonly Patch[] = []
      const finished = change.drafted
        ? (this.drafter.finishDraft(change.value, record && ((patches) => void (rowPatches = patches))) as T)
        : change.value
      // An unchanged draft finishes as its base, which may be a copy of the row it drafts.
      const value = change.drafted && finished === change.base ? change.origin : finished
      if (value === change.committed) continue
      this.put(touched, key, value)
      if (record) {
        if (value === undefined) record({ op: 'delete', table, key })
        // Patches tell a change from the committed row only: a draft of a row set earlier is a put.
        else record(change.drafted && change.origin === change.committed ? draftedChange(table, key, value, rowPatches) : { op: 'put', table, key, row: value })
      }
    }
    return this.withBuckets(touched)
  }

  /**
   * The table as it is now, as a committed value, the transaction going on: what a later step
   * of a transaction of many reads as the state before it (`stateBefore`). Each draft's
   * content is copied (immer's `current`); a row set is shared with the snapshot, so it is
   * drafted before it is changed again.
   */
  snapshot(): Table<T> {
    if (this.changes === undefined) return this.committed
    const touched = new Map<number, Bucket<T>>()
    for (const [key, change] of this.changes) {
      const value = withoutDrafts(change.value)
      if (!change.drafted) {
        change.value = value
        change.shared = true
      }
      if (value !== change.committed) this.put(touched, key, value)
    }
    return this.withBuckets(touched)
  }

  /** Sets (or, undefined, deletes) a row in a copy of its bucket, each bucket copied once (`touched`, by slot). */
  private put(touched: Map<number, Bucket<T>>, key: string, value: T | undefined): void {
    const [s, b] = slotOf(key)
    const slot = s * FANOUT + b
    let bucket = touched.get(slot)
    if (bucket === undefined) {
      const was = bucketAt(this.committed.shards[s]!, b)
      bucket = was === null ? new Bucket<T>() : was.copy()
      touched.set(slot, bucket)
    }
    const property = stored(key)
    if (value === undefined) bucket.delete(property)
    else bucket.set(property, value)
  }

  /** The committed table with the buckets `put` copied, the shards they live in copied once each. */
  private withBuckets(touched: Map<number, Bucket<T>>): Table<T> {
    if (touched.size === 0) return this.committed
    const shards = this.committed.shards.slice() as (Bucket<T> | null)[][]
    for (const [slot, bucket] of touched) {
      const s = Math.floor(slot / FANOUT)
      const b = slot % FANOUT
      if (shards[s] === this.committed.shards[s]) shards[s] = shards[s]!.slice()
      // An emptied bucket becomes null again.
      shards[s]![b] = bucket.size === 0 ? null : bucket
    }
    return tableValue(this.size, shards)
  }
}
