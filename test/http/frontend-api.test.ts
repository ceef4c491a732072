import t from 'tap'
import { FEATURES, type Served, serve, strategiesOf, TRANSPORTS } from './support.js'

const NOW = '2026-01-01T00:00:00.000Z'

const frontendToken = async (s: Served, projects = ['default'], environment = 'development') =>
  (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'web', type: 'frontend', environment, projects } })).json.secret as string

/** `banner` on for everyone with a variant, `eu-only` for region eu, `off` off, `elsewhere` on in another project. */
const setUp = async (transport: 'node' | 'fetch' = 'fetch') => {
  const s = await serve(transport)
  for (const name of ['banner', 'eu-only', 'off']) await s.call('POST', FEATURES, { body: { name } })
  await s.call('POST', strategiesOf('banner'), {
    body: { name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: 'banner' }, variants: [{ name: 'blue', weight: 1000, stickiness: 'default', weightType: 'variable', payload: { type: 'json', value: '{"a":1}' } }] },
  })
  await s.call('POST', strategiesOf('eu-only'), { body: { name: 'default', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] } })
  await s.call('POST', '/api/admin/projects', { body: { id: 'other', name: 'Other' } })
  await s.call('POST', '/api/admin/projects/other/features', { body: { name: 'elsewhere' } })
  for (const f of ['banner', 'eu-only']) await s.call('POST', `${FEATURES}/${f}/environments/development/on`)
  await s.call('POST', '/api/admin/projects/other/features/elsewhere/environments/development/on')
  return s
}

const names = (body: { toggles: { name: string }[] }) => body.toggles.map((f) => f.name)

t.test('GET and POST /api/frontend answer the flags on for the context, only those, in Unleash\'s shape', async (t) => {
  const s = await setUp()
  const token = await frontendToken(s)
  const got = await s.call('GET', '/api/frontend?userId=42&properties%5Bregion%5D=eu', { token })
  t.equal(got.status, 200)
  t.same(got.json, {
    toggles: [
      { name: 'banner', enabled: true, variant: { name: 'blue', enabled: true, payload: { type: 'json', value: '{"a":1}' }, feature_enabled: true, featureEnabled: true }, impressionData: false },
      { name: 'eu-only', enabled: true, variant: { name: 'disabled', enabled: false, feature_enabled: true, featureEnabled: true }, impressionData: false },
    ],
  })
  t.same(names((await s.call('GET', '/api/frontend?region=eu', { token })).json), ['banner', 'eu-only'], 'a field Unleash does not know is a property')
  t.same(names((await s.call('GET', '/api/frontend?properties%5Bregion%5D=us', { token })).json), ['banner'])
  t.same(names((await s.call('POST', '/api/frontend', { token, body: { context: { userId: '42', properties: { region: 'eu' } } } })).json), ['banner', 'eu-only'])
  t.same(names((await s.call('POST', '/api/frontend', { token, body: {} })).json), ['banner'], 'no context is an empty one')
  t.same(names((await s.call('GET', '/api/frontend?environment=production', { token })).json), ['banner'], "the token's environment wins")

  const all = await frontendToken(s, ['*'])
  t.same(names((await s.call('GET', '/api/frontend', { token: all })).json), ['banner', 'elsewhere'], 'a token of every project sees every project')
  const prod = await frontendToken(s, ['*'], 'production')
  t.same(names((await s.call('GET', '/api/frontend', { token: prod })).json), [], 'nothing is on in production')
})

t.test('/api/frontend/features/:name answers one flag when it is on for the context, else 404', async (t) => {
  const s = await setUp()
  const token = await frontendToken(s)
  const one = await s.call('GET', '/api/frontend/features/eu-only?properties%5Bregion%5D=eu', { token })
  t.equal(one.status, 200)
  t.equal(one.json.name, 'eu-only')
  t.equal((await s.call('GET', '/api/frontend/features/eu-only', { token })).status, 404)
  t.equal((await s.call('GET', '/api/frontend/features/off', { token })).status, 404)
  t.equal((await s.call('GET', '/api/frontend/features/elsewhere', { token })).status, 404, 'another project')
})

t.test('frontend tokens only; bad contexts get a 400 naming the path', async (t) => {
  const s = await setUp()
  const token = await frontendToken(s)
  const client = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'sdk', type: 'client', environment: 'development', projects: ['*'] } })).json.secret
  const refused = await s.call('GET', '/api/frontend', { token: client })
  t.equal(refused.status, 403)
  t.equal(refused.json.message, 'invalid token: expected a different token type for this endpoint')
  t.equal((await s.call('GET', '/api/frontend', { token: null })).status, 401)
  t.equal((await s.call('GET', '/api/admin/projects', { token })).status, 403, 'the frontend token stays off the admin API')

  const cases: [string, string, unknown, string][] = [
    ['POST', '/api/frontend', { context: { properties: 'eu' } }, '/body/context/properties'],
    ['POST', '/api/frontend', { context: { userId: 42 } }, '/body/context/userId'],
    ['POST', '/api/frontend', { context: { currentTime: 'noon' } }, '/body/context/currentTime'],
    ['POST', '/api/frontend', { context: [] }, '/body/context'],
    ['GET', '/api/frontend?currentTime=noon', undefined, '/query/currentTime'],
    ['POST', '/api/frontend/client/metrics', { appName: 'web', bucket: { start: NOW, stop: NOW, toggles: { banner: { yes: -1 } } } }, '/body/bucket/toggles/banner/yes'],
    ['POST', '/api/frontend/client/register', { appName: 'web' }, '/body/started'],
  ]
  const odd = await s.call('GET', '/api/frontend?properties%5B__proto__%5D=eu&constructor=x&properties%5Bregion%5D=eu', { token })
  t.equal(odd.status, 200, 'keys that name prototypes are plain keys')
  t.same(names(odd.json), ['banner', 'eu-only'])
  t.equal(({} as Record<string, unknown>)['region'], undefined, 'nothing reached Object.prototype')

  const before = s.api.state()
  for (const [method, path, body, at] of cases) {
    const answer = await s.call(method, path, { token, ...(body !== undefined ? { body } : {}) })
    t.equal(answer.status, 400, `${method} ${path} ${at}`)
    t.ok((answer.json.details as { path?: string }[]).some((d) => d.path === at), `names ${at}`)
  }
  t.equal(s.api.state(), before, 'the store is as it was')
})

t.test("frontend SDKs' usage counts like the server SDKs', in the token's environment", async (t) => {
  const s = await setUp()
  const token = await frontendToken(s)
  const registered = await s.call('POST', '/api/frontend/client/register', { token, body: { appName: 'web', instanceId: 'browser', interval: 30000, started: NOW, strategies: [], environment: 'production' } })
  t.equal(registered.status, 200)
  t.equal(registered.text, '')
  const sent = await s.call('POST', '/api/frontend/client/metrics', { token, body: { appName: 'web', instanceId: 'browser', bucket: { start: NOW, stop: NOW, toggles: { banner: { yes: 2, no: 0, variants: { blue: 2 } }, elsewhere: { yes: 1 } } } } })
  t.equal(sent.status, 200)
  t.same((await s.call('GET', `${FEATURES}/banner`)).json.environments.map((e: { lastSeenAt: string | null }) => e.lastSeenAt), [NOW, null])
  t.same((await s.call('GET', '/api/admin/client-metrics/features/elsewhere')).json.totalUsage, [], 'a project the token does not see')
  t.same((await s.call('GET', '/api/admin/metrics/applications/web')).json.instances.map((i: { environment: string; sdkType: string }) => [i.environment, i.sdkType]), [['development', 'frontend']], "the token's environment, a frontend SDK")
})

for (const transport of TRANSPORTS) {
  t.test(`${transport}: CORS on the frontend API follows frontendApiOrigins; preflights need no credentials`, async (t) => {
    const s = await setUp(transport)
    const token = await frontendToken(s)
    const preflight = (origin: string) =>
      s.call('OPTIONS', '/api/frontend', { token: null, headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'Authorization, Content-Type' } })

    const any = await preflight('https://shop.example')
    t.equal(any.status, 204)
    t.equal(any.text, '')
    t.match(any.headers, {
      'access-control-allow-origin': '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
      'access-control-allow-headers': 'Authorization,Content-Type',
      'access-control-max-age': '86400',
    })
    const bare = await s.call('OPTIONS', '/api/frontend/client/metrics', { token: null })
    t.equal(bare.status, 204)
    t.match(bare.headers['access-control-allow-headers'], /authorization/, 'the SDK headers when none were asked for')
    const got = await s.call('GET', '/api/frontend', { token, headers: { origin: 'https://shop.example' } })
    t.equal(got.headers['access-control-allow-origin'], '*')
    t.equal(got.headers['access-control-expose-headers'], 'ETag')

    t.equal((await s.call('POST', '/api/admin/ui-config/cors', { body: { frontendApiOrigins: ['https://shop.example'] } })).status, 204)
    const allowed = await preflight('https://shop.example')
    t.equal(allowed.headers['access-control-allow-origin'], 'https://shop.example')
    t.match(allowed.headers['vary'], /Origin/)
    const other = await preflight('https://evil.example')
    t.equal(other.status, 204)
    t.equal(other.headers['access-control-allow-origin'], undefined, 'another origin is not allowed')
    const unauthenticated = await s.call('GET', '/api/frontend', { token: null, headers: { origin: 'https://shop.example' } })
    t.equal(unauthenticated.status, 401)
    t.equal(unauthenticated.headers['access-control-allow-origin'], 'https://shop.example', 'an error reaches the page too')

    const admin = await s.call('OPTIONS', '/api/admin/projects', { token: null, headers: { origin: 'https://shop.example' } })
    t.equal(admin.status, 401, 'the admin API has no CORS')
    t.equal(admin.headers['access-control-allow-origin'], undefined)
    await s.close()
  })
}
