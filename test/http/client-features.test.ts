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

t.test('the ETag changes exactly when the payload does, for SDKs old and new', async (t) => {
  const s = await serve('fetch')
  const readers = { modern: MODERN, old: {} }
  const read = async () => {
    const answers: Record<string, { etag: string; text: string }> = {}
    for (const [name, headers] of Object.entries(readers)) {
      const answer = await s.call('GET', CLIENT, { headers })
      answers[name] = { etag: answer.headers['etag']!, text: answer.text }
    }
    return answers
  }
  let strategy = ''
  let segment = 0
  const steps: readonly [string, boolean, number, () => Promise<{ status: number; json: any }>][] = [
    ['a feature is created', true, 201, () => s.call('POST', FEATURES, { body: { name: 'a' } })],
    ['it is tagged', false, 201, () => s.call('POST', '/api/admin/features/a/tags', { body: { type: 'simple', value: 'web' } })],
    ['a user is created', false, 201, () => s.call('POST', '/api/admin/user-admin', { body: { email: 'u@example.com', rootRole: 'Viewer' } })],
    ['a segment no strategy uses is created', false, 201, () => s.call('POST', '/api/admin/segments', { body: { name: 'eu', constraints: [] } }).then((a) => ((segment = a.json.id), a))],
    ['a strategy using it is added', true, 200, () => s.call('POST', strategiesOf('a'), { body: { name: 'default', segments: [segment] } }).then((a) => ((strategy = a.json.id), a))],
    ['the segment changes', true, 204, () => s.call('PUT', `/api/admin/segments/${segment}`, { body: { name: 'eu', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] } })],
    ['a strategy is added in production', false, 200, () => s.call('POST', strategiesOf('a', 'production'), { body: { name: 'default' } })],
    ['production is switched on', false, 200, () => s.call('POST', `${FEATURES}/a/environments/production/on`)],
    ['development is switched on', true, 200, () => s.call('POST', `${FEATURES}/a/environments/development/on`)],
    ['variants are set in production', false, 200, () => s.call('PUT', `${FEATURES}/a/variants-batch`, { body: { variants: [{ name: 'x', weight: 1000, weightType: 'variable' }], environments: ['production'] } })],
    ['variants are set in development', true, 200, () => s.call('PUT', `${FEATURES}/a/variants-batch`, { body: { variants: [{ name: 'x', weight: 1000, weightType: 'variable' }], environments: ['development'] } })],
    ['the description changes', true, 200, () => s.call('PUT', `${FEATURES}/a`, { body: { description: 'the a flag' } })],
    ['the same description is sent again', false, 200, () => s.call('PUT', `${FEATURES}/a`, { body: { description: 'the a flag' } })],
    ['an empty sort order is set', false, 200, () => s.call('POST', `${strategiesOf('a')}/set-sort-order`, { body: [] })],
    ['a refused update', false, 400, () => s.call('PUT', `${FEATURES}/a`, { body: { type: 'nope' } })],
    ['the strategy is disabled', true, 200, () => s.call('PUT', `${strategiesOf('a')}/${strategy}`, { body: { name: 'default', disabled: true } })],
    ['a second feature is created', true, 201, () => s.call('POST', FEATURES, { body: { name: 'b' } })],
    ['it is archived', true, 202, () => s.call('DELETE', `${FEATURES}/b`)],
    ['it is revived', true, 200, () => s.call('POST', '/api/admin/archive/revive/b')],
  ]
  for (const [label, changes, status, step] of steps) {
    const before = await read()
    const answer = await step()
    t.equal(answer.status, status, label)
    const after = await read()
    for (const name of Object.keys(readers)) {
      t.equal(after[name]!.text !== before[name]!.text, changes, `${label}: the ${name} payload ${changes ? 'changes' : 'stays'}`)
      t.equal(after[name]!.etag !== before[name]!.etag, changes, `${label}: the ${name} ETag ${changes ? 'changes' : 'stays'}`)
    }
  }
})
