import t, { type Test } from 'tap'
import { makeApi, ok, err, plain } from '../support/api.js'

const path = { projectId: 'default', featureName: 'flag', environment: 'development' }

const setup = async (config = {}) => {
  const { api } = await makeApi({ config })
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  return api
}

const refused = async (t: Test, body: unknown, paths: string[], config = {}) => {
  const api = await setup(config)
  const before = plain(api.state())
  const e = err(await api.strategies.add({ params: path, body }))
  t.equal(e._tag, 'ValidationError', JSON.stringify(body))
  t.same(e.details.map((d) => d.path), paths, JSON.stringify(body))
  t.same(plain(api.state()), before, 'the store is unchanged')
  return e
}

t.test('a strategy is stored with defaults, string parameters and a uuid', async (t) => {
  const api = await setup()
  const s = ok(await api.strategies.add({ params: path, body: { name: 'default' } }))
  t.same(s, { id: s.id, name: 'default', title: null, disabled: false, featureName: 'flag', sortOrder: 0, segments: [], constraints: [], variants: [], parameters: {} })
  t.match(s.id, /^[0-9a-f-]{36}$/)
  t.match(api.events(1)[0], { type: 'feature-strategy-add', environment: 'development' })
})

t.test('constraints: known operator, values or value as the operator needs', async (t) => {
  await refused(t, { name: 'default', constraints: [{ contextName: 'userId', operator: 'LIKE', values: ['a'] }] }, ['/body/constraints/0/operator'])
  await refused(t, { name: 'default', constraints: [{ contextName: 'userId', operator: 'IN' }] }, ['/body/constraints/0/values'])
  await refused(t, { name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values: [] }] }, ['/body/constraints/0/values'])
  await refused(t, { name: 'default', constraints: [{ contextName: 'n', operator: 'NUM_GT' }] }, ['/body/constraints/0/value'])
  await refused(t, { name: 'default', constraints: [{ contextName: 'n', operator: 'NUM_GT', value: 'ten' }] }, ['/body/constraints/0/value'])
  await refused(t, { name: 'default', constraints: [{ contextName: 'currentTime', operator: 'DATE_AFTER', value: 'yesterday' }] }, ['/body/constraints/0/value'])
  await refused(t, { name: 'default', constraints: [{ contextName: 'v', operator: 'SEMVER_EQ', value: '1.2' }] }, ['/body/constraints/0/value'])
})

t.test('every problem is reported at once', async (t) => {
  await refused(
    t,
    { name: 'default', constraints: [{ contextName: 'n', operator: 'NUM_GT', value: 'x' }, { contextName: 'u', operator: 'IN', values: [] }], segments: [99] },
    ['/body/constraints/0/value', '/body/constraints/1/values', '/body/segments/0'],
  )
})

t.test('valid single-value constraints are accepted and keep their value', async (t) => {
  const api = await setup()
  const s = ok(
    await api.strategies.add({
      params: path,
      body: {
        name: 'default',
        constraints: [
          { contextName: 'n', operator: 'NUM_GTE', value: '4.5' },
          { contextName: 'currentTime', operator: 'DATE_BEFORE', value: '2027-01-01T00:00:00.000Z' },
          { contextName: 'version', operator: 'SEMVER_LT', value: '2.0.0-beta.1', inverted: true },
          { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'], caseInsensitive: true },
        ],
      },
    }),
  )
  t.same(s.constraints.map((c) => [c.operator, c.value ?? c.values, c.inverted, c.caseInsensitive]), [
    ['NUM_GTE', '4.5', false, false],
    ['DATE_BEFORE', '2027-01-01T00:00:00.000Z', false, false],
    ['SEMVER_LT', '2.0.0-beta.1', true, false],
    ['STR_ENDS_WITH', ['@example.com'], false, true],
  ])
})

t.test('an unknown strategy type is refused', async (t) => {
  await refused(t, { name: 'no-such-strategy' }, ['/body/name'])
})

t.test('rollout must be 0 to 100', async (t) => {
  await refused(t, { name: 'flexibleRollout', parameters: { rollout: '101' } }, ['/body/parameters/rollout'])
})

t.test('strategy variants: weight at most 1000, variable weights share what fixed ones leave', async (t) => {
  await refused(t, { name: 'default', variants: [{ name: 'a', weight: 1001, weightType: 'fix', stickiness: 'default' }] }, ['/body/variants/0/weight', '/body/variants'])
  await refused(t, { name: 'default', variants: [{ name: 'a', weight: 500, weightType: 'fix', stickiness: 'default' }] }, ['/body/variants'])
  await refused(t, { name: 'default', variants: [{ name: 'a', weight: 100, weightType: 'variable' }] }, ['/body/variants/0/stickiness'])
  const api = await setup()
  const s = ok(
    await api.strategies.add({
      params: path,
      body: {
        name: 'flexibleRollout',
        variants: [
          { name: 'fixed', weight: 400, weightType: 'fix', stickiness: 'default' },
          { name: 'a', weight: 0, weightType: 'variable', stickiness: 'default' },
          { name: 'b', weight: 0, weightType: 'variable', stickiness: 'default' },
          { name: 'c', weight: 0, weightType: 'variable', stickiness: 'default' },
        ],
      },
    }),
  )
  t.same(s.variants.map((v) => v.weight), [400, 200, 200, 200])
  t.equal(s.variants.reduce((sum, v) => sum + v.weight, 0), 1000)
})

t.test('limits: strategies per environment, constraints, constraint values', async (t) => {
  const limits = { resourceLimits: { featureEnvironmentStrategies: 1, constraints: 1, constraintValues: 2 } }
  await refused(t, { name: 'default', constraints: [{ contextName: 'a', operator: 'IN', values: ['1'] }, { contextName: 'b', operator: 'IN', values: ['1'] }] }, ['/body/constraints'], limits)
  await refused(t, { name: 'default', constraints: [{ contextName: 'a', operator: 'IN', values: ['1', '2', '3'] }] }, ['/body/constraints/0/values'], limits)
  const api = await setup(limits)
  ok(await api.strategies.add({ params: path, body: { name: 'default' } }))
  const e = err(await api.strategies.add({ params: path, body: { name: 'default' } }))
  t.equal(e._tag, 'ExceedsLimitError')
})

t.test('update keeps the id and sortOrder; delete removes; unknown ids are 404', async (t) => {
  const api = await setup()
  const s = ok(await api.strategies.add({ params: path, body: { name: 'default' } }))
  const u = ok(await api.strategies.update({ params: { ...path, strategyId: s.id }, body: { name: 'flexibleRollout', parameters: { rollout: '10' }, title: 'ten' } }))
  t.equal(u.id, s.id)
  t.equal(u.sortOrder, 0)
  t.equal(u.title, 'ten')
  t.equal(err(await api.strategies.update({ params: { ...path, strategyId: 'x' }, body: { name: 'default' } }))._tag, 'NotFoundError')
  ok(await api.strategies.delete({ params: { ...path, strategyId: s.id } }))
  t.same(ok(await api.strategies.list({ params: path })), [])
  t.equal(err(await api.strategies.delete({ params: { ...path, strategyId: s.id } }))._tag, 'NotFoundError')
  t.same(api.events(3).map((e) => e.type), ['feature-strategy-remove', 'feature-strategy-update', 'feature-strategy-add'])
})

t.test('parameter keys such as __proto__ are ordinary keys', async (t) => {
  const api = await setup()
  const body = JSON.parse('{"name":"default","parameters":{"__proto__":"x","constructor":"y"}}')
  const s = ok(await api.strategies.add({ params: path, body }))
  t.same(Object.keys(s.parameters).sort(), ['__proto__', 'constructor'])
  t.equal(Object.getPrototypeOf(s.parameters), null)
})
