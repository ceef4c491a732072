import t from 'tap'
import { makeApi, ok, err, plain } from '../support/api.js'

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
