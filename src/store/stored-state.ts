import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { type Dict, dictFrom } from '../model/dict.js'
import type { EventLog, State, StoredEvent } from '../model/state.js'
import type { TableName } from '../ports/storage.js'
import { TABLES } from './apply-changes.js'
import { appendEvents, emptyEventLog } from './event-log.js'
import { tableFrom } from './table.js'
import { type Table, committedEntries } from './table-layout.js'

/*
 * The state as an adapter writes it: every table a dictionary of its rows by key, the event
 * log the list of the events it keeps. Nothing of how the engine lays tables and the log out
 * in memory reaches a file or a database, so that layout may change without a new format.
 */

/** `codec` under the name a message shows: "… must be an object". */
const named = <C extends t.Mixed>(codec: C, name: string) => new t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown>(name, codec.is, codec.validate, codec.encode)

const Row = named(t.UnknownRecord, 'an object')
export const StoredEventCodec = t.intersection([t.type({ id: t.number, type: t.string, createdAt: t.string, createdBy: t.string, createdByUserId: t.number }), t.UnknownRecord])

/** The stored event log: `first` to `last` are the ids it keeps; `events` those it holds, oldest first. */
const StoredLog = t.type({ first: t.number, last: t.number, events: t.array(StoredEventCodec) })

// A table is absent in a state of an earlier schema that did not have it yet.
// The index of accounts' identities holds user ids; every other table holds objects.
const tables = Object.fromEntries([...TABLES].map((name) => [name, t.record(t.string, name === 'identities' ? named(t.number, 'a number') : Row)])) as Record<TableName, t.RecordC<t.StringC, t.Mixed>>

/** The codec of a stored state: what a file or a database holds must have this shape. */
export const StoredState = t.intersection([
  t.type({
    schemaVersion: t.number,
    instanceId: t.string,
    settings: t.intersection([t.type({ maintenanceMode: t.boolean, frontendApiOrigins: t.union([t.array(t.string), t.null]) }), t.UnknownRecord]),
    counters: t.type({ user: t.number, group: t.number, segment: t.number, event: t.number, apiToken: t.number }),
    liveFeatures: t.record(t.string, t.number),
    events: StoredLog,
  }),
  t.partial(tables),
])
export type StoredState = t.TypeOf<typeof StoredState>

/** The state in its stored form (rows by key, events as a list). */
export const toStored = (state: State): StoredState => {
  const stored = { ...state } as Record<string, unknown>
  for (const name of TABLES) {
    const table = (state as unknown as Record<string, Table<unknown> | undefined>)[name]
    if (table !== undefined) stored[name] = dictFrom(committedEntries(table))
  }
  const log = state.events
  const events: StoredEvent[] = []
  for (const page of log.pages) for (const chunk of page) for (const event of chunk) if (event.id >= log.first) events.push(event)
  stored.events = { first: log.first, last: log.last, events }
  return stored as unknown as StoredState
}

const logOf = (stored: StoredState['events']): EventLog => {
  if (stored.events.length === 0) return stored.first === 0 && stored.last === 0 ? emptyEventLog() : { first: stored.first, last: stored.last, pages: [] }
  return appendEvents(emptyEventLog(), stored.events as unknown as StoredEvent[], stored.last - stored.first + 1)
}

/** The state a stored one stands for (which `StoredState` decoded). */
export const fromStored = (stored: StoredState): State => {
  const state = { ...stored } as Record<string, unknown>
  for (const name of TABLES) {
    const rows = (stored as unknown as Record<string, Dict<unknown> | undefined>)[name]
    if (rows !== undefined) state[name] = tableFrom(Object.keys(rows).map((key) => [key, rows[key]] as const))
  }
  state.events = logOf(stored.events)
  return state as unknown as State
}

/** Where a value fails the codec, as a JSON path (`/settings/maintenanceMode`) and what it must be. */
export const firstProblem = (errors: t.Errors): string => {
  const error = errors[0]
  if (error === undefined) return 'not a stored state'
  let path = ''
  for (let i = 1; i < error.context.length; i++) {
    const entry = error.context[i]!
    const parent = error.context[i - 1]!.type
    // Intersection and union branches are numbered in the context; they are no part of the path.
    if (parent instanceof t.IntersectionType || parent instanceof t.UnionType) continue
    path += `/${entry.key}`
  }
  if (path === '') return '/ must be a stored flagport state'
  const leaf = error.context[error.context.length - 1]!.type
  return `${path} must be ${leaf.name}${error.value === undefined ? ' (it is missing)' : ''}`
}

/** Decodes a stored state read from a file or a database: a Left naming the first path that does not fit. */
export const decodeStoredState = (value: unknown): E.Either<string, State> => {
  const decoded = StoredState.decode(value)
  return E.isRight(decoded) ? E.right(fromStored(decoded.right)) : E.left(firstProblem(decoded.left))
}
