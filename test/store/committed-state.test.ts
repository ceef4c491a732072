import t from 'tap'
import { immer } from '../../src/api/immer.js'
import { initialState } from '../../src/domain/seed.js'
import type { State } from '../../src/model/state.js'
import { committedState } from '../../src/store/base-state.js'
import { beginTransaction } from '../../src/store/transaction.js'

t.test('committedState: the state a working state began from, any other state as is', async (t) => {
  const state = initialState('committed-state', '2026-01-01T00:00:00.000Z')
  const transaction = beginTransaction(state, immer)
  const working = transaction.working as unknown as State
  t.not(working, state)
  t.equal(committedState(working), state, 'inside the transaction: where it began')
  t.equal(committedState(state), state, 'a committed state: itself')
  transaction.working.counters.user = 41
  const { state: next, changed } = transaction.finish(false)
  t.ok(changed)
  t.equal(committedState(next), next, 'the state it made: itself')
  t.same(Object.keys(next), Object.keys(state), 'nothing of the transaction left on the state it made')
  const other = beginTransaction(next, immer)
  t.equal(committedState(other.working as unknown as State), next, 'each transaction its own')
})
