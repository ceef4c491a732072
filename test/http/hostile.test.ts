import t from 'tap'
import { createHttpHandler } from '../../src/http/handler.js'
import { adminRoutes } from '../../src/http/routes/index.js'
import { plain } from '../support/api.js'
import { FEATURES, type Served, serve, strategiesOf, TRANSPORTS } from './support.js'
import { internalsOf } from '../../src/api/internals.js'

/** Bodies no route accepts: wrong types, broken syntax and encodings, depth, size. */
const CORPUS: readonly (string | Uint8Array)[] = [
  'null',
  '1',
  '-0',
  '1e400',
  '"a string"',
  'true',
  '[1]',
  '[null]',
  '[{"id":{},"sortOrder":"x"}]',
  '{"name":',
  '{"a":1}}',
  "{'name':'single quotes'}",
  '{"name":"x",}',
  'NaN',
  '\u0000',
  '["\\ud800"]',
  '{"name":"\\udfff"}',
  `${'['.repeat(100_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `${'['.repeat(1_000)}${']'.repeat(1_000)}`,
  `"${'x'.repeat(2 * 1024 * 1024)}"`,
  new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
  new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]),
]

/** Existing resources for every placeholder, so each request reaches its operation's decoder. */
const setUp = async (s: Served) => {
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  await s.call('POST', FEATURES, { body: { name: 'parent' } })
  const strategy = (await s.call('POST', strategiesOf('checkout'), { body: { name: 'default' } })).json.id
  // Variants in one environment may be replaced only where there are some (Unleash's rule).
  await s.call('PUT', `${FEATURES}/checkout/variants-batch`, { body: { variants: [variant], environments: ['development'] } })
  const user = (await s.call('POST', '/api/admin/user-admin', { body: { email: 'u@example.com', rootRole: 'Editor' } })).json.id
  const group = (await s.call('POST', '/api/admin/groups', { body: { name: 'team' } })).json.id
  const account = (await s.call('POST', '/api/admin/service-account', { body: { username: 'robot', name: 'Robot', rootRole: 'Viewer' } })).json.id
  const segment = (await s.call('POST', '/api/admin/segments', { body: { name: 'beta', constraints: [] } })).json.id
  const context = (await s.call('POST', '/api/admin/context', { body: { name: 'tenant' } })).json.name
  await s.call('POST', `${FEATURES}/checkout/link`, { body: { url: 'example.com' } })
  const link = (await s.call('GET', `${FEATURES}/checkout`)).json.links?.[0]?.id
  const addon = (await s.call('POST', '/api/admin/addons', { body: WEBHOOK })).json.id
  if ([strategy, user, group, account, segment, context, link, addon].some((id) => id === undefined)) throw new Error('set-up failed')
  const fill = (pattern: string): string =>
    pattern.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'id') return String(pattern.includes('/groups') ? group : pattern.includes('/service-account') ? account : pattern.includes('/addons') ? addon : user)
      const values: Record<string, string> = {
        ...{ projectId: 'default', featureName: 'checkout', environment: 'development', strategyId: strategy, name: 'development' },
        ...{ parent: 'parent', tokenId: '1', segmentId: String(segment), contextName: context, linkId: link },
      }
      return values[name] ?? 'x'
    })
  return fill
}

const WEBHOOK = { provider: 'webhook', enabled: true, description: 'd', parameters: { url: 'https://example.com/hook', authorization: 'Bearer x' }, events: ['feature-created'], projects: ['default'], environments: ['development'] }
const constraint = { contextName: 'userId', operator: 'IN', values: ['1'], inverted: false, caseInsensitive: false }
const variant = { name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'x' }, overrides: [{ contextName: 'userId', values: ['1'] }] }

/** A valid body for each body route, whose every value the field test below replaces. */
/** What an SDK sends at start, and every interval, dated by the test clock. */
const SDK_REGISTRATION = { appName: 'shop', instanceId: 'i', sdkVersion: 'unleash-node-sdk:6.12.1', strategies: ['default'], started: '2026-01-01T00:00:00.000Z', interval: 15000, yggdrasilVersion: null }
const SDK_METRICS = { appName: 'shop', instanceId: 'i', bucket: { start: '2025-12-31T23:59:00.000Z', stop: '2026-01-01T00:00:00.000Z', toggles: { checkout: { yes: 1, no: 2, variants: { blue: 1 } } } } }

const SAMPLES: Readonly<Record<string, unknown>> = {
  'POST /api/admin/projects/:projectId/features': { name: 'sample', type: 'release', description: 'd', impressionData: false },
  'PUT /api/admin/projects/:projectId/features/:featureName': { name: 'checkout', description: 'd', type: 'release', stale: false, archived: false, impressionData: false },
  'PATCH /api/admin/projects/:projectId/features/:featureName': [{ op: 'replace', path: '/description', value: 'd' }, { op: 'copy', from: '/name', path: '/description' }],
  'PUT /api/admin/projects/:projectId/features/:featureName/variants-batch': { variants: [variant], environments: ['development'] },
  'PUT /api/admin/projects/:projectId/features/:featureName/environments/:environment/variants': [variant],
  'POST /api/admin/projects/:projectId/bulk_features/environments/:environment/on': { features: ['checkout', 'parent'] },
  'POST /api/admin/projects/:projectId/bulk_features/environments/:environment/off': { features: ['checkout'] },
  'POST /api/admin/projects/:projectId/stale': { features: ['checkout', 'parent'], stale: true },
  'POST /api/admin/projects/:projectId/archive/validate': { features: ['checkout', 'parent'] },
  'POST /api/admin/projects/:projectId/archive': { features: ['parent'] },
  'POST /api/admin/projects/:projectId/revive': { features: ['parent'] },
  'POST /api/admin/projects/:projectId/delete': { features: ['parent'] },
  'POST /api/admin/projects/:projectId/features/:featureName/clone': { name: 'cloned', replaceGroupId: false },
  'PATCH /api/admin/projects/:projectId/features/:featureName/environments/:environment/variants': [
    { op: 'replace', path: '/0/weight', value: 500 },
    { op: 'add', path: '/-', value: { ...variant, name: 'red' } },
    { op: 'test', path: '/1/name', value: 'red' },
  ],
  'POST /api/admin/projects/:projectId/features/:featureName/dependencies': { feature: 'parent', enabled: true, variants: ['blue'] },
  'POST /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies': {
    name: 'flexibleRollout', title: 't', disabled: false, sortOrder: 1, parameters: { rollout: '50' }, constraints: [constraint], variants: [variant], segments: [],
  },
  'POST /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies/set-sort-order': [{ id: ':strategyId', sortOrder: 1 }],
  'PUT /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies/:strategyId': { name: 'default', parameters: {}, constraints: [constraint] },
  'PATCH /api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies/:strategyId': [
    { op: 'replace', path: '/title', value: 't' },
    { op: 'add', path: '/constraints/-', value: constraint },
    { op: 'move', from: '/title', path: '/parameters/note' },
  ],
  'POST /api/admin/projects': { id: 'shop', name: 'Shop', description: 'd', mode: 'open', environments: ['development'], changeRequestEnvironments: [{ name: 'production', requiredApprovals: 2 }] },
  'POST /api/admin/projects/:projectId/environments': { environment: 'production' },
  'POST /api/admin/projects/:projectId/features/:featureName/lifecycle/complete': { status: 'kept', statusValue: 'v1' },
  'POST /api/admin/projects/:projectId/features/:featureName/link': { url: 'https://example.com/docs', title: 'Docs' },
  'PUT /api/admin/projects/:projectId/features/:featureName/link/:linkId': { url: 'https://example.com/docs', title: null },
  'POST /api/admin/projects/:projectId/environments/:environment/default-strategy': {
    name: 'flexibleRollout', title: 't', disabled: false, sortOrder: 1, parameters: { rollout: '50', stickiness: 'default', groupId: '' }, constraints: [constraint], variants: [variant], segments: [],
  },
  'POST /api/admin/environments': { name: 'staging', type: 'test', enabled: true, sortOrder: 3 },
  'PUT /api/admin/environments/sort-order': { development: 2, production: 3 },
  'POST /api/admin/ui-config/cors': { frontendApiOrigins: ['https://example.com'] },
  'POST /api/admin/maintenance': { enabled: false },
  'POST /api/admin/user-admin': { email: 'x@example.com', username: 'x', name: 'X', rootRole: 'Viewer', password: 'correct horse battery', sendEmail: false },
  'PUT /api/admin/user-admin/:id': { name: 'Y', email: 'y@example.com', rootRole: 2 },
  'POST /api/admin/user-admin/:id/change-password': { password: 'Strong-Pass-42' },
  'POST /auth/simple/login': { username: 'admin', password: 'Not-the-password-1' },
  'POST /api/admin/user-admin/inactive/delete': { ids: [2] },
  'POST /api/admin/user-admin/reset-password': { id: 'admin' },
  'POST /api/admin/user-admin/validate-password': { password: 'Strong-Pass-42' },
  'POST /api/admin/user/change-password': { password: 'Strong-Pass-42', oldPassword: 'Old-Pass-42', confirmPassword: 'Strong-Pass-42' },
  'POST /auth/reset/password': { token: 'x', password: 'Strong-Pass-42' },
  'POST /auth/reset/validate-password': { password: 'Strong-Pass-42' },
  'POST /auth/reset/password-email': { email: 'u@example.com' },
  'POST /edge/validate': { tokens: ['x'] },
  'POST /api/admin/projects/:projectId/context': { name: 'tier', description: 'd', stickiness: false, sortOrder: 1, legalValues: [{ value: 'gold' }] },
  'POST /api/admin/projects/:projectId/context/validate': { name: 'fresh' },
  'PUT /api/admin/projects/:projectId/context/:contextField': { description: 'd', stickiness: false },
  'POST /api/admin/projects/:projectId/context/:contextField/legal-values': { value: 'eu', description: 'Europe' },
  'POST /api/admin/segments/strategies': { projectId: 'default', strategyId: ':strategyId', environmentId: 'development', segmentIds: [] },
  'POST /api/admin/groups': { name: 'crew', description: 'd', mappingsSSO: [], rootRole: null, users: [{ user: { id: 1 } }] },
  'PUT /api/admin/groups/:id': { name: 'team', description: 'd', users: [{ user: { id: 1 } }] },
  'POST /api/admin/groups/:id/users': { users: [{ user: { id: 1 } }] },
  'DELETE /api/admin/groups/:id/users': { users: [{ user: { id: 1 } }] },
  'POST /api/admin/api-tokens': { tokenName: 'sdk', type: 'client', environment: 'development', projects: ['*'], expiresAt: '2099-01-01T00:00:00.000Z' },
  'PUT /api/admin/api-tokens/:token': { expiresAt: '2099-01-01T00:00:00.000Z' },
  'POST /api/admin/user/tokens': { description: 'laptop', expiresAt: '2099-01-01T00:00:00.000Z' },
  'POST /api/admin/user-admin/:id/tokens': { description: 'laptop', expiresAt: '2099-01-01T00:00:00.000Z' },
  'POST /api/admin/service-account': { username: 'bot', name: 'Bot', rootRole: 'Viewer' },
  'PUT /api/admin/service-account/:id': { name: 'R2', rootRole: 'Editor' },
  'POST /api/admin/service-account/:id/token': { description: 'deploys', expiresAt: '2099-01-01T00:00:00.000Z' },
  'POST /api/admin/tags': { type: 'simple', value: 'web' },
  'POST /api/admin/tag-types': { name: 'team', description: 'd', icon: 'i' },
  'POST /api/admin/tag-types/validate': { name: 'fresh', description: 'd', icon: 'i' },
  'POST /api/admin/features/validate': { name: 'fresh', projectId: 'default' },
  'PUT /api/admin/tag-types/:name': { description: 'd', icon: 'i', color: '#123456' },
  'POST /api/admin/features/:featureName/tags': { type: 'simple', value: 'web' },
  'PUT /api/admin/features/:featureName/tags': { addedTags: [{ type: 'simple', value: 'web' }], removedTags: [{ type: 'simple', value: 'old' }] },
  'PUT /api/admin/projects/:projectId/tags': { features: ['checkout'], tags: { addedTags: [{ type: 'simple', value: 'alpha' }], removedTags: [{ type: 'simple', value: 'beta' }] } },
  'POST /api/admin/segments': { name: 'eu', description: 'd', project: 'default', constraints: [constraint] },
  'PUT /api/admin/segments/:segmentId': { name: 'beta', constraints: [constraint] },
  'POST /api/admin/context': { name: 'region', description: 'd', stickiness: true, legalValues: [{ value: 'eu', description: 'd' }] },
  'PUT /api/admin/context/:contextName': { description: 'd', stickiness: false, legalValues: [{ value: 'us' }] },
  'POST /api/admin/context/:contextName/legal-values': { value: 'eu', description: 'Europe' },
  'POST /api/admin/features-batch/export': { environment: 'development', features: ['checkout'], tag: 'web', project: 'default', downloadFile: true },
  'POST /api/admin/features-batch/import': {
    project: 'default', environment: 'development',
    data: { features: [{ name: 'imported', type: 'release', project: 'default' }], featureStrategies: [], featureEnvironments: [], featureTags: [], tagTypes: [], contextFields: [], segments: [], dependencies: [], links: [{ feature: 'imported', links: [{ url: 'example.com', title: 't' }] }] },
  },
  'POST /api/admin/features-batch/validate': {
    project: 'default', environment: 'development',
    data: { features: [{ name: 'checked', type: 'release' }], featureStrategies: [], tagTypes: [], links: [] },
  },
  'POST /api/admin/segments/validate': { name: 'a-new-segment' },
  'PUT /api/admin/feature-types/:id/lifetime': { lifetimeDays: 30 },
  'POST /api/admin/projects/:projectId/api-tokens': { tokenName: 'project-sdk', type: 'client', environment: 'development', expiresAt: '2100-01-01T00:00:00.000Z' },
  'POST /api/admin/strategies': { name: 'a-new-type', title: 't', description: 'd', parameters: [{ name: 'p', type: 'string', description: 'd', required: true }] },
  'PUT /api/admin/strategies/:name': { name: 'ignored', title: 't', description: 'd', deprecated: false, parameters: [{ name: 'p', type: 'list' }] },
  'POST /api/admin/context/validate': { name: 'a-new-field' },
  'POST /api/admin/constraints/validate': constraint,
  'POST /api/admin/record-ui-error': { errorMessage: 'm', errorStack: 's' },
  'POST /api/admin/feedback': { feedbackId: 'pnps', neverShow: true },
  'POST /api/admin/addons': WEBHOOK,
  'PUT /api/admin/addons/:id': WEBHOOK,
  'POST /api/admin/metrics/applications/:appName': { appName: 'shop', strategies: ['default'] },
  'PUT /api/admin/feedback/:id': { neverShow: true, userId: 1, given: '2026-01-01T00:00:00.000Z' },
  'POST /api/admin/playground': { environment: 'development', projects: ['default'], context: { appName: 'a', userId: '1', properties: { region: 'eu' } } },
  'POST /api/admin/playground/advanced': { environments: ['development'], projects: '*', context: { appName: 'a', userId: '1,2', properties: { region: 'eu' } } },
  'POST /api/client/register': SDK_REGISTRATION,
  'POST /api/client/metrics': SDK_METRICS,
  'POST /api/client/metrics/bulk': {
    applications: [{ appName: 'edge', instanceId: 'e', environment: 'development', strategies: ['default'], started: '2026-01-01T00:00:00.000Z', sdkVersion: 'unleash-edge:19' }],
    metrics: [{ featureName: 'checkout', appName: 'edge', environment: 'development', timestamp: '2026-01-01T00:00:00.000Z', yes: 1, no: 0, variants: { blue: 1 } }],
  },
  'POST /api/frontend': { context: { userId: '42', sessionId: 's', currentTime: '2026-01-01T00:00:00.000Z', properties: { region: 'eu' } } },
  'POST /api/frontend/client/register': SDK_REGISTRATION,
  'POST /api/frontend/client/metrics': SDK_METRICS,
}

/** A sample with its `:placeholder` strings (ids made by the set-up) filled in. */
const filled = (sample: unknown, fill: (pattern: string) => string): unknown =>
  JSON.parse(JSON.stringify(sample), (_key, value: unknown) => (typeof value === 'string' && /^:\w+$/.test(value) ? fill(value) : value))

/** Values of every JSON type and none a field expects all of: each replaces each value of a sample in turn. */
const HOSTILE_VALUES: readonly unknown[] = [
  null, 0, -1, 1.5, 1e308, '', ' ', 'x'.repeat(10_000), '\u0000', true, [], {}, [null], [[]], ['x'.repeat(1000)],
  JSON.parse('{"__proto__":{"polluted":true}}'), { constructor: { prototype: { polluted: true } } },
]

type Json = unknown

/** Each variant of `sample` with one value (at any depth, the whole of an array too) replaced, or one key removed or added. */
function* mutations(sample: Json, path = ''): Generator<[string, Json]> {
  if (path !== '') for (const value of HOSTILE_VALUES) yield [`${path} = ${JSON.stringify(value).slice(0, 20)}`, value]
  if (Array.isArray(sample)) {
    for (const [i, item] of sample.entries()) {
      for (const [where, changed] of mutations(item, `${path}/${i}`)) yield [where, sample.map((x, j) => (j === i ? changed : x))]
    }
  } else if (sample !== null && typeof sample === 'object') {
    const record = sample as Record<string, Json>
    for (const key of Object.keys(record)) {
      for (const [where, changed] of mutations(record[key], `${path}/${key}`)) yield [where, { ...record, [key]: changed }]
      const { [key]: _dropped, ...rest } = record
      yield [`${path}/${key} removed`, rest]
    }
    yield [`${path}/__proto__ added`, { ...record, ...JSON.parse('{"__proto__":{"polluted":true}}') }]
  }
}

t.test('every value of every body, replaced by one of each type: never a 500, and a refusal changes nothing', async (t) => {
  const s = await serve('fetch')
  const fill = await setUp(s)
  const routes = adminRoutes(s.api).filter((r) => r.body)
  const key = (r: { method: string; pattern: string }) => `${r.method} ${r.pattern}`
  t.same(routes.map(key).filter((k) => !(k in SAMPLES)), [], 'every body route has a sample')
  // Each sample passes its decoder, so a refusal below is the replaced value's doing.
  const fresh = await serve('fetch')
  const freshFill = await setUp(fresh)
  for (const route of routes) {
    const answer = await fresh.call(route.method, freshFill(route.pattern), { body: filled(SAMPLES[key(route)], freshFill) })
    // Own tokens are an admin's to refuse before any decoding: they belong to users.
    if (answer.status === 400 && route.pattern !== '/api/admin/user/tokens') t.fail(`the sample of ${key(route)} is refused: ${answer.text.slice(0, 300)}`)
  }
  // Maintenance mode last: switched on, it would refuse every later write before its decoder.
  const ordered = [...routes.filter((r) => !r.pattern.endsWith('/maintenance')), ...routes.filter((r) => r.pattern.endsWith('/maintenance'))]
  let calls = 0
  for (const route of ordered) {
    for (const [where, body] of mutations(filled(SAMPLES[key(route)], fill))) {
      const before = internalsOf(s.api).storage.head().version
      const answer = await s.call(route.method, fill(route.pattern), { body })
      calls++
      if (answer.status >= 500) t.fail(`${key(route)} ${where}: ${answer.status} ${answer.text.slice(0, 200)}`)
      if (answer.status >= 400 && internalsOf(s.api).storage.head().version !== before) t.fail(`${key(route)} ${where}: refused with ${answer.status} but changed the store`)
    }
  }
  t.ok(calls > 1000, `${calls} requests sent`)
  t.equal(({} as Record<string, unknown>)['polluted'], undefined)
})

for (const transport of TRANSPORTS) {
  t.test(`${transport}: no hostile body gets a 500 or changes the store`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const fill = await setUp(s)
    const before = plain(s.api.state())
    const version = internalsOf(s.api).storage.head().version
    const routes = adminRoutes(s.api).filter((r) => r.body)
    t.ok(routes.length >= 20, 'every body-bearing route is tried')
    for (const route of routes) {
      for (const body of CORPUS) {
        const answer = await s.call(route.method, fill(route.pattern), { body, headers: { 'content-type': 'application/json' } })
        const shown = typeof body === 'string' ? body.slice(0, 40) : `bytes ${[...body].join(',')}`
        if (![400, 413].includes(answer.status)) t.fail(`${route.method} ${route.pattern} ${shown}: ${answer.status} ${answer.text.slice(0, 200)}`)
        if (internalsOf(s.api).storage.head().version !== version) t.fail(`${route.method} ${route.pattern} ${shown} changed the store`)
      }
    }
    t.same(plain(s.api.state()), before)
    t.equal(({} as Record<string, unknown>)['polluted'], undefined)
  })

  t.test(`${transport}: __proto__ and constructor keys never reach a prototype`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const before = plain(s.api.state())
    const evil = await s.call('POST', FEATURES, { body: '{"__proto__":{"name":"evil"}}' })
    t.equal(evil.status, 400, 'a name inherited through __proto__ is no name')
    t.same(evil.json.details.map((d: { path: string }) => d.path), ['/body/name'])
    t.same(plain(s.api.state()), before)

    const typed = await s.call('POST', FEATURES, { body: '{"name":"plain","__proto__":{"type":"kill-switch"},"constructor":{"prototype":{"polluted":true}}}' })
    t.equal(typed.status, 201)
    t.equal(typed.json.type, 'release', 'the type was not inherited')
    const update = await s.call('PUT', `${FEATURES}/plain`, { body: '{"__proto__":{"archived":true,"stale":true}}' })
    t.equal(update.status, 200)
    t.equal(update.json.archived, false)
    t.equal(update.json.stale, false)

    const strategy = await s.call('POST', strategiesOf('plain'), { body: '{"name":"default","parameters":{"__proto__":"p","constructor":"c"}}' })
    t.equal(strategy.status, 200)
    t.same(strategy.json.parameters, JSON.parse('{"__proto__":"p","constructor":"c"}'))
    t.equal(({} as Record<string, unknown>)['polluted'], undefined)
    t.equal(({} as Record<string, unknown>)['archived'], undefined)
  })

  t.test(`${transport}: hostile paths and queries are answered 4xx`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', FEATURES, { body: { name: 'checkout' } })
    const before = plain(s.api.state())
    const paths = [
      '/api/admin/projects/%ZZ/features',
      '/api/admin/projects/default/features/%00',
      '/api/admin/projects/default/features/%ED%A0%80',
      '/api/admin/projects/__proto__/features/x',
      '/api/admin/projects/constructor/features/toString',
      `/api/admin/projects/default/features/${'a'.repeat(5000)}`,
      '/api/admin/projects/default/features/checkout/environments/__proto__',
      '/api/admin/projects/default/features/checkout/environments/hasOwnProperty/strategies',
      '/api/admin/user-admin/abc',
      '/api/admin/user-admin/1e400',
      '/api/admin/user-admin/-1',
      '/api/admin/user-admin/__proto__',
      '/api/admin/groups/constructor',
      '/api/admin/service-account/9999999999999999999999',
      '/api/admin/environments/__proto__',
      '/api/admin/projects/valueOf',
      `${FEATURES}?__proto__[polluted]=1&constructor=x`,
      // A fetch Request resolves `%2e%2e` to `..` before anyone sees it; over a socket it is a name.
      ...(transport === 'node' ? ['/api/admin/%2e%2e/admin/projects'] : []),
      '/api/admin/projects/default/features/checkout/environments/development/strategies/%',
    ]
    // A project named by a prototype key is a project like any other: unknown, so it has no features.
    t.same((await s.call('GET', '/api/admin/projects/__proto__/features')).json, { version: 2, features: [] })
    for (const path of paths) {
      for (const method of ['GET', 'DELETE', 'POST', 'PUT']) {
        const answer = await s.call(method, path, method === 'GET' ? {} : { body: '[1]' })
        if (answer.status >= 500 || (answer.status < 400 && !path.includes('?'))) t.fail(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`)
      }
    }
    t.same(plain(s.api.state()), before)
    t.equal(({} as Record<string, unknown>)['polluted'], undefined)
  })
}

t.test('unusual authorization headers are a 401, never a 500', async (t) => {
  const s = await serve('fetch')
  const handler = createHttpHandler(s.api)
  for (const authorization of ['', 'Bearer', 'Bearer ', '*:*.', 'user:', ':', 'x'.repeat(100_000), '\u0000', ['a', 'b']]) {
    const answer = await handler({ method: 'GET', path: FEATURES, headers: { authorization } })
    t.equal(answer.status, 401, JSON.stringify(authorization).slice(0, 20))
  }
})
