import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import type { RowChange } from '../ports/storage.js'
import { RECORD_NAMES, StoredEvent, TABLE_NAMES } from '../model/state.js'
import { StoredState, firstProblem, fromStored, rowProblem, toStored } from './stored-state.js'

const TableName = t.keyof(Object.fromEntries(TABLE_NAMES.map((name) => [name, null])) as Record<(typeof TABLE_NAMES)[number], null>)
const RecordName = t.keyof(Object.fromEntries(RECORD_NAMES.map((name) => [name, null])) as Record<(typeof RECORD_NAMES)[number], null>)
const Patch = t.intersection([t.type({ op: t.keyof({ add: null, replace: null, remove: null }), path: t.array(t.union([t.string, t.number])) }), t.partial({ value: t.unknown })])

/** A row change as an adapter stores it: a `state` change holds the stored state, an unbounded retention is null (JSON has no Infinity). */
const StoredRowChange = t.union([
  t.type({ op: t.literal('put'), table: TableName, key: t.string, row: t.unknown }),
  t.type({ op: t.literal('patch'), table: TableName, key: t.string, patches: t.array(Patch) }),
  t.type({ op: t.literal('delete'), table: TableName, key: t.string }),
  t.intersection([t.type({ op: t.literal('field'), record: RecordName, field: t.string }), t.partial({ value: t.unknown })]),
  t.type({ op: t.literal('events'), events: t.array(StoredEvent), retention: t.union([t.number, t.null]) }),
  t.type({ op: t.literal('state'), state: StoredState }),
])
const StoredChanges = t.array(StoredRowChange)

/** A commit's changes in their stored form: a `state` change's state as `toStored` writes it. */
export const storedChanges = (changes: readonly RowChange[]): readonly unknown[] =>
  changes.some((change) => change.op === 'state') ? changes.map((change) => (change.op === 'state' ? { op: 'state', state: toStored(change.state) } : change)) : changes

/**
 * Decodes stored changes (read from a file or a database): a Left naming the first path that
 * does not fit. A row put whole is checked with its table's row codec (`/0/row: /features/f/stale must be boolean`).
 */
export const decodeChanges = (value: unknown): E.Either<string, RowChange[]> => {
  const decoded = StoredChanges.decode(value)
  if (E.isLeft(decoded)) return E.left(firstProblem(decoded.left))
  for (const [i, change] of decoded.right.entries()) {
    const problem = change.op === 'put' ? rowProblem(change.table, change.key, change.row) : null
    if (problem !== null) return E.left(`/${i}/row: ${problem}`)
  }
  return E.right(
    decoded.right.map((change): RowChange => {
      if (change.op === 'state') return { op: 'state', state: fromStored(change.state) }
      if (change.op === 'events') return { op: 'events', events: change.events as never, retention: change.retention ?? Infinity }
      return change as RowChange
    }),
  )
}
