import t from 'tap'
import { FEATURES, serve, TRANSPORTS } from './support.js'

for (const transport of TRANSPORTS) {
  t.test(`${transport}: SDKs poll /api/client/features with an ETag and get a bodiless 304 while it holds`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', FEATURES, { body: { name: 'checkout' } })
    const client = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'sdk', type: 'client', environment: 'development', projects: ['*'] } })).json.secret

    const first = await s.call('GET', '/api/client/features', { token: client, headers: { 'unleash-client-spec': '5.0.0' } })
    t.equal(first.status, 200)
    t.equal(first.headers['content-type'], 'application/json; charset=utf-8')
    t.same(first.json.features.map((f: { name: string }) => f.name), ['checkout'])
    const etag = first.headers['etag']!
    t.match(etag, /^".+"$/)

    const again = await s.call('GET', '/api/client/features', { token: client, headers: { 'unleash-client-spec': '5.0.0', 'if-none-match': etag } })
    t.equal(again.status, 304)
    t.equal(again.text, '')
    t.equal(again.headers['etag'], etag)

    await s.call('POST', `${FEATURES}/checkout/environments/development/on`)
    const changed = await s.call('GET', '/api/client/features', { token: client, headers: { 'unleash-client-spec': '5.0.0', 'if-none-match': etag } })
    t.equal(changed.status, 200)
    t.equal(changed.json.features[0].enabled, true)

    t.equal((await s.call('GET', '/api/client/features', { token: null })).status, 401)
    t.equal((await s.call('POST', '/api/client/features', { token: client, body: {} })).status, 405)
    t.equal((await s.call('GET', FEATURES, { token: client })).status, 403, 'the client token stays off the admin API')
  })
}

t.test("SDKs that name tags get the features with any of them, as Unleash's `tag=type:value` filter", async (t) => {
  const s = await serve('fetch')
  for (const name of ['a', 'b', 'c']) await s.call('POST', FEATURES, { body: { name } })
  await s.call('POST', '/api/admin/features/a/tags', { body: { type: 'simple', value: 'web' } })
  await s.call('POST', '/api/admin/features/b/tags', { body: { type: 'simple', value: 'mobile' } })
  const names = async (query: string) => (await s.call('GET', `/api/client/features?${query}`)).json.features.map((f: { name: string }) => f.name)
  t.same(await names('tag=simple:web'), ['a'])
  t.same(await names('tag=simple:web&tag=simple:mobile'), ['a', 'b'], 'a repeated tag adds to the list')
  t.same(await names('tag=simple:web,simple:mobile'), ['a', 'b'])
  t.same(await names('tag=simple:none'), [])
  t.same(await names('tag=web'), [], 'a tag without its type matches none')
  t.same(await names(''), ['a', 'b', 'c'])
})
