import t from 'tap'
import { plain } from '../support/api.js'
import { FEATURES, type Served, serve, strategiesOf } from './support.js'

const ADVANCED = '/api/admin/playground/advanced'

/**
 * `rollout`: on in development for userId 1 in the `beta` segment (region eu); `custom`: on
 * in development with a strategy only its SDK knows; `shop-flag` in project shop, off.
 */
const seed = async (s: Served) => {
  const segment = (await s.call('POST', '/api/admin/segments', { body: { name: 'beta', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] } })).json.id
  await s.call('POST', FEATURES, { body: { name: 'rollout' } })
  const added = await s.call('POST', strategiesOf('rollout'), {
    body: { name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: 'rollout' }, constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }], segments: [segment] },
  })
  await s.call('POST', `${FEATURES}/rollout/environments/development/on`)
  await s.call('POST', '/api/admin/strategies', { body: { name: 'my-custom', parameters: [] } })
  await s.call('POST', FEATURES, { body: { name: 'custom' } })
  await s.call('POST', strategiesOf('custom'), { body: { name: 'my-custom' } })
  await s.call('POST', `${FEATURES}/custom/environments/development/on`)
  await s.call('POST', '/api/admin/projects', { body: { id: 'shop', name: 'Shop' } })
  await s.call('POST', '/api/admin/projects/shop/features', { body: { name: 'shop-flag' } })
  return { segment, strategyId: added.json.id as string }
}

t.test('the advanced playground evaluates each feature per environment and per context combination, as an SDK would', async (t) => {
  const s = await serve('fetch')
  const { segment, strategyId } = await seed(s)
  const before = plain(s.api.state())
  const body = { environments: ['development', 'production'], projects: ['default'], context: { appName: 'web', userId: '1, 2', properties: { region: 'eu' }, tier: 5 } }
  const r = await s.call('POST', ADVANCED, { body })
  t.equal(r.status, 200)
  t.same(r.json.input, body)
  t.same(r.json.warnings, { invalidContextProperties: ['tier'] })
  t.same(r.json.features.map((f: { name: string }) => f.name), ['custom', 'rollout'], 'the projects asked for, by name')
  const rollout = r.json.features[1]
  t.same(Object.keys(rollout.environments), ['development', 'production'])
  const [one, two] = rollout.environments.development
  t.same(one.context, { appName: 'web', userId: '1', region: 'eu' })
  t.same(two.context, { appName: 'web', userId: '2', region: 'eu' })
  t.same(Object.keys(one), ['name', 'projectId', 'strategies', 'isEnabledInCurrentEnvironment', 'isEnabled', 'variant', 'variants', 'environment', 'context'])
  t.match(one, { name: 'rollout', projectId: 'default', environment: 'development', isEnabledInCurrentEnvironment: true, isEnabled: true, variant: { name: 'disabled', enabled: false, feature_enabled: true }, strategies: { result: true } })
  t.match(two, { isEnabled: false, variant: { name: 'disabled', feature_enabled: false }, strategies: { result: false } })
  const strategy = one.strategies.data[0]
  t.match(strategy, {
    name: 'flexibleRollout',
    id: strategyId,
    disabled: false,
    result: { evaluationStatus: 'complete', enabled: true },
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'], result: true }],
    segments: [{ id: segment, name: 'beta', result: true, constraints: [{ contextName: 'region', values: ['eu'], result: true }] }],
    links: { edit: `/projects/default/features/rollout/strategies/edit?environmentId=development&strategyId=${strategyId}` },
  })
  t.same(two.strategies.data[0].constraints[0].result, false)
  t.match(rollout.environments.production, [{ isEnabledInCurrentEnvironment: false, isEnabled: false }, { isEnabled: false }])

  const custom = r.json.features[0].environments.development[0]
  t.match(custom, { isEnabled: false, strategies: { result: 'unknown', data: [{ name: 'my-custom', result: { evaluationStatus: 'incomplete', enabled: 'unknown' } }] } })
  t.same(plain(s.api.state()), before, 'nothing stored')

  const all = await s.call('POST', ADVANCED, { body: { environments: ['development'], context: { appName: 'web' } } })
  t.same(all.json.features.map((f: { name: string }) => f.name), ['custom', 'rollout', 'shop-flag'], 'every project when none is named')
  t.equal(all.json.warnings, undefined)
})

t.test('the single-environment playground answers one verdict per feature', async (t) => {
  const s = await serve('fetch')
  await seed(s)
  const r = await s.call('POST', '/api/admin/playground', { body: { environment: 'development', projects: '*', context: { appName: 'web', userId: '1', properties: { region: 'eu' } } } })
  t.equal(r.status, 200)
  t.same(r.json.features.map((f: { name: string; isEnabled: boolean }) => [f.name, f.isEnabled]), [['custom', false], ['rollout', true], ['shop-flag', false]])
  t.same(Object.keys(r.json.features[1]), ['name', 'projectId', 'strategies', 'hasUnsatisfiedDependency', 'isEnabledInCurrentEnvironment', 'isEnabled', 'variant', 'variants'])
  const outside = await s.call('POST', '/api/admin/playground', { body: { environment: 'development', context: { appName: 'web', userId: '1', properties: { region: 'us' } } } })
  t.match(outside.json.features[1], { name: 'rollout', isEnabled: false, strategies: { data: [{ segments: [{ result: false }] }] } })
})

t.test('bad playground requests: 400 naming the path, 404 for an unknown environment, 400 past the evaluation bound', async (t) => {
  const s = await serve('fetch')
  await seed(s)
  const before = plain(s.api.state())
  const bad = await s.call('POST', ADVANCED, { body: { environments: [], projects: 'all', context: { userId: 1, currentTime: 'noon' } } })
  t.equal(bad.status, 400)
  t.same(bad.json.details.map((d: { path: string }) => d.path).sort(), ['/body/context/appName', '/body/context/currentTime', '/body/context/userId', '/body/environments', '/body/projects'])
  const unknown = await s.call('POST', ADVANCED, { body: { environments: ['staging'], context: { appName: 'web' } } })
  t.equal(unknown.status, 404)
  t.equal(unknown.json.message, 'Could not find environment "staging".')
  const values = Array.from({ length: 100 }, (_, i) => String(i)).join(',')
  const tooMany = await s.call('POST', ADVANCED, { body: { environments: ['development', 'production'], context: { appName: 'web', userId: values, sessionId: values } } })
  t.equal(tooMany.status, 400)
  t.equal(tooMany.json.details[0].path, '/body/context')
  t.match(tooMany.json.details[0].message, 'at most 15000')
  t.same(plain(s.api.state()), before)
})

t.test("a feature whose parent is off is off, and the playground says a dependency held it", async (t) => {
  const s = await serve('fetch')
  await s.call('POST', FEATURES, { body: { name: 'parent' } })
  await s.call('POST', FEATURES, { body: { name: 'child' } })
  t.equal((await s.call('POST', `${FEATURES}/child/dependencies`, { body: { feature: 'parent', enabled: true } })).status, 200)
  await s.call('POST', `${FEATURES}/child/environments/development/on`)
  const body = { environment: 'development', context: { appName: 'web' } }
  const off = await s.call('POST', '/api/admin/playground', { body })
  t.match(off.json.features, [{ name: 'child', isEnabledInCurrentEnvironment: true, strategies: { result: true }, isEnabled: false, hasUnsatisfiedDependency: true }, { name: 'parent', isEnabled: false, hasUnsatisfiedDependency: false }])
  await s.call('POST', `${FEATURES}/parent/environments/development/on`)
  const on = await s.call('POST', '/api/admin/playground', { body })
  t.match(on.json.features, [{ name: 'child', isEnabled: true, hasUnsatisfiedDependency: false }, { name: 'parent', isEnabled: true }])
})
