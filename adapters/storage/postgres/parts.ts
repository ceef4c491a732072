import * as E from 'fp-ts/lib/Either.js'
import { StoredState, TABLE_NAMES, allRows, changedRows, firstProblem, fromStored, parseJson, tableFrom, type State, type StoredRow, type TableName } from '../../../src/storage/index.js'

/**
 * The snapshot in parts: `state` (the state's small records and plain values, and the event
 * log's bounds), one `row:<table>:<key>` per row and one `event:<id>` per event kept, so that
 * compaction rewrites only the rows that changed. A row's `seq` is its place among the rows
 * it was added with, so a reader rebuilds each table in the order its rows were added; an
 * event's is its id.
 */
export interface Part {
  readonly part: string
  readonly body: string
  readonly seq: number
}

const EVENT_ID_DIGITS = 15
export const eventPart = (id: number): string => `event:${String(id).padStart(EVENT_ID_DIGITS, '0')}`
const rowPart = (table: string, key: string): string => `row:${table}:${key}`

/** The `state` part: the stored state with its tables' rows left out and its events kept apart. */
const statePart = (state: State): Part => {
  const skeleton = { ...state } as Record<string, unknown>
  // Each table stays as an empty dictionary, so the state's fields keep their order.
  for (const name of TABLE_NAMES) if (name in skeleton) skeleton[name] = {}
  skeleton.events = { first: state.events.first, last: state.events.last, events: [] }
  return { part: 'state', body: JSON.stringify(skeleton), seq: 0 }
}

const eventParts = (state: State, after: number): Part[] => {
  const parts: Part[] = []
  const log = state.events
  for (const page of log.pages) for (const chunk of page) for (const event of chunk) if (event.id >= log.first && event.id > after) parts.push({ part: eventPart(event.id), body: JSON.stringify(event), seq: event.id })
  return parts
}

const asPart = (row: StoredRow): Part => ({ part: rowPart(row.table, row.key), body: JSON.stringify(row.row), seq: row.at })

/** Every part of `state`. */
export const snapshotParts = (state: State): Part[] => [statePart(state), ...Array.from(allRows(state), asPart), ...eventParts(state, 0)]

export interface PartChanges {
  readonly write: Part[]
  readonly remove: string[]
  /** Event parts below this id are gone from the log. */
  readonly eventsFrom: number
}

/** The parts to write and remove to turn the snapshot of `base` into one of `current` (only the rows a commit changed are compared). */
export const changedParts = (base: State, current: State): PartChanges => {
  const rows = changedRows(base, current)
  return {
    write: [statePart(current), ...rows.write.map(asPart), ...eventParts(current, base.events.last)],
    remove: rows.remove.map((row) => rowPart(row.table, row.key)),
    eventsFrom: current.events.first,
  }
}

type Rebuilt = { ok: true; state: State } | { ok: false; reason: string }

/**
 * The state the parts were written from, decoded by the stored-state codec (a reason naming
 * the part or the path that does not fit). Each table is rebuilt in its rows' `seq` order.
 */
export const stateFromParts = (parts: readonly Part[]): Rebuilt => {
  const sorted = [...parts].sort((a, b) => a.seq - b.seq)
  const parsed = (part: Part): { ok: true; value: unknown } | { ok: false; reason: string } => {
    try {
      return { ok: true, value: parseJson(part.body) }
    } catch (e) {
      return { ok: false, reason: `snapshot part ${part.part} is not JSON (${(e as Error).message})` }
    }
  }
  const head = sorted.find((p) => p.part === 'state')
  if (head === undefined) return { ok: false, reason: 'the snapshot has no state part' }
  const skeleton = parsed(head)
  if (!skeleton.ok) return skeleton
  if (skeleton.value === null || typeof skeleton.value !== 'object') return { ok: false, reason: 'the snapshot part state is not an object' }
  const stored = { ...(skeleton.value as Record<string, unknown>) }
  const entries = new Map<string, Array<readonly [string, unknown]>>()
  const events: unknown[] = []
  for (const part of sorted) {
    if (part === head) continue
    const value = parsed(part)
    if (!value.ok) return value
    if (part.part.startsWith('event:')) events.push(value.value)
    else if (part.part.startsWith('row:')) {
      const rest = part.part.slice(4)
      const table = rest.slice(0, rest.indexOf(':'))
      if (!TABLE_NAMES.includes(table as TableName)) return { ok: false, reason: `snapshot part ${part.part} names no table` }
      const list = entries.get(table) ?? []
      list.push([rest.slice(table.length + 1), value.value])
      entries.set(table, list)
    } else return { ok: false, reason: `snapshot part ${part.part} is not a part of a snapshot` }
  }
  // Checked as one stored state, so a message names the path (`/features/f/name …`).
  for (const [table, list] of entries) stored[table] = Object.fromEntries(list)
  const log = stored.events as Record<string, unknown> | undefined
  stored.events = log !== null && typeof log === 'object' ? { ...log, events } : log
  const decoded = StoredState.decode(stored)
  if (E.isLeft(decoded)) return { ok: false, reason: `the snapshot does not decode: ${firstProblem(decoded.left)}` }
  const state = fromStored(decoded.right) as unknown as Record<string, unknown>
  // Built from the ordered entries: a dictionary would put integer-like keys first.
  for (const table of TABLE_NAMES) state[table] = tableFrom(entries.get(table) ?? [])
  return { ok: true, state: state as unknown as State }
}
