import t from 'tap'
import { plain } from '../support/api.js'
import { cookieOf, serveWithSessions, GOOD_PASSWORD } from './session-support.js'

const FLAG = '/api/admin/projects/default/features'

/** A server with an admin user logged in, and a flag to flip. */
const loggedIn = async () => {
  const s = await serveWithSessions({ config: { unleashUrl: 'https://flags.example.com/' } })
  await s.createUser('root', 'Admin')
  await s.call('POST', FLAG, { headers: s.asAdmin, body: { name: 'checkout' } })
  const cookie = cookieOf(await s.login('root', GOOD_PASSWORD))
  return { ...s, cookie }
}

t.test('a write authenticated by the session cookie from another origin is refused 403, and changes nothing', async (t) => {
  const s = await loggedIn()
  const before = plain(s.api.state())
  const on = `${FLAG}/checkout/environments/development/on`
  for (const headers of <Record<string, string>[]>[
    { origin: 'http://localhost:9999', host: 'localhost:4242' },
    { origin: 'http://flags.example.com:8080', host: 'flags.example.com' },
    { origin: 'https://evil.example.com', host: 'flags.example.com' },
    { origin: 'null', host: 'flags.example.com' },
    { 'sec-fetch-site': 'same-site', host: 'flags.example.com' },
    { 'sec-fetch-site': 'cross-site', host: 'flags.example.com' },
  ]) {
    const answer = await s.call('POST', on, { headers: { cookie: s.cookie, ...headers } })
    t.equal(answer.status, 403, JSON.stringify(headers))
    t.equal(answer.json.name, 'NoAccessError')
    t.match(answer.json.message, /authenticated by the session cookie and comes from a page of another origin/)
  }
  const put = await s.call('PATCH', `${FLAG}/checkout`, { headers: { cookie: s.cookie, origin: 'http://other:1' }, body: [{ op: 'replace', path: '/description', value: 'x' }] })
  t.equal(put.status, 403)
  const del = await s.call('DELETE', `${FLAG}/checkout`, { headers: { cookie: s.cookie, origin: 'http://other:1' } })
  t.equal(del.status, 403)
  t.same(plain(s.api.state()), before, 'the store as it was')
})

t.test("the server's own origin (the Host, or the configured URL) writes with the cookie, as Unleash's UI does", async (t) => {
  const s = await loggedIn()
  const on = `${FLAG}/checkout/environments/development/on`
  const byHost = await s.call('POST', on, { headers: { cookie: s.cookie, origin: 'http://127.0.0.1:4242', host: '127.0.0.1:4242' } })
  t.equal(byHost.status, 200)
  t.equal(s.api.state().features.get('checkout')?.environments['development']?.enabled, true)
  const byUrl = await s.call('POST', `${FLAG}/checkout/environments/development/off`, { headers: { cookie: s.cookie, origin: 'https://flags.example.com', host: 'internal:8080' } })
  t.equal(byUrl.status, 200, 'the configured URL, behind a proxy that changes the Host')
  const sameOrigin = await s.call('POST', on, { headers: { cookie: s.cookie, 'sec-fetch-site': 'same-origin' } })
  t.equal(sameOrigin.status, 200)
  const neither = await s.call('POST', `${FLAG}/checkout/environments/development/off`, { headers: { cookie: s.cookie } })
  t.equal(neither.status, 200, 'no Origin and no Sec-Fetch-Site: not a browser')
  const read = await s.call('GET', `${FLAG}/checkout`, { headers: { cookie: s.cookie, origin: 'http://other:1' } })
  t.equal(read.status, 200, 'reads change nothing and are let through')
})

t.test('token-authenticated calls are unaffected by Origin, a cookie beside them too', async (t) => {
  const s = await loggedIn()
  const on = await s.call('POST', `${FLAG}/checkout/environments/development/on`, { headers: { ...s.asAdmin, cookie: s.cookie, origin: 'http://other:1', 'sec-fetch-site': 'cross-site' } })
  t.equal(on.status, 200)
  t.equal(s.api.state().features.get('checkout')?.environments['development']?.enabled, true)
})
