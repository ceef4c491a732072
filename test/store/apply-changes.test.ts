import * as E from 'fp-ts/lib/Either.js'
import type { Tx } from '../../src/store/tx.js'
import t from 'tap'
import { immer } from '../../src/api/immer.js'
import { initialState } from '../../src/domain/seed.js'
import type { State, StoredEvent } from '../../src/model/state.js'
import type { RowChange } from '../../src/ports/storage.js'
import { applyChanges } from '../../src/store/apply-changes.js'
import { appendEvent, latestEvents } from '../../src/store/event-log.js'
import { stateChanges } from '../../src/store/state-changes.js'
import { type Table, deleteRow, getRow, setRow } from '../../src/store/table.js'
import { transact } from '../../src/store/transaction.js'

/** A small deterministic generator (mulberry32), so a failure names the seed that makes it. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296
}

const TABLES = ['features', 'tagTypes', 'users', 'sessions'] as const
// Keys a table stores in another form ('#'-prefixed), and names that are also Object's.
const KEYS = ['a', 'b', 'c', '42', '7', '#x', '__proto__', 'constructor', 'toString', 'checkout']
type Row = { name: string; n: number; list: number[]; nested: { deep: { value: string } }; extra?: string }

const row = (name: string, n: number): Row => ({ name, n, list: [n], nested: { deep: { value: `v${n}` } } })

/** One random transaction: rows put, deleted, drafted and changed; record fields set and removed; events recorded. */
const randomRecipe = (next: () => number) => (d: Tx) => {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const steps = 1 + Math.floor(next() * 8)
  for (let i = 0; i < steps; i++) {
    const table = d[pick(TABLES)] as unknown as Table<Row>
    const key = pick(KEYS)
    const action = next()
    if (action < 0.3) setRow(table, key, row(key, Math.floor(next() * 100)))
    else if (action < 0.45) deleteRow(table, key)
    else if (action < 0.7) {
      const found = getRow(table, key)
      if (found === undefined) continue
      found.n += 1
      if (next() < 0.5) found.list.push(found.n)
      else found.list.splice(0, 1)
      if (next() < 0.5) found.nested.deep.value = `changed ${found.n}`
      if (next() < 0.3) found.extra = 'x'
      else delete found.extra
    } else if (action < 0.8) {
      const found = getRow(table, key)
      // Many patches in one row: the transaction may tell it as a put.
      if (found !== undefined) for (let k = 0; k < 20; k++) found.list.push(k)
    } else if (action < 0.9) {
      const live = d.liveFeatures as Record<string, number>
      if (next() < 0.7) live[key] = Math.floor(next() * 10)
      else delete live[key]
      d.counters.user += 1
    } else {
      const id = d.counters.event + 1
      d.counters.event = id
      const event: StoredEvent = { id, type: 'feature-created', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'admin', createdByUserId: 1, featureName: key }
      appendEvent(d.events as State['events'], event, 1 + Math.floor(next() * 150))
    }
  }
}

/** JSON with every object's keys sorted: a record's fields have no order that means anything. */
const sorted = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  )

/** The state as data: each table as its rows by key, the log as the events it keeps. */
const asData = (state: State): unknown => {
  const data: Record<string, unknown> = {}
  for (const [part, value] of Object.entries(state)) {
    if (part === 'events') data[part] = latestEvents(state.events, Infinity)
    else if (value !== null && typeof value === 'object' && 'shards' in value) {
      data[part] = Object.fromEntries([...(value as unknown as Table<unknown>).entries()].sort(([a], [b]) => (a < b ? -1 : 1)))
    } else data[part] = value
  }
  return data
}

t.test('replaying a commit’s changes on its base gives the committed state, and leaves the base as it was', async (t) => {
  const problems: string[] = []
  let kinds = new Set<string>()
  for (let seed = 1; seed <= 30; seed++) {
    const next = random(seed)
    let state = initialState('apply', '2026-01-01T00:00:00.000Z')
    for (let commit = 0; commit < 30; commit++) {
      const before = sorted(asData(state))
      const finished = transact(state, immer, randomRecipe(next))
      for (const change of finished.changes) kinds = kinds.add(change.op)
      const replayed = applyChanges(state, finished.changes)
      if (E.isLeft(replayed)) problems.push(`seed ${seed}, commit ${commit}: ${replayed.left}`)
      else if (sorted(asData(replayed.right)) !== sorted(asData(finished.state)) || JSON.stringify(replayed.right.events) !== JSON.stringify(finished.state.events)) problems.push(`seed ${seed}, commit ${commit}: another state`)
      if (sorted(asData(state)) !== before) problems.push(`seed ${seed}, commit ${commit}: the base changed`)
      state = finished.state
    }
  }
  t.same(problems, [], 'every replay gives the committed state')
  t.same([...kinds].sort(), ['delete', 'events', 'field', 'patch', 'put'], 'every kind of change was made')
})

t.test('replaying all of a run’s changes at once gives its last state', async (t) => {
  const next = random(99)
  const first = initialState('apply', '2026-01-01T00:00:00.000Z')
  let state = first
  const all: RowChange[] = [{ op: 'state', state: first }]
  for (let commit = 0; commit < 200; commit++) {
    const finished = transact(state, immer, randomRecipe(next))
    all.push(...finished.changes)
    state = finished.state
  }
  const replayed = applyChanges(null, all)
  t.ok(E.isRight(replayed))
  t.equal(sorted(E.isRight(replayed) && replayed.right), sorted(state))
})

t.test('the whole state as changes rebuilds it', async (t) => {
  const next = random(7)
  let state = initialState('apply', '2026-01-01T00:00:00.000Z')
  for (let commit = 0; commit < 300; commit++) state = transact(state, immer, randomRecipe(next)).state
  const changes = [...stateChanges(state)]
  t.equal(changes[0]?.op, 'state', 'a skeleton first')
  t.ok(changes.slice(1).every((c) => c.op === 'put' || c.op === 'events'), 'then rows and events')
  const rebuilt = applyChanges(null, changes)
  t.ok(E.isRight(rebuilt))
  if (E.isRight(rebuilt)) t.same(asData(rebuilt.right), asData(state), 'the same rows, records and events')
  t.ok(latestEvents(state.events, Infinity).length > 0, 'with events')
})

t.test('a change that does not fit is a Left naming it, never an exception', async (t) => {
  const state = initialState('apply', '2026-01-01T00:00:00.000Z')
  const cases: [RowChange[], string][] = [
    [[{ op: 'patch', table: 'features', key: 'nope', patches: [{ op: 'replace', path: ['name'], value: 'x' }] }], 'patch features/nope: no such row'],
    [[{ op: 'delete', table: 'features', key: 'nope' }], 'delete features/nope: no such row'],
    [[{ op: 'put', table: 'nothing' as never, key: 'k', row: {} }], 'put nothing/k: no such table'],
    [[{ op: 'field', record: 'events' as never, field: 'first', value: 1 }], 'field events.first: no such record'],
    [[{ op: 'patch', table: 'projects', key: 'default', patches: [{ op: 'replace', path: ['environments', 'x', 'y'], value: 1 }] }], 'patch projects/default: `x` is not an array index'],
    [[{ op: 'frobnicate' } as never], 'unknown change "frobnicate"'],
  ]
  for (const [changes, reason] of cases) t.same(applyChanges(state, changes), E.left(reason), reason)
  t.same(applyChanges(null, [{ op: 'delete', table: 'features', key: 'a' }]), E.left('delete features/a: the store holds no state yet'))
  t.same(applyChanges(null, []), E.left('no change gives the store a state'))
  t.equal(getRow(state.projects, 'default')?.environments.length, 2, 'the state is as it was')
})

t.test('a patch through `__proto__` writes an own property, never a prototype', async (t) => {
  const state = transact(initialState('apply', '2026-01-01T00:00:00.000Z'), immer, (d) => {
    setRow(d.features as unknown as Table<unknown>, 'f', { name: 'f', environments: Object.create(null) as object })
  }).state
  const applied = applyChanges(state, [{ op: 'patch', table: 'features', key: 'f', patches: [{ op: 'add', path: ['environments', '__proto__'], value: { polluted: true } }] }])
  t.ok(E.isRight(applied))
  const environments = E.isRight(applied) ? (getRow(applied.right.features, 'f') as { environments: object }).environments : {}
  t.ok(Object.prototype.hasOwnProperty.call(environments, '__proto__'), 'an own key')
  t.equal(({} as { polluted?: boolean }).polluted, undefined, 'no prototype reached')
})
