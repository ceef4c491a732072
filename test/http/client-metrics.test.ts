import t from 'tap'
import { FEATURES, type Served, serve, strategiesOf } from './support.js'
import { internalsOf } from '../../src/api/internals.js'

const NOW = '2026-01-01T00:00:00.000Z'
const MINUTE_AGO = '2025-12-31T23:59:00.000Z'

const clientToken = async (s: Served, environment = 'development', projects = ['default']) =>
  (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: `sdk-${environment}`, type: 'client', environment, projects } })).json.secret as string

const report = (toggles: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  appName: 'shop',
  instanceId: 'shop-1',
  bucket: { start: MINUTE_AGO, stop: NOW, toggles },
  ...extra,
})

const lastSeen = async (s: Served, feature: string) =>
  Object.fromEntries(((await s.call('GET', `${FEATURES}/${feature}`)).json.environments as { name: string; lastSeenAt: string | null }[]).map((e) => [e.name, e.lastSeenAt]))

const setUp = async (config = {}) => {
  const s = await serve('fetch', { config })
  for (const name of ['checkout', 'search']) await s.call('POST', FEATURES, { body: { name } })
  const variant = (name: string) => ({ name, weight: 500, stickiness: 'default', weightType: 'variable' })
  await s.call('POST', strategiesOf('checkout'), { body: { name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' }, variants: [variant('blue'), variant('red')] } })
  return { s, token: await clientToken(s) }
}

t.test('register and metrics answer 202 with no body; counts land per hour; lastSeenAt is written at most once an interval', async (t) => {
  const { s, token } = await setUp()
  const registered = await s.call('POST', '/api/client/register', {
    token,
    body: { appName: 'shop', instanceId: 'shop-1', sdkVersion: 'unleash-node-sdk:6.12.1', strategies: ['default', 'flexibleRollout'], started: NOW, interval: 15000, yggdrasilVersion: null },
  })
  t.equal(registered.status, 202)
  t.equal(registered.text, '')

  const sent = await s.call('POST', '/api/client/metrics', { token, body: report({ checkout: { yes: 3, no: 1, variants: { blue: 2, invented: 5 } } }) })
  t.equal(sent.status, 202)
  t.equal(sent.text, '')
  t.same(await lastSeen(s, 'checkout'), { development: NOW, production: null }, "the token's environment")
  t.equal((await s.call('GET', `${FEATURES}/checkout`)).json.lastSeenAt, NOW, "the feature's own is its latest environment's")
  t.same(await lastSeen(s, 'search'), { development: null, production: null })

  // Within the interval: counted, not written.
  s.clock.advance(10_000)
  const version = internalsOf(s.api).storage.head().version
  t.equal((await s.call('POST', '/api/client/metrics', { token, body: report({ checkout: { yes: 1, no: 0 } }) })).status, 202)
  t.equal(internalsOf(s.api).storage.head().version, version, 'no commit')
  t.same(await lastSeen(s, 'checkout'), { development: NOW, production: null })
  // Past it: the next report writes.
  s.clock.advance(30_000)
  t.equal((await s.call('POST', '/api/client/metrics', { token, body: report({ checkout: { yes: 0, no: 2 } }) })).status, 202)
  t.same(await lastSeen(s, 'checkout'), { development: '2026-01-01T00:00:40.000Z', production: null })
  // A host may write what is pending at once.
  s.clock.advance(1_000)
  await s.call('POST', '/api/client/metrics', { token, body: report({ search: { yes: 1 } }) })
  t.same(await lastSeen(s, 'search'), { development: null, production: null })
  t.same((await s.api.flushLastSeen())._tag, 'Right')
  t.same(await lastSeen(s, 'search'), { development: '2026-01-01T00:00:41.000Z', production: null })

  const usage = await s.call('GET', '/api/admin/client-metrics/features/checkout')
  t.equal(usage.status, 200)
  t.same(usage.json, {
    version: 1,
    maturity: 'stable',
    featureName: 'checkout',
    lastHourUsage: [{ environment: 'development', timestamp: NOW, yes: 4, no: 3, variants: { blue: 2 } }], // a name the flag cannot give is not kept
    totalUsage: [{ environment: 'development', yes: 4, no: 3 }],
    seenApplications: ['shop'],
  })
  const apps = await s.call('GET', '/api/admin/metrics/applications')
  t.same(apps.json, {
    total: 1,
    applications: [
      {
        appName: 'shop',
        sdkVersion: 'unleash-node-sdk:6.12.1',
        createdAt: NOW,
        updatedAt: '2026-01-01T00:00:41.000Z',
        strategies: ['default', 'flexibleRollout'],
        createdBy: 'unleash_system_user',
        project: 'default',
        environment: 'development',
        usage: [{ project: 'default', environments: ['development'] }],
      },
    ],
  })
  const app = await s.call('GET', '/api/admin/metrics/applications/shop')
  t.same(app.json.instances, [{ appName: 'shop', instanceId: 'shop-1', sdkVersion: 'unleash-node-sdk:6.12.1', sdkType: 'backend', lastSeen: '2026-01-01T00:00:41.000Z', environment: 'development', started: NOW }])
  const search = { name: 'search', description: null, type: 'release', project: 'default', stale: false, createdAt: NOW, impressionData: false, archived: false }
  t.same(app.json.seenToggles, [{ ...search, name: 'checkout' }, search], "each flag reported, by its own fields, as Unleash answers")
  t.equal((await s.call('DELETE', `${FEATURES}/search`)).status, 202)
  t.equal(s.api.state().features.get('search')?.archived, true)
  t.same((await s.call('GET', '/api/admin/metrics/applications/shop')).json.seenToggles.map((f: { name: string; notFound?: true }) => [f.name, f.notFound]), [['checkout', undefined], ['search', true]], 'an archived flag is not found')
})

t.test('client tokens are scoped as for /api/client/features; flags the store lacks are not counted', async (t) => {
  const { s } = await setUp()
  t.equal((await s.call('POST', '/api/admin/projects', { body: { id: 'other', name: 'Other' } })).status, 201)
  t.equal((await s.call('POST', '/api/admin/projects/other/features', { body: { name: 'elsewhere' } })).status, 201)
  const production = await clientToken(s, 'production')
  const sent = await s.call('POST', '/api/client/metrics', { token: production, body: report({ checkout: { yes: 1 }, elsewhere: { yes: 1 }, ghost: { yes: 1 } }, { environment: 'development' }) })
  t.equal(sent.status, 202)
  t.same(await lastSeen(s, 'checkout'), { development: null, production: NOW }, "the token's environment wins over the body's")
  t.same((await s.call('GET', '/api/admin/projects/other/features/elsewhere')).json.environments.map((e: { lastSeenAt: string | null }) => e.lastSeenAt), [null, null], 'a project the token does not see')
  t.same((await s.call('GET', '/api/admin/client-metrics/features/elsewhere')).json.seenApplications, [])

  const frontend = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'web', type: 'frontend', environment: 'development', projects: ['*'] } })).json.secret
  for (const path of ['/api/client/register', '/api/client/metrics', '/api/client/metrics/bulk']) {
    const refused = await s.call('POST', path, { token: frontend, body: {} })
    t.equal(refused.status, 403, path)
    t.equal(refused.json.message, 'invalid token: expected a different token type for this endpoint')
    t.equal((await s.call('POST', path, { token: null, body: {} })).status, 401)
  }
  t.equal((await s.call('GET', '/api/admin/metrics/applications', { token: production })).status, 403, 'the admin reads are for admin callers')
})

t.test('hostile metrics bodies get a 400 naming the path, and change nothing', async (t) => {
  const { s, token } = await setUp()
  const many = (n: number, value: unknown) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value]))
  const bucket = (fields: Record<string, unknown>) => ({ appName: 'shop', bucket: { start: MINUTE_AGO, stop: NOW, toggles: { checkout: { yes: 1 } }, ...fields } })
  const cases: [string, string, unknown, string][] = [
    ['/api/client/metrics', 'a negative count', report({ checkout: { yes: -1 } }), '/body/bucket/toggles/checkout/yes'],
    ['/api/client/metrics', 'a fraction', report({ checkout: { no: 1.5 } }), '/body/bucket/toggles/checkout/no'],
    ['/api/client/metrics', 'a count past safe integers', report({ checkout: { yes: 1e300 } }), '/body/bucket/toggles/checkout/yes'],
    ['/api/client/metrics', 'a count as text', report({ checkout: { yes: 'many' } }), '/body/bucket/toggles/checkout/yes'],
    ['/api/client/metrics', 'a negative variant count', report({ checkout: { yes: 1, variants: { blue: -2 } } }), '/body/bucket/toggles/checkout/variants/blue'],
    ['/api/client/metrics', 'too many flags', report(many(10_001, { yes: 1 })), '/body/bucket/toggles'],
    ['/api/client/metrics', 'too many variants', report({ checkout: { yes: 1, variants: many(101, 1) } }), '/body/bucket/toggles/checkout/variants'],
    ['/api/client/metrics', 'a date that is none', bucket({ start: 'yesterday' }), '/body/bucket/start'],
    ['/api/client/metrics', 'a stop in a year', bucket({ stop: '2027-01-01T00:00:00.000Z' }), '/body/bucket/stop'],
    ['/api/client/metrics', 'a stop before the start', bucket({ start: NOW, stop: MINUTE_AGO }), '/body/bucket/stop'],
    ['/api/client/metrics', 'milliseconds no date can hold', bucket({ stop: 9e15 }), '/body/bucket/stop'],
    ['/api/client/metrics', 'an empty app name', { ...report({ checkout: { yes: 1 } }), appName: '' }, '/body/appName'],
    ['/api/client/metrics', 'no app name', { bucket: report({}).bucket }, '/body/appName'],
    ['/api/client/metrics', 'an array', [], '/body'],
    ['/api/client/metrics', 'toggles as a list', bucket({ toggles: [] }), '/body/bucket/toggles'],
    ['/api/client/register', 'strategies as text', { appName: 'shop', interval: 1, started: NOW, strategies: 'default' }, '/body/strategies'],
    ['/api/client/register', 'a start that is none', { appName: 'shop', interval: 1, started: 'never', strategies: [] }, '/body/started'],
    ['/api/client/register', 'a huge instance id', { appName: 'shop', interval: 1, started: NOW, strategies: [], instanceId: 'x'.repeat(300) }, '/body/instanceId'],
    ['/api/client/metrics/bulk', 'a negative bulk count', { applications: [], metrics: [{ featureName: 'checkout', appName: 'edge', environment: 'development', yes: -1 }] }, '/body/metrics/0/yes'],
    ['/api/client/metrics/bulk', 'a bulk timestamp in a year', { applications: [], metrics: [{ featureName: 'checkout', appName: 'edge', environment: 'development', timestamp: '2027-01-01T00:00:00.000Z', yes: 1 }] }, '/body/metrics/0/timestamp'],
    ['/api/client/metrics/bulk', 'too many bulk metrics', { applications: [], metrics: Array.from({ length: 10_001 }, () => ({ featureName: 'checkout', appName: 'edge', environment: 'development' })) }, '/body/metrics'],
    ['/api/client/metrics/bulk', 'no applications', { metrics: [] }, '/body/applications'],
  ]
  const before = s.api.state()
  for (const [path, what, body, at] of cases) {
    const answer = await s.call('POST', path, { token, body })
    t.equal(answer.status, 400, what)
    t.equal(answer.json.name, 'ValidationError', what)
    t.ok((answer.json.details as { path?: string }[]).some((d) => d.path === at), `${what}: names ${at}`)
    t.ok(answer.text.length < 20_000, `${what}: the answer stays small`)
  }
  t.equal(s.api.state(), before, 'the store is as it was')
  t.same((await s.call('GET', '/api/admin/metrics/applications')).json, { total: 0, applications: [] }, 'no application was seen')
  t.same((await s.call('GET', '/api/admin/client-metrics/features/checkout')).json.totalUsage, [], 'nothing was counted')
})

t.test('Edge bulk metrics count each flag in its environment and hour', async (t) => {
  const { s } = await setUp()
  // An admin token is bound to no environment: every metric counts in its own.
  const sent = await s.call('POST', '/api/client/metrics/bulk', {
    body: {
      applications: [{ appName: 'edge-app', instanceId: 'e1', environment: 'production', sdkVersion: 'unleash-edge:19', strategies: ['default'], started: NOW }],
      metrics: [
        { featureName: 'checkout', appName: 'edge-app', environment: 'production', timestamp: NOW, yes: 5, no: 1, variants: {} },
        { featureName: 'checkout', appName: 'edge-app', environment: 'development', timestamp: MINUTE_AGO, yes: 2, no: 0 },
        { featureName: 'ghost', appName: 'edge-app', environment: 'production', yes: 9 },
      ],
      impactMetrics: [],
    },
  })
  t.equal(sent.status, 202)
  t.same(await lastSeen(s, 'checkout'), { development: NOW, production: NOW })
  const usage = (await s.call('GET', '/api/admin/client-metrics/features/checkout')).json
  t.same(usage.lastHourUsage, [
    { environment: 'development', timestamp: '2025-12-31T23:00:00.000Z', yes: 2, no: 0, variants: {} },
    { environment: 'production', timestamp: NOW, yes: 5, no: 1, variants: {} },
  ])
  // A token bound to an environment counts only that one's.
  const development = await clientToken(s)
  await s.call('POST', '/api/client/metrics/bulk', {
    token: development,
    body: { applications: [], metrics: [{ featureName: 'search', appName: 'edge-app', environment: 'production', yes: 1 }, { featureName: 'search', appName: 'edge-app', environment: 'development', yes: 1 }] },
  })
  t.same((await s.call('GET', '/api/admin/client-metrics/features/search')).json.totalUsage, [{ environment: 'development', yes: 1, no: 0 }])
})

t.test('the usage kept in memory is bounded, and forgets hours past the retention window', async (t) => {
  const { s, token } = await setUp({ metrics: { maxApplications: 2, maxInstancesPerApplication: 2, maxSeries: 2, maxVariantsPerSeries: 1, retentionHours: 2 } })
  await s.call('POST', FEATURES, { body: { name: 'third' } })
  for (const appName of ['a', 'b', 'c']) {
    for (const instanceId of ['1', '2', '3']) await s.call('POST', '/api/client/register', { token, body: { appName, instanceId, interval: 1, started: NOW, strategies: [] } })
  }
  const apps = (await s.call('GET', '/api/admin/metrics/applications')).json
  t.same(apps.applications.map((a: { appName: string }) => a.appName), ['b', 'c'], 'the application seen longest ago is forgotten')
  t.same((await s.call('GET', '/api/admin/metrics/applications/c')).json.instances.map((i: { instanceId: string }) => i.instanceId), ['3', '2'])
  t.equal((await s.call('GET', '/api/admin/metrics/applications/a')).status, 404)

  await s.call('POST', '/api/client/metrics', { token, body: report({ checkout: { yes: 1, variants: { blue: 1, red: 1 } }, search: { yes: 1 }, third: { yes: 1 } }) })
  t.same((await s.call('GET', '/api/admin/client-metrics/features/third')).json.totalUsage, [], 'no third count')
  t.same((await s.call('GET', '/api/admin/client-metrics/features/checkout')).json.lastHourUsage[0].variants, { blue: 1 }, 'no second variant')

  s.clock.advance(2 * 3_600_000)
  t.same((await s.call('GET', '/api/admin/client-metrics/features/checkout')).json.totalUsage, [], 'two hours on, the first hour is gone')
})

/** The stored unknown flags, as [name, appName, environment, seenAt]. */
const storedUnknown = (s: Served) =>
  s.api
    .state()
    .unknownFlags.rows()
    .map((r) => [r.name, r.appName, r.environment, new Date(r.seenAt).toISOString()])
    .sort((a, b) => (a.join() < b.join() ? -1 : 1))

t.test('flags the store lacks are kept as unknown flags, answered as Unleash answers them, until a flag of that name exists', async (t) => {
  const { s, token } = await setUp()
  const production = await clientToken(s, 'production')
  const sent = await s.call('POST', '/api/client/metrics', { token, body: report({ ghost: { yes: 2, no: 1 }, unused: { yes: 0, no: 0, variants: { a: 1 } }, 'Bad Name!': { yes: 1 }, checkout: { yes: 1 } }) })
  t.equal(sent.status, 202)
  t.same(storedUnknown(s), [['ghost', 'shop', 'development', NOW]], 'written with the counts: a name evaluated, which a flag could have')
  t.same((await s.call('GET', '/api/admin/client-metrics/features/checkout')).json.totalUsage, [{ environment: 'development', yes: 1, no: 0 }], 'the known flag is counted')

  // More applications and environments: a bucket is dated by its stop; Edge's metrics by their timestamp.
  s.clock.advance(60_000)
  const later = '2026-01-01T00:01:00.000Z'
  await s.call('POST', '/api/client/metrics', { token: production, body: { appName: 'web-app', bucket: { start: NOW, stop: later, toggles: { ghost: { no: 1 } } } } })
  await s.call('POST', '/api/client/metrics', { token: production, body: { appName: 'shop', bucket: { start: NOW, stop: later, toggles: { ghost: { yes: 1 } } } } })
  await s.call('POST', '/api/client/metrics/bulk', { body: { applications: [], metrics: [{ featureName: 'another', appName: 'zz', environment: 'production', timestamp: MINUTE_AGO, yes: 1 }] } })
  const answer = await s.call('GET', '/api/admin/metrics/unknown-flags')
  t.equal(answer.status, 200)
  t.same(answer.json, {
    unknownFlags: [
      { name: 'another', lastSeenAt: MINUTE_AGO, lastEventAt: null, reports: [{ appName: 'zz', environments: [{ environment: 'production', seenAt: MINUTE_AGO }] }] },
      {
        name: 'ghost',
        lastSeenAt: later,
        lastEventAt: null,
        // Unleash's order: shorter names first, then by name.
        reports: [
          { appName: 'shop', environments: [{ environment: 'production', seenAt: later }, { environment: 'development', seenAt: NOW }] },
          { appName: 'web-app', environments: [{ environment: 'production', seenAt: later }] },
        ],
      },
    ],
  })
  t.equal(s.api.state().unknownFlags.size, 4, 'one row per name, application and environment')

  // A flag of that name is no longer unknown, archived too; deleted, it is again, with its last event.
  t.equal((await s.call('POST', FEATURES, { body: { name: 'ghost' } })).status, 201)
  const names = async () => ((await s.call('GET', '/api/admin/metrics/unknown-flags')).json.unknownFlags as { name: string }[]).map((f) => f.name)
  t.same(await names(), ['another'])
  t.equal(s.api.state().unknownFlags.size, 4, 'the reports stay, as in Unleash')
  t.same((await s.call('POST', '/api/client/metrics', { token, body: report({ ghost: { yes: 1 } }) })).status, 202)
  t.same((await s.call('GET', '/api/admin/client-metrics/features/ghost')).json.totalUsage, [{ environment: 'development', yes: 1, no: 0 }], 'and its reports count')
  t.equal((await s.call('DELETE', `${FEATURES}/ghost`)).status, 202)
  t.same(await names(), ['another'], 'archived, it is still known')
  s.clock.advance(1_000)
  t.equal((await s.call('DELETE', '/api/admin/archive/ghost')).status, 200)
  const back = (await s.call('GET', '/api/admin/metrics/unknown-flags')).json.unknownFlags[1]
  t.same([back.name, back.lastSeenAt, back.lastEventAt], ['ghost', later, '2026-01-01T00:01:01.000Z'])

  // Frontend SDKs' reports are read the same way.
  const frontend = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'web', type: 'frontend', environment: 'development', projects: ['*'] } })).json.secret
  t.equal((await s.call('POST', '/api/frontend/client/metrics', { token: frontend, body: { appName: 'browser', bucket: { start: NOW, stop: later, toggles: { typo: { yes: 1 } } } } })).status, 200)
  t.same(await names(), ['another', 'ghost', 'typo'])
  t.equal((await s.call('GET', '/api/admin/metrics/unknown-flags', { token })).status, 403, 'an admin read')
})

t.test('the unknown flags kept are bounded: per report, in all, and in time', async (t) => {
  const { s, token } = await setUp({ metrics: { maxUnknownFlags: 3, maxUnknownFlagsPerReport: 2, unknownFlagRetentionHours: 1 } })
  const version = () => internalsOf(s.api).storage.head().version
  const before = version()
  await s.call('POST', '/api/client/metrics', { token, body: report({ a1: { yes: 1 }, a2: { yes: 1 }, a3: { yes: 1 } }) })
  t.equal(version(), before + 1, 'one commit')
  t.same(storedUnknown(s).map((r) => r[0]), ['a1', 'a2'], 'the first two a report names')

  // Within the interval: kept in memory; the admin read writes them first.
  s.clock.advance(10_000)
  const at = (stop: string, toggles: Record<string, unknown>) => ({ appName: 'shop', bucket: { start: NOW, stop, toggles } })
  await s.call('POST', '/api/client/metrics', { token, body: at('2026-01-01T00:01:00.000Z', { a2: { yes: 1 }, b1: { yes: 1 } }) })
  await s.call('POST', '/api/client/metrics', { token, body: at('2026-01-01T00:02:00.000Z', { b2: { yes: 1 } }) })
  t.equal(version(), before + 1, 'no commit of their own')
  t.same((await s.call('GET', '/api/admin/metrics/unknown-flags')).json.unknownFlags.map((f: { name: string; lastSeenAt: string }) => [f.name, f.lastSeenAt]), [
    ['a2', '2026-01-01T00:01:00.000Z'],
    ['b1', '2026-01-01T00:01:00.000Z'],
    ['b2', '2026-01-01T00:02:00.000Z'],
  ], 'past the ceiling, the one seen longest ago is forgotten')
  t.equal(version(), before + 2, 'written in one commit')
  t.same(storedUnknown(s).map((r) => r[0]), ['a2', 'b1', 'b2'], 'the store holds what is answered')

  // A report dated before the window is let be; past it, the others leave the answer, then the store.
  await s.call('POST', '/api/client/metrics', { token, body: { appName: 'shop', bucket: { start: '2025-12-31T22:00:00.000Z', stop: '2025-12-31T22:30:00.000Z', toggles: { old: { yes: 1 } } } } })
  s.clock.advance(2 * 3_600_000)
  t.same((await s.call('GET', '/api/admin/metrics/unknown-flags')).json, { unknownFlags: [] })
  t.equal(s.api.state().unknownFlags.size, 3, 'hidden until the next write')
  await s.call('POST', '/api/client/metrics', { token, body: at('2026-01-01T02:00:00.000Z', { c1: { yes: 1 } }) })
  await s.api.flushMetrics()
  t.same(storedUnknown(s), [['c1', 'shop', 'development', '2026-01-01T02:00:00.000Z']])
})

t.test('the applications list pages and filters; unknown names are 404', async (t) => {
  const { s, token } = await setUp()
  for (const appName of ['alpha', 'beta', 'gamma']) await s.call('POST', '/api/client/register', { token, body: { appName, interval: 1, started: NOW, strategies: [] } })
  const names = async (query: string) => ((await s.call('GET', `/api/admin/metrics/applications${query}`)).json.applications as { appName: string }[]).map((a) => a.appName)
  t.same(await names('?sortOrder=desc&offset=1&limit=1'), ['beta'])
  t.same(await names('?query=AM'), ['gamma'])
  t.equal((await s.call('GET', '/api/admin/metrics/applications?query=AM')).json.total, 1)
  const bad = await s.call('GET', '/api/admin/metrics/applications?limit=lots')
  t.equal(bad.status, 400)
  t.equal(bad.json.details[0].path, '/query/limit')
  t.equal((await s.call('GET', '/api/admin/metrics/applications/nobody')).status, 404)
  t.equal((await s.call('GET', '/api/admin/client-metrics/features/nothing')).status, 404)
})
