import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { immer } from '../../src/api/immer.js'
import { initialState } from '../../src/domain/seed.js'
import { TABLE_NAMES, type State } from '../../src/model/state.js'
import { decodeChanges, storedChanges } from '../../src/store/row-change-codec.js'
import { decodeStoredState, toStored } from '../../src/store/stored-state.js'
import { appendEvent } from '../../src/store/event-log.js'
import { getRow, setRow } from '../../src/store/table.js'
import { transact } from '../../src/store/transaction.js'

const state = (): State =>
  transact(initialState('codec', '2026-01-01T00:00:00.000Z'), immer, (d) => {
    const template = getRow(d.tagTypes, 'simple')!
    setRow(d.tagTypes, '__proto__', { ...template, name: '__proto__' })
    setRow(d.tagTypes, '42', { ...template, name: '42' })
    d.counters.event = 1
    appendEvent(d.events as State['events'], { id: 1, type: 'tag-type-created', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'admin', createdByUserId: 1 }, 10)
  }).state

/** The stored form through JSON, every object prototype-free, as an adapter reads it back. */
const throughJson = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.setPrototypeOf(v, null) : v))

t.test('a state written in its stored form and read back is the same state', async (t) => {
  const original = state()
  const stored = throughJson(toStored(original))
  t.notOk(JSON.stringify(stored).includes('shards'), 'the stored form holds rows by key, nothing of the engine’s layout')
  const decoded = decodeStoredState(stored)
  t.ok(E.isRight(decoded))
  if (E.isLeft(decoded)) return
  t.equal(getRow(decoded.right.tagTypes, '__proto__')?.name, '__proto__', 'a key named __proto__')
  t.equal(getRow(decoded.right.tagTypes, '42')?.name, '42')
  t.same(JSON.parse(JSON.stringify(toStored(decoded.right))), JSON.parse(JSON.stringify(toStored(original))), 'the same rows, records and events')
})

t.test('every table of the schema is in a fresh store, and one a stored state lacks reads as empty', async (t) => {
  const fresh = initialState('codec', '2026-01-01T00:00:00.000Z')
  t.same(Object.keys(fresh).filter((part) => (TABLE_NAMES as string[]).includes(part)), TABLE_NAMES, 'every table, in the schema’s order')
  const stored = JSON.parse(JSON.stringify(toStored(state()))) as Record<string, unknown>
  delete stored.segments
  delete stored.addons
  const decoded = decodeStoredState(stored)
  t.ok(E.isRight(decoded) && decoded.right.segments.size === 0 && decoded.right.addons.size === 0, 'empty tables')
  if (E.isLeft(decoded)) return
  const segment = { id: 1, name: 'beta', description: null, project: null, constraints: [], createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'admin' }
  const written = transact(decoded.right, immer, (d) => setRow(d.segments, '1', segment)).state
  t.same(getRow(written.segments, '1'), segment, 'and written like any other')
})

t.test('a stored state that does not fit is a Left naming the path, never an exception', async (t) => {
  const good = JSON.parse(JSON.stringify(toStored(state()))) as Record<string, unknown>
  const cases: [unknown, string][] = [
    [{ ...good, settings: { ...(good.settings as object), maintenanceMode: 'yes' } }, '/settings/maintenanceMode must be boolean'],
    [{ ...good, counters: { ...(good.counters as object), user: undefined } }, '/counters/user must be number (it is missing)'],
    [{ ...good, tagTypes: { simple: 'not a row' } }, '/tagTypes/simple must be an object'],
    [{ ...good, identities: { 'email:a@example.com': '3' } }, '/identities/email:a@example.com must be a number'],
    // Every row is checked with its table's row codec, down to nested fields.
    [{ ...good, tagTypes: { simple: { name: 'simple', description: 7, icon: null } } }, '/tagTypes/simple/description must be'],
    [{ ...good, rootRoles: { ...(good.rootRoles as object), '1': { ...(good.rootRoles as Record<string, object>)['1'], permissions: [1] } } }, '/rootRoles/1/permissions/0 must be string'],
    [{ ...good, environments: { ...(good.environments as object), development: { ...(good.environments as Record<string, object>)['development'], enabled: 'yes' } } }, '/environments/development/enabled must be boolean'],
    [{ ...good, events: { first: 1, last: 1, events: [{ id: 'one' }] } }, '/events/events/0/id must be number'],
    [{ ...good, schemaVersion: undefined }, '/schemaVersion must be number (it is missing)'],
    [[], '/ must be a stored flagport state'],
    [null, '/ must be a stored flagport state'],
  ]
  for (const [value, reason] of cases) {
    const decoded = decodeStoredState(value)
    t.ok(E.isLeft(decoded) && decoded.left.startsWith(reason), `${reason} (${E.isLeft(decoded) ? decoded.left : 'decoded'})`)
  }
})

t.test('a row put whole is checked with its table’s row codec, naming the change, the table and the key', async (t) => {
  const decoded = decodeChanges([{ op: 'put', table: 'tagTypes', key: 'k', row: { name: 'k', description: null, icon: 3 } }])
  t.ok(E.isLeft(decoded) && decoded.left.startsWith('/0/row: /tagTypes/k/icon must be'), E.isLeft(decoded) ? decoded.left : 'decoded')
  const fits = decodeChanges([{ op: 'put', table: 'tagTypes', key: 'k', row: { name: 'k', description: null, icon: null } }])
  t.ok(E.isRight(fits), 'a row that fits is read')
})

t.test('row changes written in their stored form read back as the same changes', async (t) => {
  const base = state()
  const { changes, state: next } = transact(base, immer, (d) => {
    setRow(d.tagTypes, 'new', { ...getRow(d.tagTypes, 'simple')!, name: 'new' })
    getRow(d.tagTypes, 'simple')!.description = 'changed'
    d.counters.event = 2
    appendEvent(d.events as State['events'], { id: 2, type: 'tag-type-created', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'admin', createdByUserId: 1 }, Infinity)
  })
  const all = [...changes, { op: 'state' as const, state: next }]
  const read = decodeChanges(throughJson(storedChanges(all)))
  t.ok(E.isRight(read))
  if (E.isLeft(read)) return
  t.same(read.right.map((c) => c.op), all.map((c) => c.op), 'the same changes, in order')
  t.same(read.right.slice(0, -1), JSON.parse(JSON.stringify(all.slice(0, -1))).map((c: { op: string }) => (c.op === 'events' ? { ...c, retention: Infinity } : c)), 'as they were')
  const events = read.right.find((c) => c.op === 'events')
  t.equal(events?.op === 'events' && events.retention, Infinity, 'an unbounded retention, written as null, reads as Infinity')
  const whole = read.right.at(-1)
  t.equal(whole?.op === 'state' && getRow(whole.state.tagTypes, 'new')?.name, 'new', 'a state change holds the state')
  t.same(E.mapLeft((reason: string) => reason.split(' ')[0])(decodeChanges([{ op: 'put', table: 'nowhere', key: 'k', row: {} }])), E.left('/0/table'), 'an unknown table is refused at its path')
  t.ok(E.isLeft(decodeChanges({ op: 'put' })), 'not a list')
  t.ok(E.isLeft(decodeChanges([{ op: 'patch', table: 'features', key: 'f', patches: [{ op: 'move', path: ['a'] }] }])), 'a patch immer never makes')
})
