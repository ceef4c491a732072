import type { Draft } from 'immer'
import type { Dict } from '../model/dict.js'
import type { Counters, EventLog, RowOf, Settings, State, TableName } from '../model/state.js'
import { type ReadTable, peek } from './table-layout.js'
import { committedState } from './base-state.js'

/**
 * What the domain sees of the store: tables of records, read by key or scanned, and inside a
 * transaction also set, deleted and changed in place. How rows are kept and drafted (buckets,
 * row drafts) stays behind these types.
 */

/** A row as a transaction hands it out to change in place. */
export type Editable<T> = Draft<T>

export type { RowOf, TableName }

/**
 * A table inside a transaction. `get` drafts the row it returns: change it in place and the
 * change is committed with the transaction. Reads that change nothing use `read`, `rows` or
 * `entries`, which draft nothing.
 */
export interface TxTable<T> {
  readonly size: number
  /** The row as a draft to change; undefined when absent. */
  get(key: string): Editable<T> | undefined
  has(key: string): boolean
  /** Adds or replaces a row. */
  set(key: string, row: T): void
  /** Removes a row; returns whether it was there. */
  delete(key: string): boolean
  /** The row as it is now, for reading only. */
  read(key: string): T | undefined
  /** Every row as it is now, for reading only. */
  rows(): readonly T[]
  /** Every row with its key as it is now, for reading only. */
  entries(): Iterable<[string, T]>
  /** The rows `keep` selects, as drafts to change. */
  drafts(keep: (row: T) => boolean): Editable<T>[]
  /** Changes the row under `key` in place through `change`; returns whether there was one. */
  update(key: string, change: (row: Editable<T>) => void): boolean
}

/**
 * The working state of a transaction: its tables, the small records (settings, counters,
 * live features per project) to change field by field, and the event log to append to.
 */
export type Tx = { readonly [K in TableName]: TxTable<RowOf<K>> } & {
  readonly schemaVersion: State['schemaVersion']
  readonly instanceId: string
  readonly settings: Draft<Settings>
  readonly counters: Draft<Counters>
  readonly liveFeatures: Record<string, number>
  readonly events: EventLog
}

/**
 * What reads see, whether of a committed state or of a transaction's working state: a
 * function that only reads takes this, so that a transaction can ask it too.
 */
export type ReadState = { readonly [K in TableName]: ReadTable<RowOf<K>> } & {
  readonly schemaVersion: State['schemaVersion']
  readonly instanceId: string
  readonly settings: Settings
  readonly counters: Counters
  readonly liveFeatures: Dict<number>
  readonly events: EventLog
}

export type { ReadTable }

/** The committed state the transaction's current step stands on (see `committedState`); a committed state as is. */
export const stateBefore = (state: ReadState): State => committedState(state as unknown as State)

/**
 * A row a transaction handed out (or any value), as the record it holds now, for reading:
 * reading a draft's fields one by one drafts each object reached, which costs more than the
 * change when the field is then replaced whole.
 */
export const readRow: <T>(row: T) => T = peek
