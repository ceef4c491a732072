import t from 'tap'
import { immer } from '../../src/api/immer.js'
import { getRow } from '../../src/store/table.js'
import { beginTransaction } from '../../src/store/transaction.js'
import { makeApi, ok } from '../support/api.js'

/**
 * The tables are keyed by strings. Operations only ever look up strings (their path parameters
 * are read by codecs), but hosts use the tables too: a key that is not a string names no row,
 * in a committed table and in a transaction's draft, rather than throwing while it is hashed.
 */

const NOT_STRINGS: unknown[] = [undefined, null, 5, {}, ['f'], { toString: () => { throw new Error('x') } }]

t.test('a key that is not a string names no row, committed or drafted', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }))
  const state = api.state()
  const transaction = beginTransaction(state, immer)
  const draft = transaction.working
  for (const key of NOT_STRINGS) {
    t.equal(getRow(state.features, key as string), undefined, `committed: ${typeof key}`)
    t.equal(state.features.has(key as string), false)
    t.equal(getRow(draft.features, key as string), undefined, `drafted: ${typeof key}`)
    t.equal(draft.features.has(key as string), false)
  }
  t.ok(getRow(state.features, 'f'), 'a string still finds its row')
  t.equal(transaction.finish(true).changed, false, 'the lookups changed nothing')
})
