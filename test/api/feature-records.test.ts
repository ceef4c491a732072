import t from 'tap'
import { featureRecord } from '../../src/api/feature-records.js'
import { createAnswerCache } from '../../src/api/answer-cache.js'
import { internalsOf } from '../../src/api/internals.js'
import { createFeatureOp } from '../../src/api/operations/features.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import type { EdgeOptions } from '../../src/api/operation.js'
import { renderFeature } from '../../src/domain/feature/render.js'
import type { EnvironmentState, State } from '../../src/model/state.js'
import { getRow, tableFrom } from '../../src/store/table.js'
import { makeApi, ok, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

/**
 * Feature records answered to a request sent at once (`edge.sendAtOnce`, the HTTP handler's) hold the
 * stored strategies and variants, and share a feature's environments while they stay the
 * same. Every such record must still equal the copy a facade caller gets.
 */

const SENT_AT_ONCE: EdgeOptions = { sendAtOnce: true }
const P = { projectId: 'default', featureName: 'f' }
const DEV = { ...P, environment: 'development' }

const seeded = async () => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f', description: 'first' } }))
  ok(await api.strategies.add({ params: DEV, body: { name: 'flexibleRollout', parameters: { rollout: '50' }, constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] } }))
  ok(await api.features.setVariants({ params: P, body: { environments: ['development'], variants: [{ name: 'red', weight: 1000, weightType: 'variable', stickiness: 'default' }] } }))
  const sent = () => api.features.get(raw({ params: P, edge: SENT_AT_ONCE })).then(ok)
  const copy = () => api.features.get({ params: P }).then(ok)
  return { api, sent, copy }
}

t.test('a record sent at once equals the copy, and holds the stored strategies and variants', async (t) => {
  const { api, sent, copy } = await seeded()
  const record = await sent()
  t.same(plain(record), plain(await copy()))
  t.equal(JSON.stringify(record), JSON.stringify(await copy()), 'the same JSON, key for key')
  const stored = getRow(api.state().features, 'f')!.environments['development']!
  const development = record.environments.find((e) => e.name === 'development')!
  t.equal(development.strategies, stored.strategies, 'the stored array, not a copy')
  t.equal(development.variants, stored.variants)
  const copied = (await copy()).environments.find((e) => e.name === 'development')!
  t.not(copied.strategies, stored.strategies, 'a facade caller still gets a copy')
  t.not(copied.strategies[0], stored.strategies[0])
})

t.test("a feature's environments are shared while they and the environments table stay the same", async (t) => {
  const { api, sent, copy } = await seeded()
  const first = await sent()
  t.equal((await sent()).environments, first.environments, 'read again')

  ok(await api.features.update({ params: P, body: { description: 'second' } }))
  const described = await sent()
  t.equal(described.description, 'second')
  t.equal(described.environments, first.environments, 'a new description: the same environments')
  t.equal(JSON.stringify(described), JSON.stringify(await copy()))

  ok(await api.strategies.add({ params: DEV, body: { name: 'default' } }))
  const added = await sent()
  t.not(added.environments, first.environments, 'a new strategy: new environments')
  t.same(added.environments.find((e) => e.name === 'development')!.strategies.map((s) => s.name), ['flexibleRollout', 'default'])
  t.equal(JSON.stringify(added), JSON.stringify(await copy()))

  ok(await api.environments.create({ params: {}, body: { name: 'qa', type: 'test' } }))
  const table = await sent()
  t.not(table.environments, added.environments, 'a changed environments table: rendered again')
  t.equal(JSON.stringify(table), JSON.stringify(await copy()))
})

t.test('a copied answer keeps nothing of its own, and serves what a record sent at once kept', async (t) => {
  const { api, sent, copy } = await seeded()
  const { kept } = internalsOf(api)
  const feature = () => getRow(api.state().features, 'f')!
  const keptNow = () => kept.peekEnvironments(api.state(), feature())
  await copy()
  t.not(keptNow(), keptNow(), 'a caller in process, whose answer is copied, left nothing kept')
  await sent()
  const environments = keptNow()
  t.equal(keptNow(), environments, 'a record sent at once keeps its environments')
  const copied = await copy()
  t.not(copied.environments, environments, 'the caller in process still gets its own copy')
  t.equal(keptNow(), environments, 'and the kept environments stay')
})

t.test("an environment's order and type come from the table of the state asked about", async (t) => {
  const { api } = await seeded()
  const state = api.state()
  const feature = getRow(state.features, 'f')!
  const send = featureRecord({ kept: createAnswerCache(), principal: { kind: 'open', actor: { id: -1, name: 'unknown' }, permissions: [] } })
  const before = send(state, feature)
  t.same(before.environments.map((e) => e.name), ['development', 'production'])
  // The same feature object in a state whose environments table orders production first.
  const reordered = [...(state.environments.rows() as readonly EnvironmentState[])].map((e): [string, EnvironmentState] => [
    e.name,
    e.name === 'production' ? { ...e, sortOrder: -1, type: 'staging' } : e,
  ])
  const next: State = { ...state, environments: tableFrom(reordered) }
  const after = send(next, feature)
  t.same(after.environments.map((e) => e.name), ['production', 'development'])
  t.equal(after.environments[0]!.type, 'staging')
  t.equal(JSON.stringify(after), JSON.stringify(renderFeature(next, feature)))
  t.equal(send(state, feature).environments.map((e) => e.name).join(), 'development,production', 'and back')
})

t.test('two stores with a feature of the same name do not mix their environments', async (t) => {
  const one = await seeded()
  const two = await seeded()
  ok(await two.api.strategies.add({ params: DEV, body: { name: 'default' } }))
  for (let round = 0; round < 3; round++) {
    t.equal(JSON.stringify(await one.sent()), JSON.stringify(await one.copy()), `store one, round ${round}`)
    t.equal(JSON.stringify(await two.sent()), JSON.stringify(await two.copy()), `store two, round ${round}`)
  }
  t.not(JSON.stringify(await one.sent()), JSON.stringify(await two.sent()))
})

t.test('lists sent at once equal their copies too', async (t) => {
  const { api } = await seeded()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'g' } }))
  const sent = ok(await api.features.listInProject(raw({ params: { projectId: 'default' }, edge: SENT_AT_ONCE })))
  const copied = ok(await api.features.listInProject({ params: { projectId: 'default' } }))
  t.equal(JSON.stringify(sent), JSON.stringify(copied))
  t.equal(sent.features.length, 2)
})

t.test('two facades over the very same rows share nothing they keep', async (t) => {
  const { api: first } = await seeded()
  // A second facade whose store starts from the first's state object: every row is the same object in both.
  const { api: second } = await makeApi({ storage: createMemoryStorage({ state: first.state(), version: 1 }) })
  t.equal(getRow(second.state().features, 'f'), getRow(first.state().features, 'f'), 'the same stored row in both')
  const at = (api: typeof first) => api.features.get(raw({ params: P, edge: SENT_AT_ONCE })).then(ok)
  const [one, two] = [await at(first), await at(second)]
  t.equal(JSON.stringify(one), JSON.stringify(two), 'the same record')
  t.not(one.environments, two.environments, "each facade renders and keeps its own environments")
  t.equal((await at(first)).environments, one.environments, 'and serves them again itself')
  t.equal((await at(second)).environments, two.environments)
  t.not(internalsOf(first).kept, internalsOf(second).kept, 'one cache per facade')

  const body = { environment: 'development', features: ['f'] }
  const exported = ok(await first.batch.exportFeatures({ params: {}, body }))
  t.not(ok(await second.batch.exportFeatures({ params: {}, body })).body, exported.body, 'exports are kept per facade too')

  // A change in one is never answered stale by the other, nor the other's state by the changed one.
  ok(await first.strategies.add({ params: DEV, body: { name: 'default' } }))
  const strategies = (record: { environments: readonly { name: string; strategies: readonly { name: string }[] }[] }) =>
    record.environments.find((e) => e.name === 'development')!.strategies.map((s) => s.name)
  t.same(strategies(await at(first)), ['flexibleRollout', 'default'])
  t.same(strategies(await at(second)), ['flexibleRollout'], 'the other facade: its own store, unchanged')
  t.equal((await at(second)).environments, two.environments, 'still its own kept environments')
  t.same(ok(await second.batch.exportFeatures({ params: {}, body })).body.featureStrategies.length, 1)
  t.same(ok(await first.batch.exportFeatures({ params: {}, body })).body.featureStrategies.length, 2)

  // Each facade's cache has its own bound: reading more features than it keeps (up to twice the
  // features most recently read) through one leaves the other's alone.
  const many = Array.from({ length: 2_001 }, (_, i) => ({ op: createFeatureOp, request: { params: { projectId: 'default' }, body: { name: `many-${i}` } } }))
  ok(await internalsOf(first).runAll(many))
  const firstKept = (await at(first)).environments
  for (let i = 0; i < many.length; i++) await first.features.get(raw({ params: { projectId: 'default', featureName: `many-${i}` }, edge: SENT_AT_ONCE }))
  t.equal((await at(second)).environments, two.environments, "the first facade's reads pushed nothing out of the second's cache")
  t.not((await at(first)).environments, firstKept, 'while the first facade, past its bound, rendered its own again')
})
