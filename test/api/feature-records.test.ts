import t from 'tap'
import { featureRecord } from '../../src/api/feature-records.js'
import type { EdgeOptions } from '../../src/api/operation.js'
import { renderFeature } from '../../src/domain/feature/render.js'
import type { EnvironmentState, State } from '../../src/model/state.js'
import { getRow, rowList, tableFrom } from '../../src/store/table.js'
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

t.test("an environment's order and type come from the table of the state asked about", async (t) => {
  const { api } = await seeded()
  const state = api.state()
  const feature = getRow(state.features, 'f')!
  const send = featureRecord({ sendAtOnce: true, principal: { kind: 'open', actor: { id: -1, name: 'unknown' }, permissions: [] } })
  const before = send(state, feature)
  t.same(before.environments.map((e) => e.name), ['development', 'production'])
  // The same feature object in a state whose environments table orders production first.
  const reordered = rowList<EnvironmentState>(state.environments).map((e): [string, EnvironmentState] => [
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
