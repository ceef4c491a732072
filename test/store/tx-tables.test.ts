import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { immer } from '../../src/api/immer.js'
import { initialState } from '../../src/domain/seed.js'
import type { State } from '../../src/model/state.js'
import type { TagType } from '../../src/model/tag.js'
import { CommittedTable, type Table } from '../../src/store/table.js'
import { beginTransaction } from '../../src/store/transaction.js'
import { readableStates } from '../../src/store/readable.js'
import { makeApi, ok } from '../support/api.js'

/**
 * The domain reads and changes tables through their methods (src/store/tx.ts): these check
 * what each answers, on a committed table and inside a transaction, and that a state read
 * from storage in its stored form gets those methods.
 */

const NOW = '2026-01-01T00:00:00.000Z'
const tagType = (name: string, description = name): TagType => ({ name, description, icon: null, color: null })
const names = (rows: readonly { name: string }[]): string[] => rows.map((r) => r.name).sort()

t.test('a committed table answers get, has, rows and entries', async (t) => {
  const state = initialState('tx-tables', NOW)
  t.equal(state.tagTypes.get('simple')?.name, 'simple')
  t.equal(state.tagTypes.get('missing'), undefined)
  t.equal(state.tagTypes.has('simple'), true)
  t.equal(state.tagTypes.has('missing'), false)
  t.equal(state.tagTypes.has('__proto__'), false, 'a name of Object.prototype names no row')
  t.same(names(state.environments.rows()), ['development', 'production'])
  t.equal(state.environments.rows(), state.environments.rows(), 'the same table answers the same scan')
  t.same([...state.identities.entries()], [['username:admin', 1]])
  t.equal(state.tagTypes.size, 1)
})

t.test('a transaction table: get drafts, read and rows do not, set and delete show at once', async (t) => {
  const state = initialState('tx-tables', NOW)
  const transaction = beginTransaction(state, immer)
  const tx = transaction.working
  tx.tagTypes.set('a', tagType('a'))
  tx.tagTypes.set('b', tagType('b'))
  t.equal(tx.tagTypes.size, 3)
  t.equal(tx.tagTypes.delete('simple'), true)
  t.equal(tx.tagTypes.delete('simple'), false, 'a row deleted is gone')
  t.same(names(tx.tagTypes.rows()), ['a', 'b'])
  t.same([...tx.tagTypes.entries()].map(([key]) => key).sort(), ['a', 'b'])
  t.equal(tx.tagTypes.has('simple'), false)
  t.equal(tx.tagTypes.read('simple'), undefined)

  const read = tx.environments.read('development')!
  t.equal(read, state.environments.get('development'), 'read: the committed row itself, nothing drafted')
  const drafted = tx.environments.get('development')!
  t.not(drafted, read, 'get: a draft')
  drafted.enabled = false
  t.equal(tx.environments.read('development')?.enabled, false, 'read: what the draft holds now')
  t.equal(state.environments.get('development')?.enabled, true, 'the committed row is untouched')

  t.equal(tx.environments.update('production', (e) => void (e.sortOrder = 99)), true)
  t.equal(tx.environments.update('missing', () => t.fail('no row to change')), false)

  const selected = tx.tagTypes.drafts((row) => row.name === 'b')
  t.same(names(selected), ['b'])
  selected[0]!.description = 'changed'

  const { state: next } = transaction.finish(false)
  t.same(names(next.tagTypes.rows()), ['a', 'b'])
  t.equal(next.tagTypes.get('b')?.description, 'changed', 'a row drafted by a filter is committed changed')
  t.equal(next.environments.get('development')?.enabled, false)
  t.equal(next.environments.get('production')?.sortOrder, 99)
  t.same(names(state.tagTypes.rows()), ['simple'], 'the state the transaction began from is unchanged')
})

t.test('a state in its stored form is read with tables that have methods, over the same rows', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }))
  const stored = JSON.parse(JSON.stringify(api.state())) as State
  t.equal(typeof (stored.features as { get?: unknown }).get, 'undefined', 'parsed JSON: plain tables')
  const readableState = readableStates()
  const readable = readableState(stored)
  t.ok(readable.features instanceof CommittedTable)
  t.equal((readable.features as Table<unknown>).shards, (stored.features as Table<unknown>).shards, 'the same shards, not copied')
  t.equal(readable.features.get('f')?.name, 'f')
  t.same(names(readable.features.rows()), ['f'])
  t.equal(readable.instanceId, stored.instanceId)
  t.equal(readableState(stored), readable, 'the same state read again: the same readable state')
  t.equal(readableState(readable), readable, 'a state whose tables have their methods: as is')
  t.equal(readableState(api.state()), api.state())

  const storage = createMemoryStorage({ state: stored, version: 3 })
  const { api: reopened } = await makeApi({ storage })
  t.equal(reopened.state().features.get('f')?.project, 'default', 'a store handing out a stored state is read through methods')
  ok(await reopened.features.create({ params: { projectId: 'default' }, body: { name: 'g' } }))
  t.same(names(reopened.state().features.rows()), ['f', 'g'])
  t.equal(reopened.state().tagTypes.get('simple')?.name, 'simple', 'a table the commit left alone reads through methods too')
})
