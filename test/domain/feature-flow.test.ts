import t from 'tap'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

t.test('a feature is created, given strategies, enabled, and updated', async (t) => {
  const { api } = await makeApi()
  const created = ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'checkout', description: 'new checkout' } }))
  t.equal(created.name, 'checkout')
  t.equal(created.project, 'default')
  t.same(created.environments.map((e) => e.name), ['development', 'production'])
  t.same(created.lifecycle, { stage: 'initial', enteredStageAt: '2026-01-01T00:00:00.000Z' })

  const path = { projectId: 'default', featureName: 'checkout', environment: 'development' }
  const s1 = ok(await api.strategies.add({ params: path, body: { name: 'default' } }))
  const s2 = ok(await api.strategies.add({ params: path, body: { name: 'flexibleRollout', parameters: { rollout: 50, stickiness: 'default', groupId: 'checkout' }, constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }] } }))
  t.equal(s1.sortOrder, 0)
  t.equal(s2.sortOrder, 1)
  t.same(s2.parameters, { rollout: '50', stickiness: 'default', groupId: 'checkout' })
  t.same(s2.constraints, [{ contextName: 'appName', operator: 'IN', values: ['web'], caseInsensitive: false, inverted: false }])

  ok(await api.strategies.setSortOrder({ params: path, body: [{ id: s1.id, sortOrder: 5 }] }))
  const order = ok(await api.strategies.list({ params: path }))
  t.same(order.map((s) => s.id), [s2.id, s1.id])

  ok(await api.features.enableEnvironment({ params: path }))
  const updated = ok(await api.features.update({ params: { projectId: 'default', featureName: 'checkout' }, body: { stale: true } }))
  t.equal(updated.stale, true)
  t.equal(updated.description, 'new checkout', 'fields not sent are kept')
  t.equal(updated.environments[0]!.enabled, true)
  t.equal(updated.lifecycle.stage, 'initial', 'turning on leaves the lifecycle alone, as in Unleash')
})

t.test('a refused call leaves the store as it was', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  const e = err(await api.features.create({ params: { projectId: 'default' }, body: { name: 'has space' } }))
  t.equal(e._tag, 'ValidationError')
  t.same(e.details.map((d) => d.path), ['/body/name'])
  t.same(plain(api.state()), before)
})

t.test('__proto__ and constructor are ordinary feature names', async (t) => {
  const { api } = await makeApi()
  for (const name of ['__proto__', 'constructor', 'toString']) {
    const f = ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
    t.equal(f.name, name)
    t.equal(ok(await api.features.get({ params: { projectId: 'default', featureName: name } })).name, name)
  }
  t.equal(api.state().features.size, 3)
})

t.test("a create's tags tag the new feature and its variants are set in each environment, as in Unleash", async (t) => {
  const { api } = await makeApi()
  ok(await api.tags.create({ params: {}, body: { type: 'simple', value: 'known' } }))
  const body = {
    name: 'checkout',
    tags: [{ type: 'simple', value: 'known' }, { type: 'simple', value: 'fresh', color: '#123456' }, { type: 'simple', value: 'known' }],
    variants: [{ name: 'red', weight: 200, weightType: 'fix' }, { name: 'blue', weight: 0 }],
  }
  const created = ok(await api.features.create({ params: { projectId: 'default' }, body: raw(body) }))
  t.same(created.tags, [{ value: 'fresh', type: 'simple' }, { value: 'known', type: 'simple' }], 'each tag once, by type then value')
  const stored = [
    { name: 'blue', weight: 800, weightType: 'variable', stickiness: 'default', overrides: [] },
    { name: 'red', weight: 200, weightType: 'fix', stickiness: 'default', overrides: [] },
  ]
  t.same(created.environments.map((e) => [e.name, e.variants]), [['development', stored], ['production', stored]], 'defaults filled in, the weight shared out, sorted by name, as variants-batch stores them')
  t.same(ok(await api.tags.get({ params: { type: 'simple', value: 'fresh' } })), { version: 1, tag: { type: 'simple', value: 'fresh' } }, 'a missing tag is created')
  t.same(api.events(4).map((e) => e.type).reverse(), ['feature-created', 'tag-created', 'feature-tagged', 'feature-tagged'], 'the new tag and each tagging recorded, after the feature')
})

t.test("a create whose tags or variants are refused creates nothing, each problem at its path", async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  const body = { name: 'checkout', tags: [{ type: 'simple', value: 'ok' }, { type: 'nope', value: 'x1' }], variants: [{ name: 'red', weight: 1200 }, { name: 'red', weight: 10 }] }
  const refused = err(await api.features.create({ params: { projectId: 'default' }, body }))
  t.equal(refused._tag, 'ValidationError')
  t.same(refused.details.map((d) => d.path), ['/body/tags/1/type', '/body/variants/0/weight', '/body/variants/1/name'])
  t.match(refused.details[0], { message: "Tag type 'nope' does not exist" })
  const decoded = err(await api.features.create({ params: { projectId: 'default' }, body: raw({ name: 'checkout', tags: [{ value: 'no type' }, { type: 'simple', value: 'x' }] })}))
  t.same(decoded.details.map((d) => d.path), ['/body/tags/0/type', '/body/tags/1/value'], "a tag's type is required and its value 2 to 50 characters, as Unleash's tagSchema says")
  t.same(plain(api.state()), before)
})
