import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { ROOT_ROLE_PERMISSIONS } from '../../src/domain/permissions.js'
import { PERMISSIONS } from '../../src/ports/permissions.js'
import { ADMIN_TOKEN, makeApi, ok, err } from '../support/api.js'

const admin = { authorization: ADMIN_TOKEN }

/** A store with a client, a frontend and a personal token, and an auth port reading it. */
const setup = async () => {
  const { api, clock } = await makeApi({ tokens: true })
  const client = ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: 'sdk', type: 'client', project: 'default', environment: 'production' } }))
  const frontend = ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: 'web', type: 'frontend' } }))
  const user = ok(await api.users.create({ ...admin, params: {}, body: { email: 'Ed@example.com', username: 'ed', rootRole: 'Editor' } }))
  const pat = ok(await api.personalTokens.create({ ...admin, params: { id: String(user.id) }, body: { description: 'p', expiresAt: '2026-01-02T00:00:00.000Z' } }))
  const auth = tokenAuth({ adminTokens: [ADMIN_TOKEN], clock })
  return { api, clock, auth, client, frontend, user, pat, authenticate: (header?: string) => auth.authenticate(header, api.state()) }
}

t.test('no header and unknown tokens are 401 with the login path', async (t) => {
  const { authenticate } = await setup()
  const none = err(authenticate(undefined))
  t.equal(none._tag, 'AuthenticationRequired')
  t.match(none.message, /had no authorization header.*\/auth\/simple\/login/)
  t.same(none.extra, { path: '/auth/simple/login', type: 'password', defaultHidden: false })
  t.equal(err(authenticate('')).message, none.message, 'an empty header is no header')
  for (const header of ['garbage', '*:*.wrong', 'user:0000', 'Bearer ']) {
    const e = err(authenticate(header))
    t.equal(e._tag, 'AuthenticationRequired', header)
  }
  for (const header of ['garbage', 'Bearer ', 'Bearer']) t.match(err(authenticate(header)).message, /token in your authorization header is not valid/, `${header}: a header, but no valid token`)
  const based = tokenAuth({ baseUriPath: '/flags' }).authenticate(undefined, (await makeApi()).api.state())
  t.same(E.isLeft(based) && based.left.extra, { path: '/flags/auth/simple/login', type: 'password', defaultHidden: false })
})

t.test("the host's admin tokens act as Admin; Bearer in any case is accepted", async (t) => {
  const { authenticate } = await setup()
  for (const header of [ADMIN_TOKEN, `Bearer ${ADMIN_TOKEN}`, `bearer ${ADMIN_TOKEN}`]) {
    const who = ok(authenticate(header))
    t.equal(who.kind, 'admin-token')
    t.same(who.permissions, PERMISSIONS)
    t.same(who.actor, { id: -42, name: 'admin' })
  }
  const state = (await makeApi()).api.state()
  t.equal(err(tokenAuth({ adminTokens: ['plain-secret'] }).authenticate('plain-secret', state))._tag, 'AuthenticationRequired', 'a host token must have the admin format')
})

t.test('client and frontend tokens authenticate with their scope; the admin API refuses them', async (t) => {
  const { api, authenticate, client, frontend } = await setup()
  const c = ok(authenticate(client.secret))
  t.same([c.kind, c.environment, c.projects, c.permissions], ['client-token', 'production', ['default'], []])
  const f = ok(authenticate(`Bearer ${frontend.secret}`))
  t.same([f.kind, f.environment, f.projects], ['frontend-token', 'development', ['*']])
  const refused = err(await api.groups.list({ authorization: client.secret, params: {} }))
  t.equal(refused._tag, 'NoAccessError')
  t.same(refused.extra, { permissions: ['ADMIN'] })
})

t.test("a personal token acts as its user with the user's current root role", async (t) => {
  const { api, authenticate, pat, user } = await setup()
  const who = ok(authenticate(pat.secret))
  t.equal(who.kind, 'user')
  t.same(who.actor, { id: user.id, name: 'ed@example.com' })
  t.same(who.permissions, ROOT_ROLE_PERMISSIONS[2])
  t.notOk(who.permissions.includes('ADMIN'))
  ok(await api.users.update({ ...admin, params: { id: String(user.id) }, body: { rootRole: 'Viewer' } }))
  t.same(ok(authenticate(pat.secret)).permissions, [], 'Viewer: no permissions, at once')
})

t.test('a personal token stops at its expiry and with its user', async (t) => {
  const { api, clock, authenticate, pat, user } = await setup()
  clock.set('2026-01-01T23:59:59.999Z')
  t.ok(E.isRight(authenticate(pat.secret)))
  clock.set('2026-01-02T00:00:00.000Z')
  t.equal(err(authenticate(pat.secret))._tag, 'AuthenticationRequired', 'expired at exactly expiresAt')
  clock.set('2026-01-01T00:00:00.000Z')
  ok(await api.users.delete({ ...admin, params: { id: String(user.id) } }))
  t.equal(err(authenticate(pat.secret))._tag, 'AuthenticationRequired')
})

t.test('the secret is compared through its digest: the same prefix with another secret fails', async (t) => {
  const { authenticate, client } = await setup()
  const forged = client.secret.slice(0, -1) + (client.secret.endsWith('0') ? '1' : '0')
  t.equal(err(authenticate(forged))._tag, 'AuthenticationRequired')
})

t.test('a header seen before is read afresh against the store: a deleted token is refused at once', async (t) => {
  const { api, authenticate, client } = await setup()
  t.equal(ok(authenticate(client.secret)).kind, 'client-token')
  ok(await api.apiTokens.delete({ ...admin, params: { token: client.secret } }))
  t.equal(err(authenticate(client.secret))._tag, 'AuthenticationRequired', 'the same header, now refused')
  const made = ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: 'late', type: 'client', project: 'default', environment: 'production' } }))
  t.equal(err(authenticate(`${made.secret}x`))._tag, 'AuthenticationRequired', 'refused before it exists...')
  t.equal(ok(authenticate(made.secret)).kind, 'client-token', '...and a token made after a refusal of another is accepted')
})

t.test('headers are remembered within a bound: a flood of made-up tokens changes no answer', async (t) => {
  const { authenticate, client } = await setup()
  const refused = Array.from({ length: 5000 }, (_, i) => authenticate(`*:*.made-up-${i}`)).filter(E.isLeft).length
  t.equal(refused, 5000)
  t.equal(ok(authenticate(ADMIN_TOKEN)).kind, 'admin-token')
  t.equal(ok(authenticate(client.secret)).kind, 'client-token')
  t.equal(err(authenticate('*:*.made-up-0'))._tag, 'AuthenticationRequired')
})
