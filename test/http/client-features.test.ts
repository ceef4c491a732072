import t from 'tap'
import { FEATURES, serve, strategiesOf, TRANSPORTS } from './support.js'

const CLIENT = '/api/client/features'
const MODERN = { 'unleash-client-spec': '5.0.0' }

for (const transport of TRANSPORTS) {
  t.test(`${transport}: GET /api/client/features answers JSON with an ETag, then 304 while it holds`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    t.equal((await s.call('POST', FEATURES, { body: { name: 'checkout' } })).status, 201)

    const first = await s.call('GET', CLIENT, { headers: MODERN })
    t.equal(first.status, 200)
    t.equal(first.headers['content-type'], 'application/json; charset=utf-8')
    const etag = first.headers['etag']!
    t.match(etag, /^"[A-Za-z0-9_-]{27}"$/)
    t.same(first.json, {
      version: 2,
      features: [{ name: 'checkout', type: 'release', description: null, project: 'default', enabled: false, stale: false, impressionData: false, strategies: [], variants: [] }],
      segments: [],
    })

    const again = await s.call('GET', CLIENT, { headers: { ...MODERN, 'if-none-match': etag } })
    t.equal(again.status, 304)
    t.equal(again.text, '', 'no body')
    t.equal(again.headers['etag'], etag)

    t.equal((await s.call('POST', '/api/admin/projects/default/features/checkout/environments/development/on')).status, 200)
    const changed = await s.call('GET', CLIENT, { headers: { ...MODERN, 'if-none-match': etag } })
    t.equal(changed.status, 200)
    t.not(changed.headers['etag'], etag)
    t.equal(changed.json.features[0].enabled, true)
  })

  t.test(`${transport}: a client token reads its environment; segments follow Unleash-Client-Spec`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    t.equal((await s.call('POST', FEATURES, { body: { name: 'gdpr' } })).status, 201)
    const segment = await s.call('POST', '/api/admin/segments', { body: { name: 'eu', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] } })
    t.equal(segment.status, 201)
    t.equal((await s.call('POST', strategiesOf('gdpr', 'production'), { body: { name: 'default', segments: [segment.json.id] } })).status, 200)
    const token = await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'sdk', type: 'client', environment: 'production', projects: ['default'] } })
    t.equal(token.status, 201)

    const modern = await s.call('GET', `${CLIENT}?environment=development`, { token: token.json.secret, headers: MODERN })
    t.equal(modern.status, 200)
    t.same(modern.json.features[0].strategies, [{ name: 'default', constraints: [], parameters: {}, variants: [], segments: [segment.json.id] }], 'production, not the query\'s development')
    t.same(modern.json.segments.map((x: { name: string }) => x.name), ['eu'])

    const old = await s.call('GET', CLIENT, { token: token.json.secret })
    t.notOk('segments' in old.json, 'no Unleash-Client-Spec: an old SDK')
    t.same(old.json.features[0].strategies[0].constraints, [{ contextName: 'region', operator: 'IN', values: ['eu'], inverted: false, caseInsensitive: false }])
  })

  t.test(`${transport}: refusals carry the error body`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const frontend = await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'web', type: 'frontend', environment: 'development', projects: ['*'] } })
    const refused = await s.call('GET', CLIENT, { token: frontend.json.secret })
    t.equal(refused.status, 403)
    t.match(refused.json, { name: 'NoAccessError', message: 'invalid token: expected a different token type for this endpoint' })
    t.equal((await s.call('GET', CLIENT, { token: null })).status, 401)
    t.equal((await s.call('GET', CLIENT, { token: 'default:development.unknown' })).status, 401)
    t.equal((await s.call('POST', CLIENT)).status, 405)
  })
}
