import { appendEvents, emptyEventLog } from './event-log.js'
import type { EventLog, StoredEvent } from './state.js'
import { isTable, rows } from './table.js'

export const SCHEMA_VERSION = 2

/** Schema 1's event log: the events in a table keyed by id. */
interface EventTable {
  readonly first: number
  readonly last: number
  readonly byId: unknown
}

const isEvent = (value: unknown): value is StoredEvent =>
  value !== null && typeof value === 'object' && Number.isSafeInteger((value as StoredEvent).id)

const chunked = (log: EventTable): EventLog => {
  const first = Number.isSafeInteger(log.first) ? log.first : 0
  const last = Number.isSafeInteger(log.last) ? log.last : 0
  const events = isTable(log.byId) ? [...rows(log.byId)].filter((e): e is StoredEvent => isEvent(e) && e.id >= first && e.id <= last) : []
  events.sort((a, b) => a.id - b.id)
  return { ...appendEvents(emptyEventLog(), events, Infinity), first, last }
}

/**
 * A state stored by an earlier version, in this version's shape; a state of this version as
 * is. Storage adapters run it on every state they read, so the rest of flagport only ever
 * sees the current schema. Pure, and total: a part it cannot read becomes empty rather than
 * an exception (a host's `decodeState` is where a store is checked).
 *
 * Schema 1 kept the events in a table keyed by id; they become chunks, in id order.
 */
export const upgradeState = <S>(state: S): S => {
  if (state === null || typeof state !== 'object') return state
  const s = state as unknown as { readonly schemaVersion?: unknown; readonly events?: unknown }
  if (s.schemaVersion !== 1) return state
  const events = s.events !== null && typeof s.events === 'object' && 'byId' in s.events ? chunked(s.events as EventTable) : emptyEventLog()
  // Its prototype kept: a state read from disk has none.
  return Object.assign(Object.create(Object.getPrototypeOf(state) as object | null) as object, state, { schemaVersion: SCHEMA_VERSION, events }) as S
}

/** Whether `state` is in an earlier version's shape (what `upgradeState` would change). */
export const isOutdated = (state: unknown): boolean =>
  state !== null && typeof state === 'object' && (state as { schemaVersion?: unknown }).schemaVersion === 1
