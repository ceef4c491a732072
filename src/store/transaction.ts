import { copyDict } from '../model/dict.js'
import { EventLogDraft } from './event-log.js'
import type { State } from '../model/state.js'
import type { RecordName, RowChange, TableName } from '../ports/storage.js'
import { type RowDrafter, TableDraft } from './table-draft.js'
import type { Table } from './table-layout.js'
import type { Tx } from './tx.js'
import { BASE } from './base-state.js'

/**
 * How a transaction drafts each part of the state: a table row by row (`TableDraft`), a small
 * flat record (settings, counters) as a copy made when first read, the event log as the
 * events it appends (`EventLogDraft`), a plain value never (no operation changes it). A
 * record's fields are replaced, never changed in place (`settings.frontendApiOrigins` is set
 * to a new array).
 */
const LAYOUT = {
  schemaVersion: 'value',
  instanceId: 'value',
  settings: 'record',
  counters: 'record',
  environments: 'table',
  projects: 'table',
  features: 'table',
  liveFeatures: 'record',
  strategyTypes: 'table',
  tagTypes: 'table',
  tags: 'table',
  segments: 'table',
  contextFields: 'table',
  rootRoles: 'table',
  users: 'table',
  identities: 'table',
  groups: 'table',
  apiTokens: 'table',
  sessions: 'table',
  usageCounts: 'table',
  usageApplications: 'table',
  events: 'log',
} as const satisfies Record<keyof State, 'table' | 'record' | 'log' | 'value'>

type Part = keyof State
const PARTS = Object.keys(LAYOUT) as Part[]

// A working state reads its tables and records through getters on a shared prototype, which
// draft each on first use through the transaction's `OPEN`: most operations touch two or three
// parts, and defining getters, or drafting every table, per transaction cost more than the rest.
const OPEN = Symbol('open')
const WORKING: object = Object.create(
  Object.prototype,
  Object.fromEntries(
    PARTS.map((part) => [
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
 */
export const beginTransaction = (state: State, drafter: RowDrafter) => {
  const tables = new Map<Part, TableDraft<unknown>>()
  // Each record's copy; its source is `state[part]`. (No `{ source, copy }` literal: see `Change` in table-draft.ts.)
  const records = new Map<Part, Fields>()
  let eventLog: EventLogDraft | undefined
  const working = Object.create(WORKING) as Record<string | symbol, unknown>
  working[BASE] = state
  working[OPEN] = (part: Part): unknown => {
    if (LAYOUT[part] === 'table') {
      let table = tables.get(part)
      if (table === undefined) tables.set(part, (table = new TableDraft(state[part] as Table<unknown>, drafter)))
      return table
    }
    if (LAYOUT[part] === 'log') return (eventLog ??= new EventLogDraft(state.events))
    let copy = records.get(part)
    if (copy === undefined) records.set(part, (copy = copyFields(state[part] as unknown as Fields)))
    return copy
  }

  const finish = (withChanges: boolean): Finished => {
    const changes: RowChange[] = []
    // Rows set in a table may hold drafts of other rows (an event's preData): copied while those live.
    for (const table of tables.values()) table.settleValues()
    eventLog?.settleValues()
    const next = { ...state } as Record<string, unknown>
    let changed = false
    const record = withChanges ? (change: RowChange) => void changes.push(change) : undefined
    for (const [part, copy] of records) {
      if (fieldChanges(part as RecordName, state[part] as unknown as Fields, copy, record)) {
        changed = true
        next[part] = copy
      }
    }
    for (const [part, table] of tables) {
      const finished = table.finish(part as TableName, record)
      if (finished !== state[part]) {
        changed = true
        next[part] = finished
      }
    }
    if (eventLog !== undefined) {
      const log = eventLog.finish(record)
      if (log !== state.events) {
        changed = true
        next.events = log
      }
    }
    return { state: changed ? (next as unknown as State) : state, changed, changes }
  }

  return { working: working as unknown as Tx, finish }
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
