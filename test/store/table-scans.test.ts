import t from 'tap'
import { immer } from '../../src/api/immer.js'
import { deleteRow, rows, setRow, tableFrom } from '../../src/store/table.js'
import { beginTransaction } from '../../src/store/transaction.js'
import { makeApi, ok } from '../support/api.js'

/**
 * A committed table's scan is made once and kept with it (src/model/table.ts). These check
 * that what a scan answers is always the table as it is now: after a commit, inside a
 * transaction, and for a table being built in place.
 */

const names = (list: readonly { name: string }[]): string[] => list.map((r) => r.name).sort()

t.test('a scan after a commit sees the next version; the version before keeps its own', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'a' } }))
  const before = api.state()
  t.same(names(rows(before.features)), ['a'])
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'b' } }))
  t.same(names(rows(api.state().features)), ['a', 'b'], 'the new version has both')
  t.same(names(rows(before.features)), ['a'], 'the old version is unchanged')
  t.equal(rows(api.state().features), rows(api.state().features), 'the same version answers the same scan')
})

t.test('a scan is read-only: changing it throws and leaves the next scan whole', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'a' } }))
  const found = rows(api.state().features) as unknown[]
  t.throws(() => found.push({ name: 'x' }), TypeError)
  t.throws(() => found.pop(), TypeError)
  t.same(names(rows(api.state().features)), ['a'])
})

t.test('inside a transaction a scan sees the rows set and deleted so far', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'a' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'b' } }))
  const state = api.state()
  t.same(names(rows(state.features)), ['a', 'b'], 'scanned (and kept) before the transaction')
  const transaction = beginTransaction(state, immer)
  const working = transaction.working
  const template = rows(state.features)[0]!
  setRow(working.features, 'c', { ...template, name: 'c' })
  deleteRow(working.features, 'a')
  t.same(names(rows(working.features)), ['b', 'c'])
  t.same(names(rows(state.features)), ['a', 'b'], 'the committed table is untouched')
  const { state: next } = transaction.finish(false)
  t.same(names(rows(next.features)), ['b', 'c'], 'the committed result is scanned afresh')
})

t.test('a table being built in place is scanned as it is now', async (t) => {
  const table = tableFrom([['x', { name: 'x' }]])
  t.same(names(rows(table)), ['x'])
  setRow(table, 'y', { name: 'y' })
  t.same(names(rows(table)), ['x', 'y'], 'a row set after a scan is seen')
  deleteRow(table, 'x')
  t.same(names(rows(table)), ['y'], 'a row deleted after a scan is gone')
})
