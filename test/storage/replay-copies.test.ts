import t from 'tap'
import { Replay } from '../../adapters/storage/file/replay.js'
import { parseJson } from '../../src/storage/json.js'
import type { State } from '../../src/model/state.js'
import { type Table, getRow } from '../../src/store/table.js'
import { slotOf, stored } from '../../src/store/table-layout.js'
import { makeApi, ok } from '../support/api.js'

/**
 * Replaying a journal copies each container on a patch's path once. Rows and what they hold
 * are copied as ordinary objects then cut from their prototype (not into dictionary-mode
 * objects); buckets are patched as the dictionaries they stand for. Either way, every key
 * stays an own key, `__proto__` included, and the copies have no prototype, as everything a
 * file store reads.
 */

const rowPath = (name: string) => {
  const [s, b] = slotOf(name)
  return ['features', 'shards', s, b, stored(name)]
}

t.test('replayed rows keep their keys, `__proto__` included, and no prototype', async (t) => {
  const { api } = await makeApi()
  for (const name of ['f', '__proto__']) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  const parameters = JSON.parse('{"__proto__":"kept","rollout":"5"}') as Record<string, string>
  ok(await api.strategies.add({ params: { projectId: 'default', featureName: 'f', environment: 'development' }, body: { name: 'flexibleRollout', parameters } }))
  const read = parseJson(JSON.stringify(api.state())) as State
  const strategy = getRow(read.features, 'f')!.environments['development']!.strategies[0]!
  const replay = new Replay(read)
  const applied = replay.apply([
    { op: 'replace', path: [...rowPath('f'), 'description'], value: 'changed' },
    { op: 'replace', path: [...rowPath('__proto__'), 'description'], value: 'odd' },
    { op: 'replace', path: [...rowPath('f'), 'environments', 'development', 'strategies', 0, 'parameters', 'rollout'], value: '50' },
  ])
  t.ok(applied.ok)
  const next = replay.finish() as State

  const f = getRow(next.features, 'f')!
  t.equal(f.description, 'changed')
  t.equal(Object.getPrototypeOf(f), null, 'a replayed row has no prototype')
  t.same(Object.keys(f), Object.keys(getRow(read.features, 'f')!), 'the same keys, in the same order')
  const replayed = f.environments['development']!.strategies[0]!.parameters
  t.equal(replayed['rollout'], '50')
  t.ok(Object.prototype.hasOwnProperty.call(replayed, '__proto__'), '`__proto__` stays an own key of a copied dictionary')
  t.equal(replayed['__proto__'], 'kept')
  t.equal(Object.getPrototypeOf(replayed), null)
  t.equal(getRow(read.features, 'f')!.environments['development']!.strategies[0], strategy, 'the state replayed from is unchanged')
  t.equal(strategy.parameters['rollout'], '5')

  t.equal(getRow(next.features, '__proto__')?.description, 'odd', 'a row named `__proto__` is found and changed')
  const [s, b] = slotOf('__proto__')
  const written = JSON.parse(JSON.stringify((next.features as Table<unknown>).shards[s]![b])) as object
  t.ok(Object.prototype.hasOwnProperty.call(written, stored('__proto__')), 'its bucket is written with the row as an own key')
  t.equal(({} as Record<string, unknown>)['description'], undefined, 'nothing reached Object.prototype')
})
