import { copyDict } from '../model/dict.js'
import { EventLogDraft } from './event-log.js'
import { PART_NAMES, type PartSchema, type RecordName, SCHEMA, type State, type TableName } from '../model/state.js'
import type { RowChange } from '../ports/storage.js'
import { type RowDrafter, TableDraft } from './table-draft.js'
import type { Table } from './table-layout.js'
import type { Tx } from './tx.js'
import { BASE, BEFORE } from './base-state.js'

type Part = keyof State

/**
 * How a transaction drafts each part of the state, by its kind in the schema: a table row by row (`TableDraft`), a small
 * flat record (settings, counters) as a copy made when first read, the event log as the
 * events it appends (`EventLogDraft`), a plain value never (no operation changes it). A
 * record's fields are replaced, never changed in place (`settings.frontendApiOrigins` is set
 * to a new array).
 */
const LAYOUT = Object.fromEntries(PART_NAMES.map((part) => [part, (SCHEMA[part] as PartSchema).kind])) as Record<Part, PartSchema['kind']>

// A working state reads its tables and records through getters on a shared prototype, which
// draft each on first use through the transaction's `OPEN`: most operations touch two or three
// parts, and defining getters, or drafting every table, per transaction cost more than the rest.
const OPEN = Symbol('open')
const REPLACE = Symbol('replace')
const WORKING: object = Object.create(
  Object.prototype,
  Object.fromEntries(
    PART_NAMES.map((part) => [
      part,
      LAYOUT[part] === 'value'
        ? { enumerable: true, get(this: { [BASE]: State }) { return this[BASE][part] } }
        : { enumerable: true, get(this: { [OPEN]: (part: Part) => unknown }) { return this[OPEN](part) } },
    ]),
  ),
)

/** What a transaction made: the next state (`state` itself when nothing changed), and the row changes from `state` to it when asked for. */
export interface Finished {
  readonly state: State
  readonly changed: boolean
  readonly changes: RowChange[]
}

type Fields = Record<string, unknown>

/** A record's copy, prototype-free if it was (a `Dict` keyed by project ids). */
const copyFields = (source: Fields): Fields => (Object.getPrototypeOf(source) === null ? copyDict(source) : { ...source })

/** Whether a record's copy differs from its source, field by field; `record` gets a change per field. */
const fieldChanges = (part: RecordName, source: Fields, copy: Fields, record: ((change: RowChange) => void) | undefined): boolean => {
  let changed = false
  for (const key in copy) {
    if (Object.prototype.hasOwnProperty.call(source, key) && source[key] === copy[key]) continue
    changed = true
    record?.({ op: 'field', record: part, field: key, value: copy[key] })
  }
  for (const key in source) {
    if (Object.prototype.hasOwnProperty.call(copy, key)) continue
    changed = true
    record?.({ op: 'field', record: part, field: key })
  }
  return changed
}


/**
 * Opens a transaction on `state`. Operations change `working` as they would an immer draft of
 * the whole state, but only what they read for change is drafted: the rows of a table one by
 * one, a record when first read. Drafting the whole state through immer instead made a proxy
 * for the state, each table, shard and bucket on the way to a row, and walked each of them on
 * finishing: most of the cost of a small commit. `finish` assembles the next state and what
 * changed, row by row (`RowChange`), which is all storage adapters see.
 *
 * A transaction may run many steps (`nextStep`, for `runAll`): each step sees what the steps
 * before it made, and a whole-store scan (`stateBefore`) reads the state they left, made as a
 * committed value when a step first asks for it. `replace` replaces the whole state.
 */
export const beginTransaction = (state: State, drafter: RowDrafter) => {
  // What the transaction drafts from: `state`, or the state `replace` put in its place.
  let base = state
  let replaced = false
  let tables = new Map<Part, TableDraft<unknown>>()
  // Each record's copy; its source is `base[part]`. (No `{ source, copy }` literal: see `Change` in table-draft.ts.)
  let records = new Map<Part, Fields>()
  let eventLog: EventLogDraft | undefined
  // What `stateBefore` answers: `base` until a later step begins, then made again when first asked for.
  let before: State | undefined = state
  const working = Object.create(WORKING) as Record<string | symbol, unknown>
  working[BASE] = state
  working[OPEN] = (part: Part): unknown => {
    if (LAYOUT[part] === 'table') {
      let table = tables.get(part)
      if (table === undefined) tables.set(part, (table = new TableDraft(base[part] as Table<unknown>, drafter)))
      return table
    }
    if (LAYOUT[part] === 'log') return (eventLog ??= new EventLogDraft(base.events))
    let copy = records.get(part)
    if (copy === undefined) records.set(part, (copy = copyFields(base[part] as unknown as Fields)))
    return copy
  }
  working[BEFORE] = (): State => (before ??= snapshot())
  working[REPLACE] = (next: State): void => replace(next)

  /** The state as it is now, as a committed value, the transaction going on. */
  const snapshot = (): State => {
    const now = { ...base } as Record<string, unknown>
    for (const [part, copy] of records) if (fieldChanges(part as RecordName, base[part] as unknown as Fields, copy, undefined)) now[part] = copyFields(copy)
    for (const [part, table] of tables) now[part] = table.snapshot()
    if (eventLog !== undefined) now.events = eventLog.snapshot()
    return now as unknown as State
  }

  /** The steps from here on read, through `stateBefore`, what the steps before made. */
  const nextStep = (): void => {
    before = undefined
  }

  /** The whole state replaced by `next`: what the transaction changed so far is dropped, and later changes apply to `next`. */
  const replace = (next: State): void => {
    base = next
    replaced = true
    tables = new Map()
    records = new Map()
    eventLog = undefined
    before = next
    working[BASE] = next
  }

  const finish = (withChanges: boolean): Finished => {
    const changes: RowChange[] = []
    // Rows set in a table may hold drafts of other rows (an event's preData): copied while those live.
    for (const table of tables.values()) table.settleValues()
    eventLog?.settleValues()
    const next = { ...base } as Record<string, unknown>
    let changed = false
    const record = withChanges ? (change: RowChange) => void changes.push(change) : undefined
    for (const [part, copy] of records) {
      if (fieldChanges(part as RecordName, base[part] as unknown as Fields, copy, record)) {
        changed = true
        next[part] = copy
      }
    }
    for (const [part, table] of tables) {
      const finished = table.finish(part as TableName, record)
      if (finished !== base[part]) {
        changed = true
        next[part] = finished
      }
    }
    if (eventLog !== undefined) {
      const log = eventLog.finish(record)
      if (log !== base.events) {
        changed = true
        next.events = log
      }
    }
    const made = changed ? (next as unknown as State) : base
    if (!replaced || made === state) return { state: made, changed, changes }
    // A replacement is told whole, with what later steps changed of it.
    return { state: made, changed: true, changes: withChanges ? [{ op: 'state', state: made }] : changes }
  }

  return { working: working as unknown as Tx, finish, nextStep, replace }
}

/** Replaces the whole state inside a transaction (`working`): what it changed so far is dropped, and later changes apply to `next`. */
export const replaceState = (working: Tx, next: State): void => {
  const replace = (working as unknown as { readonly [REPLACE]?: (next: State) => void })[REPLACE]
  if (replace === undefined) throw new Error('flagport: a state is replaced inside a transaction')
  replace(next)
}

/**
 * One transaction whose changes cannot be refused, run as the facade runs its operations: for
 * tests and tools that write a store directly (the storage contract suite).
 */
export const transact = (state: State, drafter: RowDrafter, recipe: (working: Tx) => void): Finished => {
  const transaction = beginTransaction(state, drafter)
  recipe(transaction.working)
  return transaction.finish(true)
}
