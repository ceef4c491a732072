import t from 'tap'
import { FEATURES, serve, strategiesOf } from './support.js'

const NOW = '2026-01-01T00:00:00.000Z'

t.test("the frontend API answers as Unleash's: the context's environment, the server's hostname, children of a parent that is off left out", async (t) => {
  const s = await serve('fetch', { config: { hostname: 'flag-host' } })
  const flags: [string, object][] = [
    ['env-default', { name: 'default', constraints: [{ contextName: 'environment', operator: 'IN', values: ['default', 'x'] }] }],
    ['on-this-host', { name: 'applicationHostname', parameters: { hostNames: 'flag-host' } }],
    ['on-other-host', { name: 'applicationHostname', parameters: { hostNames: 'elsewhere' } }],
    ['parent-off', { name: 'default' }],
    ['child', { name: 'default' }],
  ]
  for (const [name, strategy] of flags) {
    await s.call('POST', FEATURES, { body: { name } })
    t.equal((await s.call('POST', strategiesOf(name), { body: strategy })).status, 200)
  }
  t.equal((await s.call('POST', `${FEATURES}/child/dependencies`, { body: { feature: 'parent-off', enabled: true } })).status, 200)
  for (const [name] of flags) if (name !== 'parent-off') await s.call('POST', `${FEATURES}/${name}/environments/development/on`)
  const token = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'web', type: 'frontend', environment: 'development', projects: ['*'] } })).json.secret as string
  const names = async (query: string) => ((await s.call('GET', `/api/frontend${query}`, { token })).json.toggles as { name: string }[]).map((f) => f.name)

  t.same(await names(''), ['env-default', 'on-this-host'], "environment is `default`, not the token's; the hostname is the server's; the child is left out")
  t.same(await names('?environment=x'), ['env-default', 'on-this-host'], "the request's environment is the context's")
  t.same(await names('?environment=development'), ['on-this-host'])
  t.same(await names('?properties%5Bhostname%5D=elsewhere'), ['env-default', 'on-other-host'], "a context's hostname wins")
  t.same(s.api.evaluator('development').isEnabled('on-this-host', {}), true, 'api.evaluator uses the configured hostname too')
})

t.test("frontend metrics are answered 200 `OK` as text, and preflights expose ETag, as Unleash's", async (t) => {
  const s = await serve('fetch')
  const token = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'web', type: 'frontend', environment: 'development', projects: ['*'] } })).json.secret as string
  const sent = await s.call('POST', '/api/frontend/client/metrics', { token, body: { appName: 'web', instanceId: 'browser', bucket: { start: NOW, stop: NOW, toggles: {} } } })
  t.equal(sent.status, 200)
  t.equal(sent.text, 'OK')
  t.match(sent.headers['content-type'], /^text\/plain/)
  const preflight = await s.call('OPTIONS', '/api/frontend', { token: null, headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' } })
  t.equal(preflight.status, 204)
  t.equal(preflight.headers['access-control-expose-headers'], 'ETag')
})
