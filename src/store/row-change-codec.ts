import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import type { RowChange } from '../ports/storage.js'
import { TABLES } from './apply-changes.js'
import { StoredEventCodec, StoredState, firstProblem, fromStored, toStored } from './stored-state.js'

const TableName = t.keyof(Object.fromEntries([...TABLES].map((name) => [name, null])) as Record<string, null>)
const RecordName = t.keyof({ settings: null, counters: null, liveFeatures: null })
const Patch = t.intersection([t.type({ op: t.keyof({ add: null, replace: null, remove: null }), path: t.array(t.union([t.string, t.number])) }), t.partial({ value: t.unknown })])

/** A row change as an adapter stores it: a `state` change holds the stored state, an unbounded retention is null (JSON has no Infinity). */
const StoredRowChange = t.union([
  t.type({ op: t.literal('put'), table: TableName, key: t.string, row: t.unknown }),
  t.type({ op: t.literal('patch'), table: TableName, key: t.string, patches: t.array(Patch) }),
  t.type({ op: t.literal('delete'), table: TableName, key: t.string }),
  t.intersection([t.type({ op: t.literal('field'), record: RecordName, field: t.string }), t.partial({ value: t.unknown })]),
  t.type({ op: t.literal('events'), events: t.array(StoredEventCodec), retention: t.union([t.number, t.null]) }),
  t.type({ op: t.literal('state'), state: StoredState }),
])
const StoredChanges = t.array(StoredRowChange)

/** A commit's changes in their stored form: a `state` change's state as `toStored` writes it. */
export const storedChanges = (changes: readonly RowChange[]): readonly unknown[] =>
  changes.some((change) => change.op === 'state') ? changes.map((change) => (change.op === 'state' ? { op: 'state', state: toStored(change.state) } : change)) : changes

/** Decodes stored changes (read from a file or a database): a Left naming the first path that does not fit. */
export const decodeChanges = (value: unknown): E.Either<string, RowChange[]> => {
  const decoded = StoredChanges.decode(value)
  if (E.isLeft(decoded)) return E.left(firstProblem(decoded.left))
  return E.right(
    decoded.right.map((change): RowChange => {
      if (change.op === 'state') return { op: 'state', state: fromStored(change.state) }
      if (change.op === 'events') return { op: 'events', events: change.events as never, retention: change.retention ?? Infinity }
      return change as RowChange
    }),
  )
}
