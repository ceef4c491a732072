import t, { type Test } from 'tap'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

const path = { projectId: 'default', featureName: 'flag', environment: 'development' }

const setup = async (config = {}) => {
  const { api } = await makeApi({ config })
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  return api
}

const refused = async (t: Test, body: unknown, paths: string[], config = {}) => {
  const api = await setup(config)
  const before = plain(api.state())
  const e = err(await api.strategies.add({ params: path, body: raw(body) }))
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
    { name: 'default', constraints: [{ contextName: 'n', operator: 'NUM_GT', value: 'x' }, { contextName: 'u', operator: 'IN', values: [] }], parameters: { rollout: 'x' } },
    ['/body/constraints/0/value', '/body/constraints/1/values', '/body/parameters/rollout'],
  )
})

t.test("an unknown segment is Unleash's 404, after the strategy type and before the rest; an environment the project lacks its 400", async (t) => {
  const api = await setup()
  const before = plain(api.state())
  const segment = err(await api.strategies.add({ params: path, body: { name: 'default', segments: [99], constraints: [{ contextName: 'u', operator: 'IN', values: [] }] } }))
  t.same([segment._tag, segment.message], ['NotFoundError', 'No segment exists with ID "99"'])
  const type = err(await api.strategies.add({ params: path, body: { name: 'nope', segments: [99] } }))
  t.same([type._tag, type.details.map((d) => d.path)], ['ValidationError', ['/body/name']], 'an unknown type first')
  const env = err(await api.strategies.add({ params: { ...path, environment: 'staging' }, body: { name: 'default' } }))
  t.same([env._tag, env.message], ['ValidationError', 'Request validation failed: your request body or params contain invalid data: You have not added the current environment to the project'])
  t.same(plain(api.state()), before, 'none changed anything')
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

t.test('rollout must be a number from 0 to 100', async (t) => {
  for (const rollout of ['101', '-1', '', ' ', 'half', true]) {
    await refused(t, { name: 'flexibleRollout', parameters: { rollout } }, ['/body/parameters/rollout'])
  }
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
  t.same(s.variants.map((v) => [v.name, v.weight]), [['a', 200], ['b', 200], ['c', 200], ['fixed', 400]], 'stored sorted by name, as Unleash stores them')
  t.equal(s.variants.reduce((sum, v) => sum + v.weight, 0), 1000)
})

t.test('limits: strategies per environment, constraints, constraint values are ExceedsLimitErrors with Unleash messages', async (t) => {
  const limits = { resourceLimits: { featureEnvironmentStrategies: 1, constraints: 1, constraintValues: 2 } }
  const exceeded = async (body: unknown, message: string) => {
    const api = await setup(limits)
    const before = plain(api.state())
    const e = err(await api.strategies.add({ params: path, body: raw(body) }))
    t.equal(e._tag, 'ExceedsLimitError')
    t.equal(e.message, message)
    t.same(plain(api.state()), before)
  }
  await exceeded(
    { name: 'default', constraints: [{ contextName: 'a', operator: 'IN', values: ['1'] }, { contextName: 'b', operator: 'IN', values: ['1'] }] },
    "Failed to create constraints. You can't create more than the established limit of 1.",
  )
  await exceeded(
    { name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] }] },
    "Failed to create constraint values for userId. You can't create more than the established limit of 2.",
  )
  const api = await setup(limits)
  ok(await api.strategies.add({ params: path, body: { name: 'default' } }))
  const before = plain(api.state())
  const e = err(await api.strategies.add({ params: path, body: { name: 'default' } }))
  t.equal(e._tag, 'ExceedsLimitError')
  t.equal(e.message, "Failed to create strategy. You can't create more than the established limit of 1.")
  t.same(plain(api.state()), before)
})

t.test('a strategy already past lowered constraint limits may be saved unchanged or smaller, not larger', async (t) => {
  const api = await setup()
  const constraint = (values: string[]) => ({ contextName: 'userId', operator: 'IN', values })
  const s = ok(await api.strategies.add({ params: path, body: raw({ name: 'default', constraints: [constraint(['1', '2', '3']), constraint(['4'])] })}))
  // Same store, lower limits: a second facade over it.
  const lowered = (await makeApi({ storage: internalsOf(api).storage, config: { resourceLimits: { constraints: 1, constraintValues: 1 } } })).api
  const update = (constraints: unknown[]) => lowered.strategies.update({ params: { ...path, strategyId: s.id }, body: raw({ name: 'default', constraints })})
  ok(await update([constraint(['1', '2', '3']), constraint(['4'])]))
  ok(await update([constraint(['1', '2']), constraint(['4'])]))
  t.equal(err(await update([constraint(['1', '2', '3']), constraint(['4'])])).message, "Failed to create constraint values for userId. You can't create more than the established limit of 1.")
  t.equal(err(await update([constraint(['1']), constraint(['4']), constraint(['5'])])).message, "Failed to create constraints. You can't create more than the established limit of 1.")
  t.equal(err(await update([constraint(['1', '2'])]))._tag, 'ExceedsLimitError', 'removing a constraint re-counts the values of the others')
})

t.test("constraint values must be among the context field's legal values, when it has any", async (t) => {
  const api = await setup()
  ok(await api.contextFields.create({ params: {}, body: { name: 'region', legalValues: [{ value: 'eu' }, { value: 'us' }] } }))
  ok(await api.contextFields.create({ params: {}, body: { name: 'tier', legalValues: [{ value: '1' }, { value: '2' }] } }))
  const before = plain(api.state())
  const e = err(
    await api.strategies.add({
      params: path,
      body: {
        name: 'default',
        constraints: [
          { contextName: 'region', operator: 'IN', values: ['eu', 'asia', 'mars'] },
          { contextName: 'tier', operator: 'NUM_GT', value: '3' },
        ],
      },
    }),
  )
  t.equal(e._tag, 'ValidationError')
  t.same(e.details.map((d) => d.path), ['/body/constraints/0/values/1', '/body/constraints/0/values/2', '/body/constraints/1/value'])
  t.equal(e.details[0]!.message, '"asia" is not a legal value of the context field "region". Use one of its legal values.')
  t.same(plain(api.state()), before)
  ok(await api.strategies.add({ params: path, body: { name: 'default', constraints: [{ contextName: 'region', operator: 'NOT_IN', values: ['us'] }, { contextName: 'userId', operator: 'IN', values: ['anything'] }] } }))
})

t.test('a segment of another project is refused; a global one or one of this project is fine', async (t) => {
  const api = await setup()
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  const constraints = [{ contextName: 'userId', operator: 'IN', values: ['1'] }]
  const global = ok(await api.segments.create({ params: {}, body: raw({ name: 'global', constraints })}))
  const mine = ok(await api.segments.create({ params: {}, body: raw({ name: 'mine', project: 'default', constraints })}))
  const theirs = ok(await api.segments.create({ params: {}, body: raw({ name: 'theirs', project: 'other', constraints })}))
  const before = plain(api.state())
  const e = err(await api.strategies.add({ params: path, body: { name: 'default', segments: [global.id, theirs.id] } }))
  t.same(e.details.map((d) => d.path), ['/body/segments/1'])
  t.same(plain(api.state()), before)
  t.equal(e.details[0]!.message, `The segment "theirs" (id ${theirs.id}) belongs to project "other", not "default".`)
  t.same(ok(await api.strategies.add({ params: path, body: { name: 'default', segments: [global.id, mine.id] } })).segments, [global.id, mine.id])
})

t.test("flexibleRollout gets Unleash's defaults: rollout 100, the project's default stickiness, the feature as groupId", async (t) => {
  const api = await setup()
  ok(await api.projects.create({ params: {}, body: { id: 'sticky', name: 'Sticky', defaultStickiness: 'sessionId' } }))
  ok(await api.features.create({ params: { projectId: 'sticky' }, body: { name: 'f' } }))
  const there = { projectId: 'sticky', featureName: 'f', environment: 'development' }
  t.same(ok(await api.strategies.add({ params: there, body: { name: 'flexibleRollout' } })).parameters, { rollout: '100', stickiness: 'sessionId', groupId: 'f' })
  t.same(ok(await api.strategies.add({ params: there, body: { name: 'flexibleRollout', parameters: { rollout: 25, stickiness: '', groupId: 'g' } } })).parameters, { rollout: '25', groupId: 'g', stickiness: 'sessionId' }, 'an empty stickiness is the default')
  t.same(ok(await api.strategies.add({ params: path, body: { name: 'flexibleRollout', parameters: { stickiness: 'userId' } } })).parameters, { stickiness: 'userId', rollout: '100', groupId: 'flag' })
  t.same(ok(await api.strategies.add({ params: path, body: { name: 'default' } })).parameters, {}, 'other strategies get no defaults')
})

t.test('update keeps the id and sortOrder (a sortOrder sent is ignored); delete removes; unknown ids are 404', async (t) => {
  const api = await setup()
  const s = ok(await api.strategies.add({ params: path, body: { name: 'default' } }))
  const other = ok(await api.strategies.add({ params: path, body: { name: 'default' } }))
  const u = ok(await api.strategies.update({ params: { ...path, strategyId: s.id }, body: { name: 'flexibleRollout', parameters: { rollout: '10' }, title: 'ten', sortOrder: 9 } }))
  t.equal(u.id, s.id)
  t.equal(u.sortOrder, 0, 'a sortOrder sent is ignored, as in Unleash')
  const patched = ok(await api.strategies.patch({ params: { ...path, strategyId: s.id }, body: [{ op: 'replace', path: '/sortOrder', value: 9 }] }))
  t.equal(patched.sortOrder, 0, 'a patch alike')
  t.equal(ok(await api.strategies.list({ params: path }))[0]!.id, s.id, 'and it keeps its place')
  t.equal(u.title, 'ten')
  t.equal(err(await api.strategies.update({ params: { ...path, strategyId: 'x' }, body: { name: 'default' } }))._tag, 'NotFoundError')
  ok(await api.strategies.delete({ params: { ...path, strategyId: s.id } }))
  t.same(ok(await api.strategies.list({ params: path })).map((x) => x.id), [other.id])
  t.equal(err(await api.strategies.delete({ params: { ...path, strategyId: s.id } }))._tag, 'NotFoundError')
  t.same(api.events(4).map((e) => e.type), ['feature-strategy-remove', 'feature-strategy-update', 'feature-strategy-update', 'feature-strategy-add'])
})

t.test('parameter keys such as __proto__ are ordinary keys', async (t) => {
  const api = await setup()
  const body = JSON.parse('{"name":"default","parameters":{"__proto__":"x","constructor":"y"}}')
  const s = ok(await api.strategies.add({ params: path, body }))
  t.same(Object.keys(s.parameters).sort(), ['__proto__', 'constructor'])
  t.equal(Object.getPrototypeOf(s.parameters), null)
})
