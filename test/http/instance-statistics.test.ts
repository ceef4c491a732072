import t from 'tap'
import { FEATURES, serve } from './support.js'

t.test('instance statistics count what the store holds, as JSON and as a CSV of names and values', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  t.equal((await s.call('POST', FEATURES, { body: { name: 'checkout' } })).status, 201)
  const rule = { contextName: 'userId', operator: 'IN', values: ['a', 'b', 'c'] }
  await s.call('POST', `${FEATURES}/checkout/environments/production/strategies`, { body: { name: 'default', constraints: [rule, { ...rule, values: ['d'] }] } })
  await s.call('POST', `${FEATURES}/checkout/environments/production/strategies`, { body: { name: 'default' } })
  await s.call('POST', `${FEATURES}/checkout/environments/production/on`)
  await s.call('POST', '/api/admin/features-batch/export', { body: { features: ['checkout'], environment: 'production' } })
  t.equal((await s.call('POST', FEATURES, { body: { name: 'legacy' } })).status, 201)
  t.equal((await s.call('DELETE', `${FEATURES}/legacy`)).status, 202)
  const stats = await s.call('GET', '/api/admin/instance-admin/statistics')
  t.equal(stats.status, 200)
  t.match(stats.json, { featureToggles: 1, archivedFeatureToggles: 1, projects: 1, users: 1, roles: 3, SAMLenabled: false, versionEnterprise: '' })
  t.match(stats.json.sum, /^[0-9a-f]{64}$/)
  const { sum: _sum, ...rest } = stats.json
  t.equal(Object.keys(rest).length, 31)
  t.match(stats.json, { maxEnvironmentStrategies: 2, maxConstraints: 2, maxConstraintValues: 3, featureExports: 1, featureImports: 0 })
  t.same(stats.json.productionChanges, { last30: 4, last60: 4, last90: 4 }, 'two strategies added, the environment turned on, its export')

  const csv = await s.call('GET', '/api/admin/instance-admin/statistics/csv')
  t.equal(csv.status, 200)
  t.equal(csv.headers['content-type'], 'text/csv; charset=utf-8')
  t.match(csv.headers['content-disposition'], new RegExp(`^attachment; filename="unleash-${stats.json.instanceId}-\\d+\\.csv"$`))
  const [names, values, more] = csv.text.split('\n')
  t.equal(names, Object.keys(stats.json).map((k) => `"${k}"`).join(','), 'the names first, quoted, as Unleash writes them')
  t.match(values, /^"[^"]+","[^"]+","[^"]+","",1,0,"\{\}",/, "then the values in the JSON order: objects as quoted JSON")
  t.equal(more, undefined)
  t.equal((await s.call('GET', '/api/admin/instance-admin/statistics', { token: null })).status, 401)
})

t.test('telemetry settings: flagport collects nothing', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  t.same((await s.call('GET', '/api/admin/telemetry/settings')).json, { versionInfoCollectionEnabled: false, featureInfoCollectionEnabled: false })
})

t.test('GET /api/client/features/:name answers one flag as the list holds it, or 404', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  t.equal((await s.call('POST', FEATURES, { body: { name: 'checkout' } })).status, 201)
  const list = await s.call('GET', '/api/client/features')
  const one = await s.call('GET', '/api/client/features/checkout')
  t.equal(one.status, 200)
  t.same(one.json, list.json.features[0])
  const none = await s.call('GET', '/api/client/features/nosuch')
  t.same([none.status, none.json.name, none.json.message], [404, 'NotFoundError', 'Could not find feature flag nosuch'])
})
