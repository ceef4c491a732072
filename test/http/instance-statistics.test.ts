import t from 'tap'
import { FEATURES, serve, strategiesOf } from './support.js'

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
  t.equal(Object.keys(rest).length, 33)
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

t.test('client applications count per range by their instances last seen, metrics buckets those of the previous UTC day', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  await s.call('POST', FEATURES, { body: { name: 'search' } })
  const variant = (name: string) => ({ name, weight: 500, stickiness: 'default', weightType: 'variable' })
  await s.call('POST', strategiesOf('checkout'), { body: { name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' }, variants: [variant('blue'), variant('red')] } })
  const token = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'sdk', type: 'client', environment: 'development', projects: ['default'] } })).json.secret as string
  const register = (appName: string) => s.call('POST', '/api/client/register', { token, body: { appName, instanceId: `${appName}-1`, strategies: ['default'], started: new Date(s.clock.now()).toISOString(), interval: 15000 } })
  const bucket = (appName: string, stop: string, toggles: Record<string, unknown>) =>
    s.call('POST', '/api/client/metrics', { token, body: { appName, instanceId: `${appName}-1`, bucket: { start: stop, stop, toggles } } })
  // No flush: the read itself writes what this process gathered, then counts the store.
  const stats = async () => {
    const { clientApps, previousDayMetricsBucketsCount } = (await s.call('GET', '/api/admin/instance-admin/statistics')).json
    t.match(s.api.usageKept(), { applicationBytes: 0, seriesBytes: 0 }, 'nothing gathered is left unwritten')
    return { clientApps, previousDayMetricsBucketsCount }
  }
  t.same(await stats(), {
    clientApps: [{ range: '7d', count: 0 }, { range: '30d', count: 0 }, { range: 'allTime', count: 0 }],
    previousDayMetricsBucketsCount: { enabledCount: 0, variantCount: 0 },
  })

  t.equal((await register('old')).status, 202)
  s.clock.advance((8 * 24 + 10) * 3_600_000) // 2026-01-09T10:00Z: 'old' was seen 8 days and 10 hours ago
  t.equal((await register('web')).status, 202)
  t.equal((await s.call('POST', '/api/admin/metrics/applications/edited', { body: { description: 'no instance' } })).status, 202)
  await bucket('shop', '2026-01-08T20:30:00.000Z', { checkout: { yes: 3, no: 1, variants: { blue: 2, red: 1 } }, search: { yes: 1, no: 0 } })
  await bucket('shop', '2026-01-08T00:00:00.000Z', { checkout: { yes: 1, no: 0, variants: { red: 1 } } })
  await bucket('shop', '2026-01-07T23:59:59.999Z', { checkout: { yes: 1, no: 0, variants: { blue: 1 } } })
  await bucket('web', '2026-01-09T00:00:00.000Z', { checkout: { yes: 1, no: 0, variants: { blue: 1 } } })
  await bucket('web', '2026-01-09T09:59:00.000Z', { search: { yes: 5, no: 5 } })
  t.same(await stats(), {
    clientApps: [{ range: '7d', count: 2 }, { range: '30d', count: 3 }, { range: 'allTime', count: 3 }],
    previousDayMetricsBucketsCount: { enabledCount: 3, variantCount: 3 },
  }, "'old' within 30 days only, 'edited' has no instance; yesterday's hours only, of any application")

  s.clock.advance(14 * 3_600_000) // 2026-01-10T00:00Z: yesterday is now 2026-01-09
  t.same(await stats(), {
    clientApps: [{ range: '7d', count: 2 }, { range: '30d', count: 3 }, { range: 'allTime', count: 3 }],
    previousDayMetricsBucketsCount: { enabledCount: 2, variantCount: 1 },
  })
  s.clock.advance(23 * 24 * 3_600_000) // 'old' last seen 31 days and 14 hours ago, the others 23 days and 14 hours
  t.same((await stats()).clientApps, [{ range: '7d', count: 0 }, { range: '30d', count: 2 }, { range: 'allTime', count: 3 }])
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
