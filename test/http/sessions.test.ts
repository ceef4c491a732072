import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { plain } from '../support/api.js'
import { cookieOf, GOOD_PASSWORD, serveWithSessions } from './session-support.js'
import { rows } from '../../src/store/table.js'

t.test('a login with a username or e-mail and the password answers the user and sets the session cookie', async (t) => {
  const s = await serveWithSessions()
  const editor = await s.createUser('ed', 'Editor')
  await s.call('PUT', `/api/admin/user-admin/${editor.id}`, { headers: s.asAdmin, body: { email: 'Ed@Example.com' } })
  const byName = await s.login('ed', GOOD_PASSWORD)
  t.equal(byName.status, 200)
  t.match(byName.json, { id: editor.id, username: 'ed', email: 'ed@example.com', rootRole: 2, seenAt: '2026-01-01T00:00:00.000Z' })
  t.notMatch(byName.body, /scrypt|Correct-Horse/, 'no password or hash in the answer')
  t.equal(byName.headers['cache-control'], 'no-store')
  t.match(
    byName.headers['set-cookie'],
    /^unleash-session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=172800; Expires=Sat, 03 Jan 2026 00:00:00 GMT$/,
    'HttpOnly, SameSite=Lax, not Secure over http, expiring with the 48-hour session',
  )
  const byEmail = await s.login('ED@example.com', GOOD_PASSWORD)
  t.equal(byEmail.status, 200, 'an e-mail matches in any case')
  t.not(cookieOf(byEmail), cookieOf(byName), 'each login is its own session')

  const stored = rows(s.api.state().sessions)
  t.equal(stored.length, 2)
  t.same(stored[0], { userId: editor.id, createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-03T00:00:00.000Z' })
  const sessionId = cookieOf(byName).split('=')[1]!
  t.notMatch(JSON.stringify(plain(s.api.state())), sessionId, 'the session id is stored only as a digest')
})

t.test('a wrong password or an unknown name is refused alike (401 PasswordMismatch): no session, only the account\'s failure counted', async (t) => {
  const s = await serveWithSessions()
  const user = await s.createUser('ed', 'Editor')
  const before = plain(s.api.state())
  const wrong = await s.login('ed', 'not-the-password')
  t.equal(wrong.status, 401)
  t.equal(wrong.json.name, 'PasswordMismatch')
  t.match(wrong.json.message, /^The combination of password and username you provided is invalid/)
  t.equal(wrong.headers['set-cookie'], undefined, 'no cookie')
  const unknown = await s.login('nobody', GOOD_PASSWORD)
  t.equal(unknown.status, 401)
  t.equal(unknown.json.message, wrong.json.message, 'nothing tells which part was wrong')
  const { users: _after, ...afterRest } = plain(s.api.state()) as Record<string, unknown>
  const { users: _before, ...beforeRest } = before as Record<string, unknown>
  t.same(afterRest, beforeRest, 'no session, nothing else changed')
  t.equal(s.api.state().users.get(String(user.id))?.loginAttempts, 1, "the wrong password counted in the account's loginAttempts")
  t.equal((await s.call('GET', `/api/admin/user-admin/${user.id}`, { headers: s.asAdmin })).json.seenAt, null)

  const noPassword = await s.createUser('nopass', 'Editor', '')
  t.ok(noPassword.id)
  t.equal((await s.login('nopass', '')).status, 401, 'an account without a password cannot log in')
  const bad = await s.call('POST', '/auth/simple/login', { body: { username: 'ed' } })
  t.equal(bad.status, 400)
  t.equal(bad.json.name, 'ValidationError')
  t.match(bad.json.details, [{ path: '/body/password' }])
  const extra = await s.call('POST', '/auth/simple/login', { body: { username: 'ed', password: 'x', remember: true } })
  t.equal(extra.status, 400, 'unknown properties refused, as loginSchema does')
})

t.test('logins are rate limited per client: the 11th in a minute is a 429, and nothing is checked', async (t) => {
  const s = await serveWithSessions()
  await s.createUser('ed', 'Editor')
  // Names no account has: each its own, so the per-account backoff never comes into it.
  for (let i = 1; i <= 10; i++) {
    const attempt = await s.login(`nobody-${i}`, 'wrong', { remoteAddress: '10.0.0.1' })
    t.equal(attempt.status, 401)
    t.equal(attempt.headers['ratelimit-remaining'], String(10 - i))
  }
  const before = plain(s.api.state())
  const limited = await s.login('ed', GOOD_PASSWORD, { remoteAddress: '10.0.0.1' })
  t.equal(limited.status, 429)
  t.equal(limited.headers['retry-after'], '60')
  t.equal(limited.headers['set-cookie'], undefined)
  t.same(plain(s.api.state()), before, 'no session, no attempt counted')
  t.equal((await s.login('ed', GOOD_PASSWORD, { remoteAddress: '10.0.0.2' })).status, 200, 'another client is not limited')
  s.clock.advance(60_000)
  t.equal((await s.login('ed', GOOD_PASSWORD, { remoteAddress: '10.0.0.1' })).status, 200, 'the next minute')
})

t.test('a session authenticates the UI with its user, and GET /api/admin/user and /profile describe them', async (t) => {
  const s = await serveWithSessions()
  const viewer = await s.createUser('vi', 'Viewer')
  const cookie = cookieOf(await s.login('vi', GOOD_PASSWORD))
  const me = await s.call('GET', '/api/admin/user', { headers: { cookie: `theme=dark; ${cookie}` } })
  t.equal(me.status, 200)
  t.match(me.json.user, { id: viewer.id, username: 'vi' })
  t.same(me.json.permissions, [])
  const profile = await s.call('GET', '/api/admin/user/profile', { headers: { cookie } })
  t.equal(profile.status, 200)
  t.same(profile.json, { rootRole: { id: 3, name: 'Viewer', type: 'root', description: profile.json.rootRole.description }, projects: [], groups: [], features: [], subscriptions: [], canChangePassword: true })
  const asToken = await s.call('GET', '/api/admin/user/profile', { headers: s.asAdmin })
  t.equal(asToken.status, 403, 'an API token has no profile')
  const none = await s.call('GET', '/api/admin/user')
  t.equal(none.status, 401)
  t.equal(none.json.path, '/auth/simple/login', 'the login path the 401 names exists')
  const forged = await s.call('GET', '/api/admin/user', { headers: { cookie: 'unleash-session=made-up' } })
  t.equal(forged.status, 401)
  const withBadToken = await s.call('GET', '/api/admin/user', { headers: { cookie, authorization: 'nope' } })
  t.equal(withBadToken.status, 401, 'an Authorization header decides, even beside a good cookie')
})

t.test("a session's permissions are its user's root role, exactly as the user's personal token's", async (t) => {
  const s = await serveWithSessions()
  const editor = await s.createUser('ed', 'Editor')
  const cookie = cookieOf(await s.login('ed', GOOD_PASSWORD))
  const pat = await s.api.personalTokens.create({ authorization: s.asAdmin.authorization, params: { id: String(editor.id) }, body: { description: 'pat', expiresAt: '2030-01-01T00:00:00.000Z' } })
  t.ok(E.isRight(pat))
  const secret = E.isRight(pat) ? pat.right.secret : ''
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/user-admin'],
    ['POST', '/api/admin/projects/default/features', { name: 'made-by-session' }],
    ['POST', '/api/admin/user-admin', { username: 'x', rootRole: 'Viewer' }],
    ['GET', '/api/admin/projects'],
  ]
  const statuses = async (headers: Record<string, string>, suffix: string) => {
    const found: number[] = []
    for (const [method, path, body] of calls) {
      const sent = body && typeof body === 'object' && 'name' in body ? { name: `${(body as { name: string }).name}-${suffix}` } : body
      found.push((await s.call(method, path, { headers, ...(sent ? { body: sent } : {}) })).status)
    }
    return found
  }
  const bySession = await statuses({ cookie }, 'a')
  t.same(bySession, [403, 201, 403, 200])
  t.same(await statuses({ authorization: secret }, 'b'), bySession)
  await s.call('PUT', `/api/admin/user-admin/${editor.id}`, { headers: s.asAdmin, body: { rootRole: 'Admin' } })
  t.equal((await s.call('GET', '/api/admin/user-admin', { headers: { cookie } })).status, 200, 'a changed role applies to the next request')
  const events = s.api.events(5)
  t.match(events.find((e) => e.type === 'feature-created'), { createdBy: 'ed', createdByUserId: editor.id }, 'changes are recorded as the user')
})

t.test('logout ends every session of the user, clears the cookie and redirects to the signed-out page', async (t) => {
  const s = await serveWithSessions({ http: { basePath: '/flags' } })
  await s.createUser('ed', 'Editor')
  const other = await s.createUser('vi', 'Viewer')
  const first = cookieOf(await s.login('ed', GOOD_PASSWORD))
  const second = await s.login('ed', GOOD_PASSWORD)
  t.match(second.headers['set-cookie'], /; Path=\/flags;/, 'the cookie is scoped to the base path')
  await s.login('vi', GOOD_PASSWORD)
  const out = await s.call('POST', '/flags/logout', { headers: { cookie: first } })
  t.equal(out.status, 302)
  t.equal(out.headers['location'], '/flags/signed-out')
  t.equal(out.headers['set-cookie'], 'unleash-session=; Path=/flags; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  t.equal(out.headers['clear-site-data'], '"cookies", "storage"')
  t.same(rows(s.api.state().sessions).map((x) => x.userId), [other.id], "only the other user's session is left")
  t.equal((await s.call('GET', '/flags/api/admin/user', { headers: { cookie: cookieOf(second) } })).status, 401, 'the other session of the user ended too')
  t.equal((await s.call('POST', '/flags/logout')).status, 401, 'logging out needs a login, as in Unleash')
  t.equal((await s.call('GET', '/flags/logout', { headers: { cookie: first } })).status, 401, 'GET is not a logout (Unleash answers POST only)')
})

t.test('a session expires; a user keeps at most five; deleting the user ends their sessions', async (t) => {
  const s = await serveWithSessions({ config: { sessionTtlHours: 1 } })
  const user = await s.createUser('ed', 'Editor')
  const cookies: string[] = []
  for (let i = 0; i < 6; i++) {
    cookies.push(cookieOf(await s.login('ed', GOOD_PASSWORD)))
    s.clock.advance(1_000)
  }
  t.equal(rows(s.api.state().sessions).length, 5, 'the oldest session ended at the sixth login')
  t.equal((await s.call('GET', '/api/admin/user', { headers: { cookie: cookies[0]! } })).status, 401)
  t.equal((await s.call('GET', '/api/admin/user', { headers: { cookie: cookies[5]! } })).status, 200)
  s.clock.advance(3_600_000)
  t.equal((await s.call('GET', '/api/admin/user', { headers: { cookie: cookies[5]! } })).status, 401, 'an hour later, as configured')
  const fresh = cookieOf(await s.login('ed', GOOD_PASSWORD))
  t.equal(rows(s.api.state().sessions).length, 1, 'a login drops expired sessions')
  await s.call('DELETE', `/api/admin/user-admin/${user.id}`, { headers: s.asAdmin })
  t.equal(rows(s.api.state().sessions).length, 0)
  t.equal((await s.call('GET', '/api/admin/user', { headers: { cookie: fresh } })).status, 401)
})

t.test('maintenance mode, which refuses admin API writes, lets people log in and out, as Unleash does', async (t) => {
  const s = await serveWithSessions()
  await s.createUser('ed', 'Editor')
  t.equal((await s.call('POST', '/api/admin/maintenance', { headers: s.asAdmin, body: { enabled: true } })).status, 204)
  const login = await s.login('ed', GOOD_PASSWORD)
  t.equal(login.status, 200)
  t.equal((await s.call('POST', '/api/admin/projects/default/features', { headers: { cookie: cookieOf(login) }, body: { name: 'x' } })).status, 503)
  t.equal((await s.call('POST', '/logout', { headers: { cookie: cookieOf(login) } })).status, 302)
  t.same(rows(s.api.state().sessions), [])
})

t.test('the cookie is Secure when the request came over https, or when the host says so', async (t) => {
  const s = await serveWithSessions()
  await s.createUser('ed', 'Editor')
  t.match((await s.login('ed', GOOD_PASSWORD, { secure: true })).headers['set-cookie'], /; HttpOnly; SameSite=Lax; Secure;/)
  const proxied = await serveWithSessions({ http: { secureCookies: true } })
  await proxied.createUser('ed', 'Editor')
  t.match((await proxied.login('ed', GOOD_PASSWORD)).headers['set-cookie'], /; Secure;/)
})
