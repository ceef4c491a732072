import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { hashToken } from '../../src/api/secrets.js'
import { getRow, rows } from '../../src/store/table.js'
import type { AuthPort } from '../../src/ports/auth.js'
import { ADMIN_TOKEN, makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

type Api = Awaited<ReturnType<typeof makeApi>>['api']
const admin = { authorization: ADMIN_TOKEN }
const create = (api: Api, body: unknown, authorization = ADMIN_TOKEN) => api.apiTokens.create({ authorization, params: {}, body: raw(body) })
const HEX56 = '[0-9a-f]{56}'
/** What Unleash's api-token route for `verb` asks: ADMIN, or the permission for either kind. */
const anyOf = (verb: string) => ['ADMIN', `${verb}_CLIENT_API_TOKEN`, `${verb}_FRONTEND_API_TOKEN`]

/** A user with that root role and a personal token to call as them. */
const callerWith = async (api: Api, rootRole: string) => {
  // `<role>-user`: the username `admin` is the built-in admin's.
  const user = ok(await api.users.create({ ...admin, params: {}, body: { username: `${rootRole.toLowerCase()}-user`, rootRole } }))
  return ok(await api.personalTokens.create({ ...admin, params: { id: String(user.id) }, body: { description: 'test', expiresAt: '2100-01-01T00:00:00.000Z' } })).secret
}

t.test('an admin token: *:*.<secret>, shown once, stored as a digest only', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const token = ok(await create(api, { tokenName: 'ci', type: 'admin' }))
  t.match(token.secret, new RegExp(`^\\*:\\*\\.${HEX56}$`))
  t.same({ ...token, secret: undefined }, {
    id: 1,
    tokenName: 'ci',
    type: 'admin',
    project: '*',
    projects: ['*'],
    environment: '*',
    prefix: '*:*.',
    expiresAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    seenAt: null,
    alias: null,
    secret: undefined,
  })
  t.equal(getRow(api.state().apiTokens, '1')!.secretHash, hashToken(token.secret))
  t.notOk(JSON.stringify(api.state()).includes(token.secret.slice(4)), 'the secret is nowhere in the store')
  const listed = ok(await api.apiTokens.list({ ...admin, params: {} }))
  t.same(listed.tokens.map((x) => x.id), [1])
  t.notOk('secret' in listed.tokens[0]!, 'never listed')
  t.equal(api.events(1)[0]!.type, 'api-token-created')
  t.same(api.events(1)[0]!.data, { id: 1, tokenName: 'ci', type: 'admin', projects: ['*'], environment: '*', expiresAt: null })
  t.equal(ok(await api.users.list({ authorization: token.secret, params: {} })).users.length, 1, 'it acts as Admin (the built-in admin listed)')
})

t.test('client and frontend tokens: <project>:<env>.<secret>, *, [] for several', async (t) => {
  const { api } = await makeApi({ tokens: true })
  ok(await api.projects.create({ ...admin, params: {}, body: { id: 'web', name: 'Web' } }))
  const cases: [unknown, string, string, string[], string][] = [
    [{ type: 'client', project: 'default', environment: 'production' }, 'client', 'default:production.', ['default'], 'default'],
    [{ type: 'CLIENT' }, 'client', '*:development.', ['*'], '*'],
    [{ type: 'Backend', projects: ['*'], environment: 'development' }, 'backend', '*:development.', ['*'], '*'],
    [{ type: 'frontend', projects: ['default', 'web', 'web'], environment: 'production' }, 'frontend', '[]:production.', ['default', 'web'], '[]'],
    [{ type: 'frontend', projects: ['web', '*'] }, 'frontend', '*:development.', ['*'], '*'],
  ]
  for (const [i, [body, type, prefix, projects, project]] of cases.entries()) {
    const token = ok(await create(api, { tokenName: `t${i}`, ...(body as object) }))
    t.equal(token.type, type)
    t.equal(token.prefix, prefix)
    t.same(token.projects, projects)
    t.equal(token.project, project)
    t.ok(token.secret.startsWith(prefix) && new RegExp(`^.*\\.${HEX56}$`).test(token.secret), token.secret)
  }
  const client = ok(await create(api, { tokenName: 'sdk', type: 'client', environment: 'production' }))
  const refused = err(await api.users.list({ authorization: client.secret, params: {} }))
  t.equal(refused._tag, 'NoAccessError', 'client tokens are refused on the admin API')
})

t.test('scope rules: every problem is reported and nothing is created', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const before = plain(api.state())
  const problems = async (body: object) => err(await create(api, { tokenName: 'x', ...body })).details
  t.same(await problems({ type: 'client', environment: '*' }), [{ path: '/body/environment', message: 'Client token cannot be scoped to all environments' }])
  t.same(await problems({ type: 'frontend', environment: '*' }), [{ path: '/body/environment', message: 'Frontend token cannot be scoped to all environments' }])
  t.same(await problems({ type: 'backend', environment: 'staging', projects: ['default', 'ghost'] }), [
    { path: '/body/environment', message: 'Environment=staging does not exist' },
    { path: '/body/projects/1', message: 'Project=ghost does not exist' },
  ])
  t.same(await problems({ type: 'client', project: 'ghost' }), [{ path: '/body/project', message: 'Project=ghost does not exist' }])
  t.same(await problems({ type: 'client', projects: [] }), [{ path: '/body/projects', message: 'A token needs at least one project, or "*" for all projects' }])
  t.same(await problems({ type: 'admin', environment: 'development', project: 'default', projects: ['*', 'default'] }), [
    { path: '/body/environment', message: 'Admin token cannot be scoped to single environment' },
    { path: '/body/project', message: 'Admin token cannot be scoped to single project' },
    { path: '/body/projects/1', message: 'Admin token cannot be scoped to single project' },
  ])
  t.same(await problems({ type: 'admin', expiresAt: '2025-12-31T00:00:00.000Z' }), [
    { path: '/body/expiresAt', message: 'The expiry date must be in the future. You sent "2025-12-31T00:00:00.000Z".' },
  ])
  t.same(err(await create(api, { type: 'superuser', tokenName: '', expiresAt: 'soon' })).details.map((d) => d.path), ['/body/tokenName', '/body/type', '/body/expiresAt'])
  t.same(plain(api.state()), before)
})

t.test('an expired token stops working', async (t) => {
  const { api, clock } = await makeApi({ tokens: true })
  const token = ok(await create(api, { tokenName: 'short', type: 'admin', expiresAt: '2026-01-01T00:01:00.000Z' }))
  t.equal(token.expiresAt, '2026-01-01T00:01:00.000Z')
  ok(await api.users.list({ authorization: token.secret, params: {} }))
  clock.advance(60_000)
  t.equal(err(await api.users.list({ authorization: token.secret, params: {} }))._tag, 'AuthenticationRequired')
})

t.test('the apiTokens resource limit (personal tokens do not count)', async (t) => {
  const { api } = await makeApi({ tokens: true, config: { resourceLimits: { apiTokens: 2 } } })
  await callerWith(api, 'Viewer')
  ok(await create(api, { tokenName: 'a', type: 'client' }))
  ok(await create(api, { tokenName: 'b', type: 'frontend' }))
  const before = plain(api.state())
  const e = err(await create(api, { tokenName: 'c', type: 'admin' }))
  t.equal(e._tag, 'ExceedsLimitError')
  t.equal(e.message, "Failed to create api token. You can't create more than the established limit of 2.")
  t.same(plain(api.state()), before)
  ok(await api.apiTokens.delete({ ...admin, params: { token: '2' } }))
  t.equal(ok(await create(api, { tokenName: 'c', type: 'admin' })).tokenName, 'c', 'room again after a delete')
})

t.test('delete an API token: it stops working at once', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const token = ok(await create(api, { tokenName: 'old', type: 'admin' }))
  ok(await api.apiTokens.delete({ ...admin, params: { token: String(token.id) } }))
  t.equal(err(await api.users.list({ authorization: token.secret, params: {} }))._tag, 'AuthenticationRequired')
  t.same(ok(await api.apiTokens.list({ ...admin, params: {} })).tokens, [])
  t.equal(api.events(1)[0]!.type, 'api-token-deleted')
  await callerWith(api, 'Admin')
  const before = plain(api.state())
  for (const id of [String(token.id), '2', 'x']) {
    // As Unleash answers it: nothing to delete is a success that changes nothing.
    t.equal(ok(await api.apiTokens.delete({ ...admin, params: { token: id } })), undefined, `unknown, and personal tokens are not API tokens: ${id}`)
  }
  t.same(plain(api.state()), before, 'the personal token is still there')
})

t.test('a path names an API token by its secret, as Unleash names it, or by its id', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const bySecret = ok(await create(api, { tokenName: 'sdk', type: 'client' }))
  const byId = ok(await create(api, { tokenName: 'web', type: 'frontend' }))
  ok(await api.apiTokens.delete({ ...admin, params: { token: bySecret.secret } }))
  t.equal(err(await api.features.listInProject({ authorization: bySecret.secret, params: { projectId: 'default' } }))._tag, 'AuthenticationRequired')
  t.same(api.events(1)[0]!.preData, { id: 1, tokenName: 'sdk', type: 'client', projects: ['*'], environment: 'development', expiresAt: null })
  ok(await api.apiTokens.delete({ ...admin, params: { token: String(byId.id) } }))
  t.same(ok(await api.apiTokens.list({ ...admin, params: {} })).tokens, [])
  const pat = await callerWith(api, 'Admin')
  const before = plain(api.state())
  for (const token of [bySecret.secret, `${byId.secret}x`, pat, ADMIN_TOKEN, '*:*.', '']) {
    // Gone, never stored, a personal token (not an API token), the host's own: nothing to delete.
    t.equal(ok(await api.apiTokens.delete({ ...admin, params: { token } })), undefined, `nothing to delete: ${JSON.stringify(token)}`)
  }
  t.same(plain(api.state()), before, 'the store is as it was, the personal token still there')
  ok(await api.users.list({ authorization: pat, params: {} }))
})

t.test("update an API token's expiry, by its secret or its id", async (t) => {
  const { api, clock } = await makeApi({ tokens: true })
  const token = ok(await create(api, { tokenName: 'sdk', type: 'admin' }))
  const expiresAt = '2026-01-01T03:00:00+02:00'
  t.equal(ok(await api.apiTokens.update({ ...admin, params: { token: token.secret }, body: { expiresAt } })), undefined)
  t.equal(ok(await api.apiTokens.list({ ...admin, params: {} })).tokens[0]!.expiresAt, '2026-01-01T01:00:00.000Z', 'kept as Unleash answers it')
  const event = api.events(1)[0]!
  t.equal(event.type, 'api-token-updated')
  const expiryOf = (data: unknown) => (data as { expiresAt?: unknown }).expiresAt
  t.same([expiryOf(event.preData), expiryOf(event.data)], [null, '2026-01-01T01:00:00.000Z'])
  ok(await api.users.list({ authorization: token.secret, params: {} }))
  clock.advance(3_600_000)
  t.equal(err(await api.users.list({ authorization: token.secret, params: {} }))._tag, 'AuthenticationRequired', 'it expires then')

  const again = plain(api.state())
  ok(await api.apiTokens.update({ ...admin, params: { token: String(token.id) }, body: { expiresAt: '2026-01-01T01:00:00.000Z' } }))
  t.same(plain(api.state()), again, 'the same expiry: nothing changes, no event')
  ok(await api.apiTokens.update({ ...admin, params: { token: String(token.id) }, body: raw({ expiresAt: '2027-01-01T00:00:00.000Z', other: 1 })}))
  // A later expiry brings it back.
  ok(await api.users.list({ authorization: token.secret, params: {} }))

  const before = plain(api.state())
  t.same(err(await api.apiTokens.update({ ...admin, params: { token: token.secret }, body: raw({})})).details.map((d) => d.path), ['/body/expiresAt'])
  t.same(err(await api.apiTokens.update({ ...admin, params: { token: token.secret }, body: { expiresAt: 'soon' } })).details.map((d) => d.path), ['/body/expiresAt'])
  t.equal(ok(await api.apiTokens.update({ ...admin, params: { token: '*:*.unknown' }, body: { expiresAt: '2027-01-01T00:00:00.000Z' } })), undefined, 'no such token: a success, as in Unleash')
  t.same(plain(api.state()), before)
  ok(await api.apiTokens.update({ ...admin, params: { token: token.secret }, body: { expiresAt: '2025-01-01T00:00:00.000Z' } }))
  t.equal(err(await api.users.list({ authorization: token.secret, params: {} }))._tag, 'AuthenticationRequired', 'a past expiry is taken, as Unleash takes it: revoked at once')
})

t.test('an expiry is an RFC 3339 date-time, read as Unleash reads one', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const token = ok(await create(api, { tokenName: 'sdk', type: 'admin' }))
  const update = (expiresAt: string) => api.apiTokens.update({ ...admin, params: { token: token.secret }, body: { expiresAt } })
  const taken = {
    '2031-01-01t00:00:00z': '2031-01-01T00:00:00.000Z',
    '2031-01-01 00:00:00Z': '2031-01-01T00:00:00.000Z',
    '2031-01-01T05:30:00.123456+05:30': '2031-01-01T00:00:00.123Z',
    '2031-01-01T01:00:00+0100': '2031-01-01T00:00:00.000Z',
    '2032-02-29T00:00:00Z': '2032-02-29T00:00:00.000Z',
  }
  for (const [given, kept] of Object.entries(taken)) {
    ok(await update(given))
    t.equal(ok(await api.apiTokens.list({ ...admin, params: {} })).tokens[0]!.expiresAt, kept, given)
  }
  const before = plain(api.state())
  // Refused by Unleash too (400); the last two pass its validator, then fail it with a 500.
  for (const given of ['2031-01-01', '2031-02-30T00:00:00Z', '2100-02-29T00:00:00Z', '2031-01-01T24:00:00Z', '2031-01-01T00:00Z', '+2031-01-01T00:00:00Z', '20310101T000000Z', '2031-01-01T23:59:60Z', '2031-01-01T00:00:00+05']) {
    const refused = err(await update(given))
    t.same(refused.details, [{ path: '/body/expiresAt', message: `The \`/body/expiresAt\` property must be an RFC 3339 date-time, such as "2030-01-01T00:00:00.000Z". You sent ${JSON.stringify(given)}.` }], given)
    t.same(err(await create(api, { tokenName: 'x', type: 'admin', expiresAt: given })).details.map((d) => d.path), ['/body/expiresAt'])
    t.same(err(await api.personalTokens.create({ ...admin, params: { id: '1' }, body: { description: 'x', expiresAt: given } })).details.map((d) => d.path), ['/body/expiresAt'])
  }
  t.same(plain(api.state()), before)
})

t.test('API tokens by name: every token of that name, none an empty list', async (t) => {
  const { api } = await makeApi({ tokens: true })
  ok(await create(api, { tokenName: 'sdk', type: 'client' }))
  ok(await create(api, { tokenName: 'web', type: 'frontend' }))
  ok(await create(api, { tokenName: 'sdk', type: 'admin' }))
  t.same(ok(await api.apiTokens.listByName({ ...admin, params: { name: 'sdk' } })).tokens.map((x) => [x.id, x.type]), [[1, 'client'], [3, 'admin']])
  t.same(ok(await api.apiTokens.listByName({ ...admin, params: { name: 'nobody' } })), { tokens: [] })
  const viewer = await callerWith(api, 'Viewer')
  t.same(err(await api.apiTokens.listByName({ authorization: viewer, params: { name: 'sdk' } })).extra, { permissions: anyOf('READ') })
  const editor = await callerWith(api, 'Editor')
  t.same(ok(await api.apiTokens.listByName({ authorization: editor, params: { name: 'sdk' } })).tokens.map((x) => x.id), [1], 'admin tokens are for ADMIN eyes')
})

t.test('permissions: what the route asks, then what the kind needs, as Unleash checks them', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const editor = await callerWith(api, 'Editor')
  const viewer = await callerWith(api, 'Viewer')
  const clientToken = ok(await create(api, { tokenName: 'c', type: 'client' }, editor))
  const frontendToken = ok(await create(api, { tokenName: 'f', type: 'frontend' }, editor))
  const adminToken = ok(await create(api, { tokenName: 'a', type: 'admin' }))
  const before = plain(api.state())
  const refused = err(await create(api, { tokenName: 'c', type: 'client' }, viewer))
  t.same(refused.extra, { permissions: anyOf('CREATE') }, 'a Viewer holds none of what the route asks')
  t.equal(
    refused.message,
    'You don\'t have the required permissions to perform this operation. To perform this action, you need one of the following permissions: "ADMIN", "CREATE_CLIENT_API_TOKEN", "CREATE_FRONTEND_API_TOKEN".',
  )
  t.same(err(await create(api, { tokenName: 'f', type: 'frontend' }, viewer)).extra, { permissions: anyOf('CREATE') })
  t.same(err(await create(api, { tokenName: 'a', type: 'ADMIN' }, editor)).extra, { permissions: ['ADMIN'] }, 'an Editor passes the route, not the kind')
  t.same(err(await create(api, { tokenName: 'x', type: 'bogus' }, editor)).extra, { permissions: ['ADMIN'] }, 'an unknown kind needs ADMIN')
  for (const type of ['constructor', '__proto__', 'toString']) {
    t.same(err(await create(api, { tokenName: 'x', type }, editor)).extra, { permissions: ['ADMIN'] }, `${type} is an unknown kind too`)
    t.same(err(await create(api, { tokenName: 'x', type })).details.map((d) => d.path), ['/body/type'])
  }
  t.same(err(await api.apiTokens.list({ authorization: viewer, params: {} })).extra, { permissions: anyOf('READ') })
  t.same(err(await api.apiTokens.delete({ authorization: editor, params: { token: String(adminToken.id) } })).extra, { permissions: ['ADMIN'] })
  t.same(err(await api.apiTokens.delete({ authorization: viewer, params: { token: String(clientToken.id) } })).extra, { permissions: anyOf('DELETE') })
  t.same(err(await api.apiTokens.delete({ authorization: viewer, params: { token: '99' } })).extra, { permissions: anyOf('DELETE') }, 'a token that is not there too')
  const expiry = { expiresAt: '2027-01-01T00:00:00.000Z' }
  t.same(err(await api.apiTokens.update({ authorization: editor, params: { token: adminToken.secret }, body: expiry })).extra, { permissions: ['ADMIN'] })
  t.same(err(await api.apiTokens.update({ authorization: viewer, params: { token: clientToken.secret }, body: expiry })).extra, { permissions: anyOf('UPDATE') })
  t.same(err(await api.apiTokens.update({ authorization: viewer, params: { token: frontendToken.secret }, body: expiry })).extra, { permissions: anyOf('UPDATE') })
  t.same(err(await api.apiTokens.update({ authorization: editor, params: { token: adminToken.secret }, body: raw({})})).details.map((d) => d.path), ['/body/expiresAt'], 'the body is read before the kind is checked')
  t.same(err(await api.apiTokens.update({ authorization: editor, params: { token: 'nope' }, body: raw({})})).details.map((d) => d.path), ['/body/expiresAt'], 'and before the token is looked up')

  const events = api.events(100).length
  t.equal(ok(await api.apiTokens.delete({ authorization: editor, params: { token: '99' } })), undefined, 'an Editor deleting a token that is not there: a success, as in Unleash')
  t.equal(ok(await api.apiTokens.update({ authorization: editor, params: { token: '*:*.gone' }, body: expiry })), undefined)
  t.same(plain(api.state()), before, 'nothing changed')
  t.equal(api.events(100).length, events, 'and nothing was recorded')

  t.same(ok(await api.apiTokens.list({ authorization: editor, params: {} })).tokens.map((x) => x.id), [clientToken.id, frontendToken.id], 'an Editor does not see admin tokens')
  t.equal(ok(await api.apiTokens.list({ ...admin, params: {} })).tokens.length, 3)
  ok(await api.apiTokens.update({ authorization: editor, params: { token: frontendToken.secret }, body: expiry }))
  t.equal(ok(await api.apiTokens.listByName({ authorization: editor, params: { name: 'f' } })).tokens[0]!.expiresAt, expiry.expiresAt, 'an Editor updates client and frontend tokens')
  ok(await api.apiTokens.delete({ authorization: editor, params: { token: String(clientToken.id) } }))
  t.same(ok(await api.apiTokens.list({ ...admin, params: {} })).tokens.map((x) => x.id), [frontendToken.id, adminToken.id])
})

t.test('a custom root role sees and changes the kinds of token it holds a permission on', async (t) => {
  // `as:<permissions>` calls with exactly those permissions, as a custom root role would.
  const tokens = tokenAuth({ adminTokens: [ADMIN_TOKEN] })
  const auth: AuthPort = {
    authenticate: (authorization, state) =>
      authorization?.startsWith('as:')
        ? E.right({ kind: 'user', actor: { id: 9, name: 'custom' }, permissions: authorization.slice(3).split(',') })
        : tokens.authenticate(authorization, state),
  }
  const { api } = await makeApi({ auth })
  const client = ok(await create(api, { tokenName: 'c', type: 'backend' }))
  const frontend = ok(await create(api, { tokenName: 'f', type: 'frontend' }))
  ok(await create(api, { tokenName: 'a', type: 'admin' }))
  const listedBy = async (permissions: string) => ok(await api.apiTokens.list({ authorization: `as:${permissions}`, params: {} })).tokens.map((x) => x.tokenName)
  t.same(await listedBy('READ_FRONTEND_API_TOKEN'), ['f'])
  t.same(await listedBy('READ_CLIENT_API_TOKEN'), ['c'])
  t.same(await listedBy('READ_CLIENT_API_TOKEN,READ_FRONTEND_API_TOKEN'), ['c', 'f'])
  t.same(await listedBy('UPDATE_FRONTEND_API_TOKEN,READ_CLIENT_API_TOKEN'), ['c', 'f'], 'any permission on a kind shows its tokens')
  t.same(await listedBy('ADMIN'), ['c', 'f', 'a'])
  t.same(err(await api.apiTokens.list({ authorization: 'as:DELETE_FRONTEND_API_TOKEN', params: {} })).extra, { permissions: anyOf('READ') }, 'but listing needs one to read')

  const frontendOnly = 'as:UPDATE_FRONTEND_API_TOKEN,DELETE_FRONTEND_API_TOKEN,CREATE_FRONTEND_API_TOKEN'
  const before = plain(api.state())
  const expiry = { expiresAt: '2027-01-01T00:00:00.000Z' }
  t.same(err(await api.apiTokens.update({ authorization: frontendOnly, params: { token: client.secret }, body: expiry })).extra, { permissions: ['UPDATE_CLIENT_API_TOKEN'] })
  t.same(err(await api.apiTokens.delete({ authorization: frontendOnly, params: { token: client.secret } })).extra, { permissions: ['DELETE_CLIENT_API_TOKEN'] })
  t.same(err(await create(api, { tokenName: 'x', type: 'client' }, frontendOnly)).extra, { permissions: ['CREATE_CLIENT_API_TOKEN'] })
  t.same(plain(api.state()), before)
  ok(await api.apiTokens.update({ authorization: frontendOnly, params: { token: frontend.secret }, body: expiry }))
  t.equal(getRow(api.state().apiTokens, String(frontend.id))!.expiresAt, expiry.expiresAt)
  ok(await create(api, { tokenName: 'f2', type: 'frontend' }, frontendOnly))
  ok(await api.apiTokens.delete({ authorization: frontendOnly, params: { token: frontend.secret } }))
  t.same([...rows(api.state().apiTokens)].map((x) => x.tokenName).sort(), ['a', 'c', 'f2'])
})

t.test('personal access tokens of a user, managed by an admin', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const user = ok(await api.users.create({ ...admin, params: {}, body: { email: 'pat@example.com', rootRole: 'Editor' } }))
  const id = String(user.id)
  const pat = ok(await api.personalTokens.create({ ...admin, params: { id }, body: { description: 'laptop', expiresAt: '2027-01-01T00:00:00.000Z' } }))
  t.match(pat.secret, new RegExp(`^user:${HEX56}$`))
  t.same({ ...pat, secret: undefined }, { id: 1, description: 'laptop', expiresAt: '2027-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', seenAt: null, userId: user.id, secret: undefined })
  t.equal(getRow(api.state().apiTokens, '1')!.secretHash, hashToken(pat.secret))
  t.same(ok(await api.personalTokens.list({ ...admin, params: { id } })), { pats: [{ id: 1, description: 'laptop', expiresAt: '2027-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', seenAt: null, userId: user.id }] })
  t.same(api.events(1)[0]!.data, { id: 1, userId: user.id, description: 'laptop', expiresAt: '2027-01-01T00:00:00.000Z' })

  const before = plain(api.state())
  const dup = err(await api.personalTokens.create({ ...admin, params: { id }, body: { description: 'laptop', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  t.equal(dup._tag, 'NameExistsError')
  t.equal(dup.message, 'PAT description already exists.', "Unleash's words")
  t.same(err(await api.personalTokens.create({ ...admin, params: { id }, body: { description: 'old', expiresAt: '2026-01-01T00:00:00.000Z' } })).details.map((d) => d.path), ['/body/expiresAt'])
  t.same(err(await api.personalTokens.create({ ...admin, params: { id }, body: { description: ' ', expiresAt: '2100-01-01T00:00:00.000Z' } })).details.map((d) => d.path), ['/body/description'])
  const noExpiry = err(await api.personalTokens.create({ ...admin, params: { id }, body: { description: 'forever' } as never }))
  t.same(noExpiry.details, [{ path: '/body/expiresAt', message: 'The `/body/expiresAt` property is required. It was not present on the data you sent.' }], "required, as in Unleash's createPatSchema")
  t.equal(err(await api.personalTokens.create({ ...admin, params: { id: '9' }, body: { description: 'x', expiresAt: '2100-01-01T00:00:00.000Z' } })).message, 'No user found')
  const unchanged = plain(api.state())
  t.equal(ok(await api.personalTokens.delete({ ...admin, params: { id, tokenId: '7' } })), undefined, 'no such token: a success, as in Unleash')
  t.same(plain(api.state()), unchanged)
  t.same(plain(api.state()), before)

  ok(await api.personalTokens.delete({ ...admin, params: { id, tokenId: '1' } }))
  t.equal(err(await api.users.get({ authorization: pat.secret, params: { id } }))._tag, 'AuthenticationRequired')
  t.equal(api.events(1)[0]!.type, 'pat-deleted')
})

t.test('a user manages their own personal access tokens', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const viewer = await callerWith(api, 'Viewer')
  const other = await callerWith(api, 'Editor')
  const mine = ok(await api.personalTokens.createOwn({ authorization: viewer, params: {}, body: { description: 'second', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  t.equal(mine.userId, 2, 'the first user created (1 is the built-in admin)')
  t.same(ok(await api.personalTokens.listOwn({ authorization: viewer, params: {} })).pats.map((p) => p.description), ['test', 'second'])
  const before = plain(api.state())
  ok(await api.personalTokens.deleteOwn({ authorization: other, params: { tokenId: String(mine.id) } }))
  t.same(ok(await api.personalTokens.listOwn({ authorization: viewer, params: {} })).pats.map((p) => p.description), ['test', 'second'], "another user's token is not yours to delete: nothing is")
  for (const refused of [
    err(await api.personalTokens.createOwn({ ...admin, params: {}, body: { description: 'x', expiresAt: '2100-01-01T00:00:00.000Z' } })),
    err(await api.personalTokens.listOwn({ ...admin, params: {} })),
    err(await api.personalTokens.deleteOwn({ ...admin, params: { tokenId: String(mine.id) } })),
  ]) {
    t.same([refused._tag, refused.message], ['NoAccessError', 'PATs require an authenticated user.'], 'a 403 in Unleash\'s words')
  }
  t.same(plain(api.state()), before)
  const notAnId = err(await api.personalTokens.deleteOwn({ authorization: viewer, params: { tokenId: 'abc' } }))
  t.same([notAnId._tag, notAnId.details.map((d) => d.path)], ['ValidationError', ['/params/tokenId']], 'an id that is not an integer is a 400, as in Unleash')
  t.same(plain(api.state()), before)
  ok(await api.personalTokens.deleteOwn({ authorization: viewer, params: { tokenId: String(mine.id) } }))
  t.equal(err(await api.users.list({ authorization: mine.secret, params: {} }))._tag, 'AuthenticationRequired')
  t.same(err(await api.personalTokens.list({ authorization: viewer, params: { id: '1' } })).extra, { permissions: ['ADMIN'] }, "others' tokens need ADMIN")
})

t.test("a project's own tokens: made for it alone, listed with those of every project, deleted through it", async (t) => {
  const { api } = await makeApi({ tokens: true })
  ok(await api.projects.create({ ...admin, params: {}, body: { id: 'shop', name: 'Shop' } }))
  const made = ok(await api.apiTokens.createInProject({ ...admin, params: { projectId: 'shop' }, body: { tokenName: 'shop-sdk', type: 'Client', projects: ['default'] } as never }))
  t.match(made, { tokenName: 'shop-sdk', type: 'client', project: 'shop', projects: ['shop'], environment: 'development', secret: new RegExp(`^shop:development\\.${HEX56}$`) }, 'scoped to the project alone; other projects sent are dropped')
  t.match(api.events(1)[0], { type: 'api-token-created' })
  ok(await create(api, { tokenName: 'everywhere', type: 'frontend', environment: 'production' }))
  ok(await create(api, { tokenName: 'default-only', type: 'client', projects: ['default'] }))
  const several = ok(await create(api, { tokenName: 'two', type: 'client', projects: ['default', 'shop'] }))
  const listed = ok(await api.apiTokens.listInProject({ ...admin, params: { projectId: 'shop' } })).tokens.map((tk) => tk.tokenName).sort()
  t.same(listed, ['everywhere', 'shop-sdk', 'two'], 'those that reach it, every-project ones included; not those of another project')

  const before = plain(api.state())
  t.match(err(await api.apiTokens.createInProject({ ...admin, params: { projectId: 'ghost' }, body: { tokenName: 'x', type: 'client' } })), { _tag: 'NotFoundError', message: 'Could not find project with id "ghost".' })
  t.same(err(await api.apiTokens.createInProject({ ...admin, params: { projectId: 'shop' }, body: { tokenName: 'x', type: 'admin' } as never })).details.map((d) => d.path), ['/body/type'], 'not an admin token, which reaches every project')
  t.match(err(await api.apiTokens.deleteInProject({ ...admin, params: { projectId: 'shop', token: String(several.id) } })), { _tag: 'ValidationError' }, 'a token of several projects is not the project\'s to delete (Unleash: 400)')
  t.match(err(await api.apiTokens.deleteInProject({ ...admin, params: { projectId: 'default', token: made.secret } })), { _tag: 'NotFoundError' }, 'one that does not reach the project is not found there')
  t.same(plain(api.state()), before, 'refusals change nothing')

  ok(await api.apiTokens.deleteInProject({ ...admin, params: { projectId: 'shop', token: made.secret } }))
  t.notOk(ok(await api.apiTokens.listInProject({ ...admin, params: { projectId: 'shop' } })).tokens.some((tk) => tk.tokenName === 'shop-sdk'))
  t.match(api.events(1)[0], { type: 'api-token-deleted' })
})
