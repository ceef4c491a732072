import t from 'tap'
import { FEATURE_TYPES } from '../../src/model/feature.js'
import { err, makeApi, ok } from '../support/api.js'

t.test("the strategy types, as Unleash lists them: built-in ones first, in its order, with the names its UI shows", async (t) => {
  const { api } = await makeApi()
  const { version, strategies } = ok(await api.types.strategyTypes({ params: {} }))
  t.equal(version, 1)
  t.same(strategies.map((s) => [s.name, s.displayName, s.editable, s.deprecated, s.title]), [
    ['flexibleRollout', 'Gradual rollout', false, false, null],
    ['default', 'Standard', false, false, null],
    ['remoteAddress', 'IPs', false, false, null],
    ['applicationHostname', 'Hosts', false, false, null],
  ])
  t.same(strategies[0]!.parameters.map((p) => [p.name, p.type, p.required]), [['rollout', 'percentage', false], ['stickiness', 'string', true], ['groupId', 'string', true]])
  t.same(ok(await api.types.strategyType({ params: { name: 'remoteAddress' } })), strategies[2])
  t.match(err(await api.types.strategyType({ params: { name: 'nope' } })), { _tag: 'NotFoundError', message: 'No strategy found' }, "Unleash's words")
  strategies[0]!.parameters.pop()
  t.equal(ok(await api.types.strategyTypes({ params: {} })).strategies[0]!.parameters.length, 3, 'an answer is a copy')
})

t.test('the feature types, with their expected lifetimes', async (t) => {
  const { api } = await makeApi()
  const { version, types } = ok(await api.types.featureTypes({ params: {} }))
  t.equal(version, 1)
  t.same(types.map((type) => type.id).sort(), [...FEATURE_TYPES].sort(), 'every type a feature may have, and no other')
  t.same(types.map((type) => [type.id, type.lifetimeDays]), [['release', 40], ['experiment', 40], ['operational', 7], ['kill-switch', null], ['permission', null]], "in Unleash's order")
  types[0]!.lifetimeDays = 1
  t.equal(ok(await api.types.featureTypes({ params: {} })).types[0]!.lifetimeDays, 40, 'an answer is a copy')
})

t.test('a custom strategy type is created, listed after the built-in ones, replaced, deprecated and deleted, each recorded', async (t) => {
  const { api } = await makeApi()
  const created = ok(await api.types.createStrategyType({ params: {}, body: { name: 'byTenant', description: 'on for some tenants', parameters: [{ name: 'tenants', type: 'list', required: true }, { name: 'share', type: 'percentage' }] } }))
  t.same(created, {
    displayName: null,
    name: 'byTenant',
    editable: true,
    description: 'on for some tenants',
    parameters: [{ name: 'tenants', type: 'list', description: '', required: true }, { name: 'share', type: 'percentage', description: '', required: false }],
    deprecated: false,
    title: null,
  })
  t.match(api.events(1)[0], { type: 'strategy-created', data: { name: 'byTenant' } })
  t.same(ok(await api.types.strategyTypes({ params: {} })).strategies.map((s) => s.name).slice(-1), ['byTenant'])

  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }))
  const strategy = ok(await api.strategies.add({ params: { projectId: 'default', featureName: 'f', environment: 'development' }, body: { name: 'byTenant', parameters: { tenants: 'acme' } } }))
  t.equal(strategy.name, 'byTenant', 'a strategy may now name it')

  ok(await api.types.deprecateStrategyType({ params: { name: 'byTenant' } }))
  t.match(api.events(1)[0], { type: 'strategy-deprecated', data: { name: 'byTenant' } })
  const replaced = ok(await api.types.updateStrategyType({ params: { name: 'byTenant' }, body: { name: 'ignored', title: 'Tenants', parameters: [{ name: 'tenants', type: 'list' }] } }))
  t.same([replaced.name, replaced.title, replaced.description, replaced.parameters.length, replaced.deprecated], ['byTenant', 'Tenants', 'on for some tenants', 1, true], 'still deprecated, and the description kept: it was not told otherwise')
  t.match(api.events(1)[0], { type: 'strategy-updated', data: { title: 'Tenants' }, preData: { title: null } })
  const unchanged = JSON.stringify(api.state())
  ok(await api.types.updateStrategyType({ params: { name: 'byTenant' }, body: { title: 'Tenants', parameters: [{ name: 'tenants', type: 'list' }] } }))
  ok(await api.types.deprecateStrategyType({ params: { name: 'byTenant' } }))
  t.equal(JSON.stringify(api.state()), unchanged, 'what it holds already: nothing changes, nothing is recorded')
  ok(await api.types.reactivateStrategyType({ params: { name: 'byTenant' } }))
  t.equal(ok(await api.types.strategyType({ params: { name: 'byTenant' } })).deprecated, false)

  const inUse = err(await api.types.deleteStrategyType({ params: { name: 'byTenant' } }))
  t.match(inUse, { _tag: 'ConflictError', details: [{ message: `Used by strategy ${strategy.id} of feature "f" in environment "development".` }] })
  ok(await api.strategies.delete({ params: { projectId: 'default', featureName: 'f', environment: 'development', strategyId: strategy.id } }))
  ok(await api.types.deleteStrategyType({ params: { name: 'byTenant' } }))
  t.match(api.events(1)[0], { type: 'strategy-deleted', data: { name: 'byTenant' } })
  t.match(err(await api.types.strategyType({ params: { name: 'byTenant' } })), { _tag: 'NotFoundError' })
})

t.test('custom strategy types: what is refused, in Unleash\'s words where it has them, changing nothing', async (t) => {
  const { api } = await makeApi()
  ok(await api.types.createStrategyType({ params: {}, body: { name: 'mine', parameters: [] } }))
  const before = JSON.stringify(api.state())
  t.match(err(await api.types.createStrategyType({ params: {}, body: { name: 'mine', parameters: [] } })), { _tag: 'NameExistsError', message: 'Strategy with name mine already exist!' })
  t.match(err(await api.types.createStrategyType({ params: {}, body: { name: 'default', parameters: [] } })), { _tag: 'NameExistsError' })
  t.same(err(await api.types.createStrategyType({ params: {}, body: { name: 'bad name', parameters: [] } })).details.map((d) => d.path), ['/body/name'])
  t.same(err(await api.types.createStrategyType({ params: {}, body: { name: 'x' } as never })).details.map((d) => d.path), ['/body/parameters'])
  t.same(err(await api.types.createStrategyType({ params: {}, body: { name: 'x', parameters: [{ name: 'a', type: 'weird' }] } as never })).details.map((d) => d.path), ['/body/parameters/0/type'])
  t.same(err(await api.types.createStrategyType({ params: {}, body: { name: 'x', parameters: [{ name: 'a', type: 'string' }, { name: 'a', type: 'number' }] } })).details.map((d) => d.path), ['/body/parameters/1/name'])
  for (const builtIn of ['default', 'flexibleRollout']) {
    t.match(err(await api.types.updateStrategyType({ params: { name: builtIn }, body: { parameters: [] } })), { _tag: 'ValidationError', message: new RegExp(`Cannot edit strategy ${builtIn}`) })
    t.match(err(await api.types.deleteStrategyType({ params: { name: builtIn } })), { _tag: 'ValidationError', message: new RegExp(`Cannot edit strategy ${builtIn}`) })
  }
  t.match(err(await api.types.updateStrategyType({ params: { name: 'ghost' }, body: { parameters: [] } })), { _tag: 'NotFoundError', message: 'No strategy found' })
  t.match(err(await api.types.deleteStrategyType({ params: { name: 'ghost' } })), { _tag: 'NotFoundError', message: 'No strategy found' })
  t.match(err(await api.types.deprecateStrategyType({ params: { name: 'ghost' } })), { _tag: 'NotFoundError', message: 'Could not find strategy with name ghost' })
  t.equal(JSON.stringify(api.state()), before)
  ok(await api.types.deprecateStrategyType({ params: { name: 'default' } }))
  t.equal(ok(await api.types.strategyType({ params: { name: 'default' } })).deprecated, true, 'a built-in type may be deprecated, as in Unleash')
})

t.test("a feature type's expected lifetime is set, 0 as permanent, and recorded, as Unleash sets it", async (t) => {
  const { api } = await makeApi()
  const set = ok(await api.types.setFeatureTypeLifetime({ params: { id: 'release' }, body: { lifetimeDays: 7 } }))
  t.same(set, { id: 'release', name: 'Release', description: 'Roll out new or incomplete features. Expected lifetime ~40 days', lifetimeDays: 7 })
  t.match(api.events(1)[0], { type: 'feature-type-updated', data: { id: 'release', lifetimeDays: 7 }, preData: { lifetimeDays: 40 } })
  t.same(ok(await api.types.featureTypes({ params: {} })).types.map((type) => [type.id, type.lifetimeDays]), [['release', 7], ['experiment', 40], ['operational', 7], ['kill-switch', null], ['permission', null]])
  t.equal(ok(await api.types.setFeatureTypeLifetime({ params: { id: 'experiment' }, body: { lifetimeDays: 0 } })).lifetimeDays, null, '0 is permanent')
  const unchanged = JSON.stringify(api.state())
  ok(await api.types.setFeatureTypeLifetime({ params: { id: 'experiment' }, body: { lifetimeDays: null } }))
  t.equal(JSON.stringify(api.state()), unchanged, 'the lifetime it has: nothing changes, nothing is recorded')
  t.match(err(await api.types.setFeatureTypeLifetime({ params: { id: 'sunset' }, body: { lifetimeDays: 3 } })), { _tag: 'NotFoundError', message: 'The feature type you tried to update ("sunset") does not exist.' })
  for (const body of [{ lifetimeDays: -1 }, { lifetimeDays: 1.5 }, {}]) {
    t.same(err(await api.types.setFeatureTypeLifetime({ params: { id: 'release' }, body: body as never })).details.map((d) => d.path), ['/body/lifetimeDays'])
  }
  t.equal(JSON.stringify(api.state()), unchanged, 'refusals change nothing')
})
