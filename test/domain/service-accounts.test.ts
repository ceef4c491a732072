import t from 'tap'
import { hashToken } from '../../src/api/secrets.js'
import { getRow } from '../../src/store/table.js'
import { ADMIN_TOKEN, makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

type Api = Awaited<ReturnType<typeof makeApi>>['api']
const admin = { authorization: ADMIN_TOKEN }
const create = (api: Api, body: unknown) => api.serviceAccounts.create({ ...admin, params: {}, body: raw(body) })

t.test('a service account has a root role, no e-mail or invite, and is not a user', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const account = ok(await create(api, { username: 'deploy-bot', name: 'Deploy bot', rootRole: 'Editor' }))
  t.same(account, {
    accountType: 'Service Account',
    id: 2,
    name: 'Deploy bot',
    username: 'deploy-bot',
    // sha256("deploy-bot"), the gravatar Unleash gives an account without an e-mail
    imageUrl: 'https://gravatar.com/avatar/6a40c950b215121020bb8c37fd218c96620530bf31b57cf6e50fc700b16f7ae4?s=42&d=retro&r=g',
    seenAt: null,
    loginAttempts: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    scimId: null,
    seatType: null,
    companyRole: null,
    productUpdatesEmailConsent: null,
    rootRole: 2,
    tokens: [],
  })
  const stored = getRow(api.state().users, '2')!
  t.same([stored.email, stored.passwordHash, stored.inviteToken], [null, null, null])
  t.same(ok(await api.users.list({ ...admin, params: {} })).users.map((u) => u.username), ['admin'], 'not listed as a user (only the built-in admin is)')
  const listed = ok(await api.serviceAccounts.list({ ...admin, params: {} }))
  t.same(listed.serviceAccounts, [account])
  t.same(listed.rootRoles.map((r) => r.name), ['Admin', 'Editor', 'Viewer'])
  t.equal(err(await api.users.get({ ...admin, params: { id: '2' } }))._tag, 'NotFoundError')
  t.equal(api.events(1)[0]!.type, 'service-account-created')
})

t.test('a refused service account changes nothing', async (t) => {
  const { api } = await makeApi({ tokens: true })
  ok(await api.users.create({ ...admin, params: {}, body: { username: 'taken', rootRole: 3 } }))
  const before = plain(api.state())
  t.same(err(await create(api, { username: 'taken', rootRole: 'Nobody' })).details, [
    { path: '/body/username', message: 'User already exists' },
    { path: '/body/rootRole', message: 'Could not find rootRole=Nobody' },
  ])
  t.same(err(await create(api, { rootRole: 1, email: 'x@example.com' })).details.map((d) => d.path), ['/body/username', '/body/email'])
  t.same(err(await create(api, { username: '  ', rootRole: 1 })).details.map((d) => d.path), ['/body/username'])
  t.same(plain(api.state()), before)
})

t.test('update a service account: name and root role', async (t) => {
  const { api } = await makeApi({ tokens: true })
  ok(await create(api, { username: 'bot', name: 'Bot', rootRole: 3 }))
  ok(await api.users.create({ ...admin, params: {}, body: { username: 'human', rootRole: 3 } }))
  const updated = ok(await api.serviceAccounts.update({ ...admin, params: { id: '2' }, body: { rootRole: 1 } }))
  t.same([updated.name, updated.rootRole], ['Bot', 1])
  t.equal(api.events(1)[0]!.type, 'service-account-updated')
  const before = plain(api.state())
  t.equal(err(await api.serviceAccounts.update({ ...admin, params: { id: '2' }, body: { rootRole: 7 } }))._tag, 'ValidationError')
  t.equal(err(await api.serviceAccounts.update({ ...admin, params: { id: '3' }, body: { name: 'x' } })).message, 'Could not find service account with id 3', 'a user is not a service account')
  t.equal(err(await api.users.update({ ...admin, params: { id: '2' }, body: { name: 'x' } })).message, 'No user found')
  t.same(plain(api.state()), before)
})

t.test("a service account's tokens act with its root role, which may change", async (t) => {
  const { api } = await makeApi({ tokens: true })
  ok(await create(api, { username: 'bot', rootRole: 'Viewer' }))
  const token = ok(await api.serviceAccounts.createToken({ ...admin, params: { id: '2' }, body: { description: 'ci', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  t.match(token.secret, /^user:[0-9a-f]{56}$/)
  t.equal(getRow(api.state().apiTokens, String(token.id))!.secretHash, hashToken(token.secret))
  const callAsBot = () => api.users.list({ authorization: token.secret, params: {} })
  t.equal(err(await callAsBot())._tag, 'NoAccessError', 'Viewer may not list users')
  ok(await api.serviceAccounts.update({ ...admin, params: { id: '2' }, body: { rootRole: 'Admin' } }))
  t.ok(ok(await callAsBot()), 'Admin may, from the next request on')

  const account = ok(await api.serviceAccounts.get({ ...admin, params: { id: '2' } }))
  t.same(account.tokens, [{ id: token.id, description: 'ci', expiresAt: '2100-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', seenAt: null, userId: 2 }])
  t.same(ok(await api.serviceAccounts.listTokens({ ...admin, params: { id: '2' } })).pats, account.tokens)
  t.notOk(JSON.stringify(account).includes(token.secret))
  t.equal(err(await api.personalTokens.create({ ...admin, params: { id: '2' }, body: { description: 'x', expiresAt: '2100-01-01T00:00:00.000Z' } })).message, 'No user found', 'not through the personal-token methods')

  ok(await api.serviceAccounts.deleteToken({ ...admin, params: { id: '2', tokenId: String(token.id) } }))
  t.equal(err(await callAsBot())._tag, 'AuthenticationRequired')
})

t.test('deleting a service account deletes its tokens', async (t) => {
  const { api } = await makeApi({ tokens: true })
  ok(await create(api, { username: 'bot', rootRole: 'Admin' }))
  const token = ok(await api.serviceAccounts.createToken({ ...admin, params: { id: '2' }, body: { description: 'ci', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  ok(await api.serviceAccounts.delete({ ...admin, params: { id: '2' } }))
  t.equal(api.state().apiTokens.size, 0)
  t.equal(err(await api.users.list({ authorization: token.secret, params: {} }))._tag, 'AuthenticationRequired')
  t.equal(api.events(1)[0]!.type, 'service-account-deleted')
  const before = plain(api.state())
  t.equal(err(await api.serviceAccounts.delete({ ...admin, params: { id: '2' } }))._tag, 'NotFoundError')
  t.same(plain(api.state()), before)
})

t.test('service accounts are managed with ADMIN only', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const editor = ok(await api.users.create({ ...admin, params: {}, body: { username: 'ed', rootRole: 'Editor' } }))
  const pat = ok(await api.personalTokens.create({ ...admin, params: { id: String(editor.id) }, body: { description: 'p', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  const before = plain(api.state())
  const e = err(await api.serviceAccounts.create({ authorization: pat.secret, params: {}, body: { username: 'bot', rootRole: 1 } }))
  t.equal(e._tag, 'NoAccessError')
  t.same(e.extra, { permissions: ['ADMIN'] })
  t.equal(err(await api.serviceAccounts.list({ authorization: pat.secret, params: {} }))._tag, 'NoAccessError')
  t.same(plain(api.state()), before)
})
