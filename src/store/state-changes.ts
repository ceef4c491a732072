import type { EventLog, State, StoredEvent } from '../model/state.js'
import type { RowChange, TableName } from '../ports/storage.js'
import { emptyEventLog } from './event-log.js'
import { emptyTable } from './table.js'
import { TABLES } from './apply-changes.js'
import { type Table, committedEntries } from './table-layout.js'

/** Every event the log keeps, oldest first. */
const keptEvents = (log: EventLog): StoredEvent[] => {
  const kept: StoredEvent[] = []
  for (const page of log.pages) for (const chunk of page) for (const event of chunk) if (event.id >= log.first) kept.push(event)
  return kept
}

/**
 * The whole state as changes, for writing it in parts (a snapshot, a database's first load):
 * first a `state` change holding its plain values and small records with every table and the
 * event log empty, then a `put` for each row, table by table, then one `events` change with
 * the events kept. `applyChanges(null, stateChanges(s))` rebuilds `s`; its event log keeps
 * the same events, in chunks of its own.
 */
export function* stateChanges(state: State): Generator<RowChange> {
  const skeleton = { ...state } as Record<string, unknown>
  for (const name of TABLES) skeleton[name] = emptyTable()
  skeleton.events = emptyEventLog()
  yield { op: 'state', state: skeleton as unknown as State }
  for (const name of TABLES) {
    const table = name as TableName
    for (const [key, row] of committedEntries(state[table] as Table<unknown>)) yield { op: 'put', table, key, row }
  }
  const events = keptEvents(state.events)
  if (events.length > 0) yield { op: 'events', events, retention: state.events.last - state.events.first + 1 }
}
