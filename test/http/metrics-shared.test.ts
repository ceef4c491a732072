import t from 'tap'
import { FEATURES, type Served, serve } from './support.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { internalsOf } from '../../src/api/internals.js'

const NOW = '2026-01-01T00:00:00.000Z'

const clientToken = async (s: Served) =>
  (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'sdk', type: 'client', environment: 'development', projects: ['default'] } })).json.secret as string

const register = { appName: 'shop', instanceId: 'shop-1', sdkVersion: 'unleash-client-node:4.0.0', strategies: ['default', 'mine', 'userWithId', 'gradualRolloutRandom'], started: NOW, interval: 10_000 }
const report = (yes: number, no: number) => ({ appName: 'shop', instanceId: 'shop-1', bucket: { start: NOW, stop: NOW, toggles: { checkout: { yes, no, variants: {} } } } })

t.test('two facades on one store: what an SDK reports to A is stored once per interval and seen by B', async (t) => {
  const storage = createMemoryStorage()
  const a = await serve('fetch', { storage })
  const b = await serve('fetch', { storage })
  await a.call('POST', FEATURES, { body: { name: 'checkout' } })
  const token = await clientToken(a)
  t.equal((await a.call('POST', '/api/client/register', { token, body: register })).status, 202)
  const before = storage.head().version
  t.equal((await a.call('POST', '/api/client/metrics', { token, body: report(3, 1) })).status, 202)
  const afterFirst = storage.head().version
  t.equal((await a.call('POST', '/api/client/metrics', { token, body: report(2, 0) })).status, 202)
  t.equal((await a.call('POST', '/api/client/metrics', { token, body: { ...report(0, 0), bucket: { start: NOW, stop: NOW, toggles: { ghost: { yes: 1 } } } } })).status, 202)
  t.equal(storage.head().version, afterFirst, 'a second and a third report within the interval commits nothing')
  t.ok(afterFirst - before <= 1, 'the first report wrote at most one commit')
  t.same(b.api.state().usageCounts.size, 1, 'one row, the first report only')

  // A writes what it gathered; B shows the sum.
  t.equal((await a.api.flushMetrics())._tag, 'Right')
  const apps = await b.call('GET', '/api/admin/metrics/applications')
  t.same(apps.json.applications.map((x: { appName: string }) => x.appName), ['shop'])
  t.match(apps.json.applications[0].createdAt, /^\d{4}-\d\d-\d\dT/, 'with when the store first held it, which the UI shows')
  t.match(
    apps.json.applications[0],
    { updatedAt: NOW, createdBy: 'unleash_system_user', project: 'default', environment: 'development', usage: [{ project: 'default', environments: ['development'] }] },
    'when SDKs last reported it, made by SDKs, where its flags are used, as Unleash answers',
  )
  t.equal(b.api.state().usageApplications.get('shop')?.createdBy, undefined, 'a row SDKs made names no creator')
  const usage = await b.call('GET', '/api/admin/client-metrics/features/checkout')
  t.same(usage.json.totalUsage, [{ environment: 'development', yes: 5, no: 1 }])
  const raw = await b.call('GET', '/api/admin/client-metrics/features/checkout/raw')
  type Raw = { appName: string; environment: string; timestamp: string; yes: number; no: number; variants?: object }
  const rows: Raw[] = raw.json.data
  t.equal(rows.length, 24, 'every hour of the last day, as Unleash answers')
  t.same(rows.map((d) => Date.parse(d.timestamp) - Date.parse(rows[0]!.timestamp)), rows.map((_, i) => i * 3_600_000), 'hour by hour, the oldest first')
  t.same(rows.filter((d) => d.yes + d.no > 0).map((d) => [d.appName, d.environment, d.yes, d.no]), [['shop', 'development', 5, 1]], 'the counts in their hour')
  t.ok(rows.filter((d) => d.yes + d.no === 0).every((d) => d.appName === 'shop' && d.variants === undefined), 'the other hours zeros, with no variants')

  // Reports to B add to A's, never replace them.
  const bToken = await clientToken(b)
  t.equal((await b.call('POST', '/api/client/metrics', { token: bToken, body: report(10, 10) })).status, 202)
  t.equal((await b.api.flushMetrics())._tag, 'Right')
  t.same((await a.call('GET', '/api/admin/client-metrics/features/checkout')).json.totalUsage, [{ environment: 'development', yes: 15, no: 11 }])

  const yesNo = (environments: { name: string; yes: number; no: number }[]) => environments.map((e) => [e.name, e.yes, e.no])
  t.same(yesNo((await b.call('GET', `${FEATURES}/checkout`)).json.environments), [['development', 15, 11], ['production', 0, 0]], "the feature's environments: this hour's counts")
  t.same(yesNo((await a.call('GET', '/api/admin/search/features?query=checkout')).json.features[0].environments), [['development', 15, 11], ['production', 0, 0]], 'and in search')

  const overview = await b.call('GET', '/api/admin/metrics/applications/shop/overview')
  t.equal(overview.status, 200)
  t.same(overview.json.projects, ['default'])
  t.equal(overview.json.featureCount, 1)
  t.same(overview.json.issues, { missingStrategies: ['mine'] }, 'the retired strategies SDKs still announce are not missing')
  t.same(overview.json.environments.map((e: { name: string; instanceCount: number; issues: unknown }) => [e.name, e.instanceCount, e.issues]), [
    ['development', 1, { missingFeatures: [], outdatedSdks: ['unleash-client-node:4.0.0'] }],
  ])
  t.equal((await b.call('GET', '/api/admin/metrics/applications/nope/overview')).status, 404)
  const instances = await b.call('GET', '/api/admin/metrics/instances/shop/environment/development')
  t.same(instances.json.instances.map((i: { instanceId: string }) => i.instanceId), ['shop-1'])
  t.same((await b.call('GET', '/api/admin/projects/default/applications')).json, {
    total: 1,
    applications: [{ name: 'shop', environments: ['development'], instances: ['shop-1'], sdks: [{ name: 'unleash-client-node', versions: ['4.0.0'] }] }],
  })
  t.same((await b.call('GET', '/api/admin/projects/other/applications')).json, { total: 0, applications: [] })
  t.same((await b.call('GET', '/api/admin/metrics/sdks/outdated')).json, { sdks: [{ sdkVersion: 'unleash-client-node:4.0.0', applications: ['shop'] }] })
  t.same((await b.call('GET', '/api/admin/projects/default/sdks/outdated')).json.sdks.length, 1)
  t.same((await b.call('GET', '/api/admin/metrics/unknown-flags')).json, {
    unknownFlags: [{ name: 'ghost', lastSeenAt: NOW, lastEventAt: null, reports: [{ appName: 'shop', environments: [{ environment: 'development', seenAt: NOW }] }] }],
  }, 'the unknown flag A was told of, written with its counts')

  // The detail answers each strategy's type, or that the store has none.
  t.equal((await b.call('POST', '/api/admin/strategies', { body: { name: 'mine', parameters: [{ name: 'p', type: 'string' }] } })).status, 201)
  const typed = (await a.call('GET', '/api/admin/metrics/applications/shop')).json.strategies
  t.same(typed, [
    (await a.call('GET', '/api/admin/strategies/default')).json,
    (await a.call('GET', '/api/admin/strategies/mine')).json,
    { name: 'userWithId', notFound: true },
    { name: 'gradualRolloutRandom', notFound: true },
  ], 'a built-in type, a custom one, and names the store has no type of')
  t.match(typed[0], { name: 'default', displayName: 'Standard', editable: false })
  t.match(typed[1], { name: 'mine', displayName: null, editable: true, parameters: [{ name: 'p' }] })
  t.same(a.api.state().usageApplications.get('shop')?.strategies, register.strategies, 'the row keeps the names SDKs registered')

  t.equal((await b.call('POST', '/api/admin/metrics/applications/shop', { body: { strategies: ['default'] } })).status, 202)
  t.same(a.api.state().usageApplications.get('shop')?.strategies, ['default'], 'the strategies are stored')

  // What the UI edits: stored beside what SDKs reported, a field not sent keeps its value.
  const edit = { description: 'The shop', url: 'https://shop.example', color: '#ffffff', icon: 'store' }
  b.clock.advance(60_000)
  const edited = new Date(Date.parse(NOW) + 60_000).toISOString()
  t.equal((await b.call('POST', '/api/admin/metrics/applications/shop', { body: edit })).status, 202)
  t.equal((await b.call('POST', '/api/admin/metrics/applications/shop', { body: { icon: 'cart' } })).status, 202)
  const stored = a.api.state().usageApplications.get('shop')
  t.match(stored, { ...edit, icon: 'cart', strategies: ['default'], sdkVersion: 'unleash-client-node:4.0.0' }, 'the edits are stored, what SDKs reported kept')
  const detail = (await a.call('GET', '/api/admin/metrics/applications/shop')).json
  t.match(detail, { appName: 'shop', ...edit, icon: 'cart', links: { self: '/api/applications/shop' } }, 'the detail shows them and its link')
  t.equal(stored?.editedAt, Date.parse(edited), 'when it was edited is stored')
  t.match((await a.call('GET', '/api/admin/metrics/applications')).json.applications[0], { appName: 'shop', ...edit, icon: 'cart', updatedAt: edited, createdBy: 'unleash_system_user' }, 'so does the list, updated by the edit, still made by SDKs')
  t.notOk('usage' in detail || 'updatedAt' in detail, "the detail answers Unleash's fields only")
  for (const [body, path] of [[{ description: 5 }, '/body/description'], [{ url: 'x'.repeat(256) }, '/body/url'], [{ strategies: 'default' }, '/body/strategies']] as const) {
    const bad = await b.call('POST', '/api/admin/metrics/applications/shop', { body })
    t.equal(bad.status, 400, `${path} is refused`)
    t.match(bad.json.details?.[0]?.path ?? bad.text, path, 'naming the path')
  }
  t.same(a.api.state().usageApplications.get('shop'), stored, 'a refused body leaves the row as it was')
  t.equal((await b.call('POST', '/api/admin/metrics/applications/shop', { token: bToken, body: { icon: 'x' } })).status, 403, 'an SDK token may not edit')
  t.equal((await b.call('POST', '/api/admin/metrics/applications/newcomer', { body: { description: 'added by hand' } })).status, 202)
  t.match((await a.call('GET', '/api/admin/metrics/applications/newcomer')).json, { appName: 'newcomer', description: 'added by hand', strategies: [], instances: [], links: { self: '/api/applications/newcomer' } }, 'an application not seen is added')
  t.equal(a.api.state().usageApplications.get('newcomer')?.url, undefined, 'a field never sent is absent')
  const creator = a.api.state().usageApplications.get('newcomer')?.createdBy
  t.equal(creator, 'admin', 'who added it by hand is stored')
  t.match((await a.call('GET', '/api/admin/metrics/applications?query=newcomer')).json.applications, [{ appName: 'newcomer', createdAt: edited, updatedAt: edited, createdBy: creator, project: '*', environment: '*', usage: [] }], 'made by hand, used nowhere yet')
  t.equal((await b.call('DELETE', '/api/admin/metrics/applications/shop')).status, 200)
  t.equal((await a.call('GET', '/api/admin/metrics/applications/shop')).status, 404, 'forgotten for every facade')
})

/** The store's counts of `checkout`, summed over hours and applications. */
const storedCounts = (storage: ReturnType<typeof createMemoryStorage>) =>
  storage.head().state!.usageCounts.rows().filter((c) => c.feature === 'checkout').reduce((sum, c) => ({ yes: sum.yes + c.yes, no: sum.no + c.no }), { yes: 0, no: 0 })

t.test('close() writes what SDKs reported, a report under way too, ends the streams and refuses every call after it', async (t) => {
  const storage = createMemoryStorage()
  const s = await serve('fetch', { storage })
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  const token = await clientToken(s)
  t.equal((await s.call('POST', '/api/client/metrics', { token, body: report(1, 0) })).status, 202)
  t.equal((await s.call('POST', '/api/client/metrics', { token, body: report(2, 1) })).status, 202)
  t.same(storedCounts(storage), { yes: 1, no: 0 }, 'the second report waits for the interval')
  const stream = await s.api.client.stream({ authorization: token })
  let ended = false
  if (stream._tag === 'Right') stream.right.open({ write: () => undefined, buffered: () => 0, close: () => (ended = true) })
  t.equal(internalsOf(s.api).streams.size(), 1, 'a client stream is open')

  // A report admitted before close() is written by it, though it is counted after.
  const underWay = s.api.metrics.report({ authorization: token, params: {}, body: report(4, 0) })
  const closing = s.api.close()
  t.equal(s.api.close(), closing, 'closing again answers the same')
  t.same(await closing, { _tag: 'Right', right: undefined }, 'the last write succeeded')
  t.same(await underWay, { _tag: 'Right', right: undefined }, 'the report under way is taken')
  t.same(storedCounts(storage), { yes: 7, no: 1 }, 'the store holds every report')
  t.ok(ended, 'the stream is ended')
  t.equal(internalsOf(s.api).streams.size(), 0, 'and none is left')

  const version = storage.head().version
  const refused = await s.call('POST', '/api/client/metrics', { token, body: report(5, 5) })
  t.equal(refused.status, 503, 'a report after close is refused')
  t.match(refused.json, { name: 'StorageError', message: /closed/ })
  t.equal((await s.call('GET', `${FEATURES}/checkout`)).status, 503, 'and so is a read')
  t.match(await s.api.features.create({ params: { projectId: 'default' }, body: { name: 'late' } }), { _tag: 'Left', left: { _tag: 'StorageError' } }, 'and a facade call')
  t.equal(storage.head().version, version, 'the store is as close() left it')
  t.same((await s.api.flushMetrics())._tag, 'Right', 'a flush after close has nothing to write')
  t.equal(storage.head().version, version)
})

t.test('PostgreSQL, two instances: concurrent writes add up, B sees A\'s SDK, and both see it after reopening', async (t) => {
  const url = process.env.DATABASE_URL
  if (!url) return t.plan(0, 'no DATABASE_URL: run through test/scripts/postgres.sh')
  const { freshStoreName, openStore } = await import('../storage/fixtures/postgres.js')
  const name = freshStoreName('metrics')
  const portA = await openStore(url, name)
  const portB = await openStore(url, name)
  const a = await serve('fetch', { storage: portA })
  const b = await serve('fetch', { storage: portB })
  await a.call('POST', FEATURES, { body: { name: 'checkout' } })
  await portB.sync()
  const token = await clientToken(a)
  await portB.sync()
  t.equal((await a.call('POST', '/api/client/register', { token, body: register })).status, 202)
  for (let i = 0; i < 5; i++) {
    await a.call('POST', '/api/client/metrics', { token, body: report(1, 0) })
    await b.call('POST', '/api/client/metrics', { token, body: report(0, 1) })
  }
  // Both write at once: one of them conflicts, runs again on the other's row, and adds to it.
  const written = await Promise.all([a.api.flushMetrics(), b.api.flushMetrics()])
  t.same(written.map((w) => w._tag), ['Right', 'Right'])
  await portA.sync()
  t.same((await a.call('GET', '/api/admin/client-metrics/features/checkout')).json.totalUsage, [{ environment: 'development', yes: 5, no: 5 }])
  t.same((await b.call('GET', '/api/admin/metrics/applications')).json.applications.map((x: { appName: string }) => x.appName), ['shop'], "B's page lists A's SDK")
  await portA.close()
  await portB.close()

  const again = await serve('fetch', { storage: await openStore(url, name) })
  t.teardown(() => internalsOf(again.api).storage.close())
  t.same((await again.call('GET', '/api/admin/client-metrics/features/checkout')).json.totalUsage, [{ environment: 'development', yes: 5, no: 5 }], 'after reopening')
  t.same((await again.call('GET', `${FEATURES}/checkout`)).json.environments.map((e: { yes: number; no: number }) => [e.yes, e.no]), [[5, 5], [0, 0]], "and on the feature's environments")
  t.equal((await again.call('GET', '/api/admin/metrics/applications/shop/overview')).status, 200)
})

t.test("the overview tells frontend and backend SDKs apart by the API they spoke to, or Edge's sdkType", async (t) => {
  const s = await serve('fetch')
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  const token = await clientToken(s)
  // A body's own claim is not taken on the client API, as in Unleash.
  t.equal((await s.call('POST', '/api/client/register', { token, body: { ...register, sdkType: 'frontend' } })).status, 202)
  const edge = (instanceId: string, sdkVersion: string, sdkType: string | null) => ({ appName: 'shop', instanceId, environment: 'development', sdkVersion, sdkType, strategies: [], started: NOW, interval: 10_000 })
  const bulk = { applications: [edge('edge-fe', 'unleash-client-js:3.7.1', 'frontend'), edge('edge-be', 'unleash-client-go:4.1.0', null)], metrics: [] }
  t.equal((await s.call('POST', '/api/client/metrics/bulk', { token, body: bulk })).status, 202)
  const overview = await s.call('GET', '/api/admin/metrics/applications/shop/overview')
  t.match(overview.json.environments, [
    { name: 'development', instanceCount: 3, frontendSdks: ['unleash-client-js:3.7.1'], backendSdks: ['unleash-client-go:4.1.0', 'unleash-client-node:4.0.0'] },
  ])
  const instances = s.api.state().usageApplications.get('shop')!.instances
  t.same([instances['shop-1']?.sdkType, instances['edge-fe']?.sdkType, instances['edge-be']?.sdkType], ['backend', 'frontend', 'backend'], 'each instance stores its kind')
  const bad = await s.call('POST', '/api/client/metrics/bulk', { token, body: { ...bulk, applications: [edge('edge-x', 'x:1', 'weird')] } })
  t.equal(bad.status, 400, 'an sdkType of neither kind is refused')
  t.equal(s.api.state().usageApplications.get('shop')!.instances['edge-x'], undefined, 'and not stored')

  // Raw counts: every hour for each application that reported the flag, zeros included.
  const metric = (appName: string, yes: number) => ({ featureName: 'checkout', appName, environment: 'development', yes, no: 0, variants: {} })
  t.equal((await s.call('POST', '/api/client/metrics/bulk', { token, body: { applications: [], metrics: [metric('till', 2), metric('shop', 1)] } })).status, 202)
  const rows: { appName: string; timestamp: string; yes: number }[] = (await s.call('GET', '/api/admin/client-metrics/features/checkout/raw')).json.data
  t.equal(rows.length, 48, '24 hours for each of two applications')
  t.same(rows.slice(-2).map((r) => [r.appName, r.yes]), [['shop', 1], ['till', 2]], 'the current hour last, applications by name')
  t.ok(rows.slice(0, -2).every((r) => r.yes === 0), 'the hours before are zeros')
})
