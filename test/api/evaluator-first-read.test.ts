/**
 * A live evaluator compiles each flag when it is first read: what changed before that read,
 * or between reads of other flags, is what the read sees.
 */
import t from 'tap'
import { makeApi, ok } from '../support/api.js'

const env = (featureName: string) => ({ projectId: 'default', featureName, environment: 'development' })

const setUp = async (...names: string[]) => {
  const { api } = await makeApi()
  for (const name of names) {
    ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
    ok(await api.features.enableEnvironment({ params: env(name) }))
  }
  return api
}

t.test('a flag read first after its parent changed sees the change, and later changes of it', async (t) => {
  const api = await setUp('parent', 'child', 'other')
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'child' }, body: { feature: 'parent' } }))
  const flags = api.evaluator('development')
  t.equal(flags.isEnabled('other'), true, 'another flag read first')
  ok(await api.features.disableEnvironment({ params: env('parent') }))
  t.equal(flags.isEnabled('child'), false, 'the parent is off by the first read of the child')
  ok(await api.features.enableEnvironment({ params: env('parent') }))
  t.equal(flags.isEnabled('child'), true, 'and on again after it')
})

t.test('a segment changed before the first read of its flag is read as changed', async (t) => {
  const api = await setUp()
  const segment = ok(await api.segments.create({ params: {}, body: { name: 'eu', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'gdpr' } }))
  ok(await api.strategies.add({ params: env('gdpr'), body: { name: 'default', segments: [segment.id] } }))
  ok(await api.features.enableEnvironment({ params: env('gdpr') }))
  const flags = api.evaluator('development')
  t.equal(flags.isEnabled('other'), false)
  ok(await api.segments.update({ params: { segmentId: String(segment.id) }, body: { name: 'eu', constraints: [{ contextName: 'region', operator: 'IN', values: ['us'] }] } }))
  t.equal(flags.isEnabled('gdpr', { properties: { region: 'us' } }), true)
  t.equal(flags.isEnabled('gdpr', { properties: { region: 'eu' } }), false)
})

t.test('flags never read are listed, and the list follows creation and archiving', async (t) => {
  const api = await setUp('a', 'b')
  const flags = api.evaluator('development')
  t.same(flags.features(), ['a', 'b'])
  t.equal(flags.isEnabled('missing'), false, 'an unknown name')
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'c' } }))
  t.same(flags.features(), ['a', 'b', 'c'])
  ok(await api.features.archive({ params: { projectId: 'default', featureName: 'a' } }))
  t.same(flags.features(), ['b', 'c'])
  t.equal(flags.isEnabled('a'), false, 'an archived flag is off')
  t.equal(flags.isEnabled('b'), true)
})
