import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { type Dict, dictFrom } from '../model/dict.js'
import {
  type Counters,
  type EventLog,
  PART_NAMES,
  type PartSchema,
  type RowOf,
  SCHEMA,
  type Settings,
  type State,
  StoredEvent,
  TABLE_NAMES,
  type TableName,
} from '../model/state.js'
import { TABLES } from './apply-changes.js'
import { appendEvents, emptyEventLog } from './event-log.js'
import { emptyTable, tableFrom } from './table.js'
import { type Table, committedEntries } from './table-layout.js'

/*
 * The state as an adapter writes it: every table a dictionary of its rows by key, the event
 * log the list of the events it keeps. Nothing of how the engine lays tables and the log out
 * in memory reaches a file or a database, so that layout may change without a new format.
 */

/** `codec` under the name a message shows: "… must be an object". */
const named = <C extends t.Mixed>(codec: C, name: string) => new t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown>(name, codec.is, codec.validate, codec.encode)

const AnObject = named(t.UnknownRecord, 'an object')
const isObject = (u: unknown): u is Record<string, unknown> => u !== null && typeof u === 'object' && !Array.isArray(u)

/**
 * A table's rows by key, each checked with the table's row codec: a message names the table,
 * the key and the field (`/features/f/stale must be boolean`). The rows are kept as read, not
 * as the codec would rebuild them, and a row that fits is only tested (`is`), which allocates
 * nothing: checking costs a small part of parsing the JSON.
 */
const storedRows = (table: string, row: t.Mixed) =>
  new t.Type<Dict<unknown>, Dict<unknown>, unknown>(
    `the rows of ${table}`,
    (u): u is Dict<unknown> => isObject(u) && Object.keys(u).every((key) => row.is(u[key])),
    (u, c) => {
      if (!isObject(u)) return t.failure(u, c)
      for (const key of Object.keys(u)) {
        const value = u[key]
        if (row.is(value)) continue
        // A row that is not even an object is named so, not by the row codec's long name.
        const expected = isObject(value) || row.is(0) ? row : AnObject
        const checked = expected.validate(value, t.appendContext(c, key, expected, value))
        if (E.isLeft(checked)) return checked
      }
      return t.success(u as Dict<unknown>)
    },
    t.identity,
  )

/** The stored event log: `first` to `last` are the ids it keeps; `events` those it holds, oldest first. */
const StoredLog = t.type({ first: t.number, last: t.number, events: t.array(StoredEvent) })

const storedPart = (name: keyof State, part: PartSchema): t.Mixed =>
  part.kind === 'table' ? storedRows(name, part.row) : part.kind === 'log' ? StoredLog : part.codec

/**
 * The codec of a stored state, from the schema (src/model/state.ts): what a file or a database
 * holds must have this shape. A table is absent in a state stored before it was declared (it
 * reads as empty); every other part must be there.
 */
export const StoredState = t.intersection([
  t.type(Object.fromEntries(PART_NAMES.filter((name) => !TABLES.has(name)).map((name) => [name, storedPart(name, SCHEMA[name])])) as StoredFields),
  t.partial(Object.fromEntries(TABLE_NAMES.map((name) => [name, storedPart(name, SCHEMA[name])])) as unknown as StoredTables),
])
type StoredFields = {
  schemaVersion: t.NumberC
  instanceId: t.StringC
  settings: t.Type<Settings, unknown>
  counters: t.Type<Counters, unknown>
  liveFeatures: t.Type<Dict<number>, unknown>
  events: typeof StoredLog
}
type StoredTables = { [K in TableName]: t.Type<Dict<RowOf<K>>, unknown> }
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

/**
 * The state a stored one stands for (which `StoredState` decoded). A table the stored state
 * lacks is empty: it was declared after the state was stored, which needs no upgrade step.
 */
export const fromStored = (stored: StoredState): State => {
  const state = { ...stored } as Record<string, unknown>
  for (const name of TABLES) {
    const rows = (stored as unknown as Record<string, Dict<unknown> | undefined>)[name]
    state[name] = rows === undefined ? emptyTable() : tableFrom(Object.keys(rows).map((key) => [key, rows[key]] as const))
  }
  state.events = logOf(stored.events)
  return state as unknown as State
}

/** A codec under its `t.readonly`, which adds no entry to a path. */
const unwrapped = (codec: t.Decoder<unknown, unknown>): t.Decoder<unknown, unknown> => (codec instanceof t.ReadonlyType ? unwrapped(codec.type as t.Mixed) : codec)

/** Where a value fails the codec, as a JSON path (`/settings/maintenanceMode`) and what it must be. */
export const firstProblem = (errors: t.Errors): string => {
  const error = errors[0]
  if (error === undefined) return 'not a stored state'
  let path = ''
  for (let i = 1; i < error.context.length; i++) {
    const entry = error.context[i]!
    const parent = unwrapped(error.context[i - 1]!.type)
    // Intersection and union branches are numbered in the context; they are no part of the path.
    if (parent instanceof t.IntersectionType || parent instanceof t.UnionType) continue
    path += `/${entry.key}`
  }
  if (path === '') return '/ must be a stored flagport state'
  const leaf = error.context[error.context.length - 1]!.type
  return `${path} must be ${leaf.name}${error.value === undefined ? ' (it is missing)' : ''}`
}

const TABLE_ROWS = Object.fromEntries(TABLE_NAMES.map((name) => [name, storedPart(name, SCHEMA[name])])) as Record<TableName, t.Mixed>

/**
 * Whether `row` fits its table's row codec: null, or where it does not, as a path that names
 * the table and the key (`/features/f/stale must be boolean`).
 */
export const rowProblem = (table: TableName, key: string, row: unknown): string | null => {
  if ((SCHEMA[table].row as t.Mixed).is(row)) return null
  const rows = dictFrom([[key, row]])
  const checked = TABLE_ROWS[table].validate(rows, [
    { key: '', type: t.UnknownRecord, actual: undefined },
    { key: table, type: TABLE_ROWS[table], actual: rows },
  ])
  return E.isLeft(checked) ? firstProblem(checked.left) : null
}

/** Decodes a stored state read from a file or a database: a Left naming the first path that does not fit. */
export const decodeStoredState = (value: unknown): E.Either<string, State> => {
  const decoded = StoredState.decode(value)
  return E.isRight(decoded) ? E.right(fromStored(decoded.right)) : E.left(firstProblem(decoded.left))
}
