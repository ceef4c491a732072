import t from 'tap'
import { verifyPassword } from '../../src/api/secrets.js'
import { inviteLink } from '../../src/domain/user/render.js'
import { identityKeys } from '../../src/model/identities.js'
import { getRow, rows } from '../../src/store/table.js'
import { committedEntries } from '../../src/store/table-layout.js'
import type { EmailPort } from '../../src/ports/email.js'
import type { Snapshot, StoragePort } from '../../src/ports/storage.js'
import { ADMIN_TOKEN, makeApi, ok, err, plain, TEST_HASH_COST } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

type Api = Awaited<ReturnType<typeof makeApi>>['api']
const create = (api: Api, body: unknown) => api.users.create({ params: {}, body: raw(body) })
const stored = (api: Api, id: number) => getRow(api.state().users, String(id))!
const gravatar = (hex: string) => `https://gravatar.com/avatar/${hex}?s=42&d=retro&r=g`

t.test('create user answers the whole record, rootRole as the id (sample 03)', async (t) => {
  const { api } = await makeApi()
  const user = ok(await create(api, { email: 'oracle-user@example.com', name: 'Oracle User', rootRole: 'Editor', sendEmail: false }))
  t.same(user, {
    accountType: 'User',
    id: 2,
    name: 'Oracle User',
    email: 'oracle-user@example.com',
    imageUrl: gravatar('da1b4a8fb19105a2bfef9a123d35fb26946fc94cd363d398ef416aa28f2c38bd'),
    seenAt: null,
    loginAttempts: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    scimId: null,
    seatType: null,
    companyRole: null,
    productUpdatesEmailConsent: null,
    rootRole: 2,
    inviteLink: `http://localhost:4242/new-user?token=${stored(api, 2).inviteToken}`,
    emailSent: false,
  })
  t.notOk('username' in user, 'an absent username is left out')
  t.match(user.inviteLink, /^http:\/\/localhost:4242\/new-user\?token=.+/)
  const [event] = api.events(1)
  t.equal(event!.type, 'user-created')
  t.same(event!.data, { id: 2, name: 'Oracle User', username: null, email: 'oracle-user@example.com', rootRole: 2 }, 'user 1 is the built-in admin')
})

t.test("a user's keys come in Unleash's order: name, username, then email, in the answer and the list", async (t) => {
  const { api } = await makeApi()
  const order = ['accountType', 'id', 'name', 'username', 'email', 'imageUrl', 'seenAt', 'loginAttempts', 'createdAt', 'scimId', 'seatType', 'companyRole', 'productUpdatesEmailConsent', 'rootRole', 'inviteLink']
  const created = ok(await create(api, { username: 'both', email: 'both@example.com', name: 'Both', rootRole: 1 }))
  t.same(Object.keys(created), [...order, 'emailSent'])
  t.same(Object.keys(ok(await api.users.list({ params: {} })).users[1]!), order)
})

t.test('rootRole may be an id, a numeric string, a name, { id } or { name }', async (t) => {
  const { api } = await makeApi()
  const refs: [unknown, number][] = [[1, 1], ['2', 2], ['Viewer', 3], [{ id: 2 }, 2], [{ name: 'Admin' }, 1], [' 3 ', 3]]
  for (const [i, [rootRole, id]] of refs.entries()) {
    const user = ok(await create(api, { username: `u${i}`, rootRole }))
    t.equal(user.rootRole, id, JSON.stringify(rootRole))
    t.equal(stored(api, user.id).rootRole, id)
  }
})

t.test('an unknown root role is refused and no user is created', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  for (const [rootRole, shown] of [[0, '0'], ['Superhero', 'Superhero'], ['admin', 'admin'], [{ id: 9 }, '9'], [{ name: 'Owner' }, 'Owner'], ['', '']] as const) {
    const e = err(await create(api, { email: 'role@example.com', rootRole }))
    t.equal(e._tag, 'ValidationError')
    t.equal(e.message, `Request validation failed: your request body or params contain invalid data: Could not find rootRole=${shown}`)
    t.same(e.details, [{ path: '/body/rootRole', message: `Could not find rootRole=${shown}` }])
  }
  t.same(plain(api.state()), before)
})

t.test('a username or an email is required; empty strings count as none', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  for (const body of [{ name: 'No Identity', rootRole: 'Viewer' }, { username: '', email: '', rootRole: 3 }]) {
    const e = err(await create(api, body))
    t.equal(e._tag, 'ValidationError')
    t.equal(e.message, 'Request validation failed: your request body or params contain invalid data: You must specify username or email')
    t.same(e.details, [{ message: 'You must specify username or email' }])
  }
  t.same(plain(api.state()), before)
})

t.test('every problem is reported at once', async (t) => {
  const { api } = await makeApi()
  ok(await create(api, { username: 'taken', email: 'taken@example.com', rootRole: 1 }))
  const before = plain(api.state())
  const e = err(await create(api, { username: 'taken', email: 'TAKEN@example.com', rootRole: 'Nobody' }))
  t.same(e.details, [
    { path: '/body/email', message: 'User already exists' },
    { path: '/body/username', message: 'User already exists' },
    { path: '/body/rootRole', message: 'Could not find rootRole=Nobody' },
  ])
  t.equal(e.message, 'Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information.')
  t.same(plain(api.state()), before)
})

t.test('the body schema: rootRole required, unknown properties and wrong types refused', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  t.same(err(await create(api, { email: 'nobody@example.com' })).details, [
    { path: '/body/rootRole', message: 'The `/body/rootRole` property is required. It was not present on the data you sent.' },
  ])
  t.same(err(await create(api, { email: 'x@example.com', rootRole: 1, project: 'default' })).details, [
    { path: '/body/project', message: 'The `/body` object does not allow additional properties. Your request included the `/body/project` property.' },
  ])
  t.same(err(await create(api, { username: 5, sendEmail: 'yes', rootRole: true })).details.map((d) => d.path), ['/body/username', '/body/sendEmail', '/body/rootRole'])
  t.equal(err(await create(api, { username: 'x', rootRole: 1.5 })).details[0]!.path, '/body/rootRole')
  t.equal(err(await create(api, 'not an object'))._tag, 'ValidationError')
  const unnamed = err(await create(api, { email: 'x@example.com', name: '', rootRole: 3 }))
  t.same(unnamed.details.map((d) => d.path), ['/body/name'], 'an empty name is refused on creation, as Unleash refuses it')
  t.same(plain(api.state()), before)
  t.equal(ok(await create(api, { email: 'y@example.com', name: ' ', rootRole: 3 })).name, ' ', 'a blank one is taken, as in Unleash')
})

t.test('email must be valid by Joi\'s rule as Unleash applies it (a top-level domain on IANA\'s list) and is stored lower-cased', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  // Unleash 8.2 refuses each of these too; the last five for a top-level domain not on IANA's list, or its characters.
  for (const email of ['nope', 'a@', '@b.com', 'a b@c.com', 'a@b..com', 'a@-b.com', 'a@localhost', 'b@example.test', 'c@b.c', 'd@ex_ample.com', 'e@[127.0.0.1]']) {
    const e = err(await create(api, { email, rootRole: 3 }))
    t.same(e.details, [{ path: '/body/email', message: `The \`/body/email\` property must be a valid e-mail address. You sent ${JSON.stringify(email)}.` }], email)
  }
  t.same(plain(api.state()), before)
  for (const email of ['First.Last+tag@Sub.Example.COM', 'jörg@bücher.de', 'g@com', 'h@пример.рф', 'i@example.XN--P1AI', 'j@example.co.uk']) {
    const user = ok(await create(api, { email, rootRole: 3 }))
    t.equal(user.email, email.toLowerCase())
    t.equal(stored(api, user.id).email, email.toLowerCase())
  }
})

t.test('a username or email in use is refused (email case-insensitively, username exactly)', async (t) => {
  const { api } = await makeApi()
  ok(await create(api, { username: 'bob', email: 'bob@example.com', rootRole: 3 }))
  ok(await api.serviceAccounts.create({ params: {}, body: { username: 'robot', rootRole: 3 } }))
  const before = plain(api.state())
  t.same(err(await create(api, { email: 'BOB@Example.com', rootRole: 3 })).details, [{ path: '/body/email', message: 'User already exists' }])
  t.same(err(await create(api, { username: 'bob', email: 'other@example.com', rootRole: 3 })).details, [{ path: '/body/username', message: 'User already exists' }])
  t.equal(err(await create(api, { username: 'robot', rootRole: 3 })).message, 'Request validation failed: your request body or params contain invalid data: User already exists', 'service accounts count')
  t.same(plain(api.state()), before)
  t.equal(ok(await create(api, { username: 'Bob', rootRole: 3 })).username, 'Bob', 'usernames differ by case')
})

t.test('an e-mail or username is free again once its account lets it go (deleted, or its e-mail changed)', async (t) => {
  const { api } = await makeApi()
  const ann = ok(await create(api, { username: 'ann', email: 'ann@example.com', rootRole: 3 }))
  const robot = ok(await api.serviceAccounts.create({ params: {}, body: { username: 'robot', rootRole: 3 } }))
  ok(await api.users.update({ params: { id: String(ann.id) }, body: { email: 'ann@elsewhere.org' } }))
  t.equal(ok(await create(api, { email: 'ANN@example.com', rootRole: 3 })).email, 'ann@example.com', 'the old e-mail is free')
  t.same(err(await create(api, { email: 'ann@elsewhere.org', rootRole: 3 })).details, [{ path: '/body/email', message: 'User already exists' }], 'the new one is taken')
  ok(await api.users.delete({ params: { id: String(ann.id) } }))
  ok(await api.serviceAccounts.delete({ params: { id: String(robot.id) } }))
  t.ok(ok(await create(api, { username: 'ann', email: 'ann@elsewhere.org', rootRole: 3 })), 'a deleted user\'s username and e-mail are free')
  t.ok(ok(await create(api, { username: 'robot', rootRole: 3 })), 'and a deleted service account\'s username')
  const state = api.state()
  const held = [...committedEntries(state.identities)].sort()
  const expected = [...rows(state.users)].flatMap((u) => identityKeys(u).map((key) => [key, u.id] as [string, number])).sort()
  t.same(held, expected, 'the index holds exactly the identities of the accounts there are')
  t.equal(held.length, 5, 'with the built-in admin\'s username')
})

t.test('the password is stored only as a salted scrypt hash, never returned or recorded', async (t) => {
  const { api } = await makeApi()
  const password = 'Sup3r-Secret-Passw0rd!'
  const a = ok(await create(api, { username: 'oracle-viewer', rootRole: 3, password, sendEmail: false }))
  const b = ok(await create(api, { username: 'twin', rootRole: 3, password }))
  t.equal(a.imageUrl, gravatar('bf118b5091f0348b2ebca5b8a2deb103aaf385854e1912b9cbf51e2f31d2328f'), 'gravatar of the username (sample 03)')
  const hashA = stored(api, a.id).passwordHash!
  t.match(hashA, new RegExp(`^scrypt\\$${TEST_HASH_COST},8,1\\$[0-9a-f]{32}\\$[0-9a-f]{64}$`), 'its cost written in it: the configured N, r = 8, p = 1')
  t.not(hashA, stored(api, b.id).passwordHash, 'salted: the same password hashes differently')
  t.ok(await verifyPassword(password, hashA))
  t.notOk(await verifyPassword('wrong', hashA))
  t.notOk(JSON.stringify(a).includes(password) || JSON.stringify(a).includes('password'))
  t.notOk(JSON.stringify(api.state()).includes(password), 'the password itself is nowhere in the store')
  t.notOk(JSON.stringify(api.events(10)).includes('scrypt$'), 'nor its hash in an event')
  t.equal(stored(api, ok(await create(api, { username: 'nopass', rootRole: 3 })).id).passwordHash, null)
  t.equal(stored(api, ok(await create(api, { username: 'empty', rootRole: 3, password: '' })).id).passwordHash, null, 'an empty password is no password')
})

t.test('the invite link uses the configured unleashUrl and is listed', async (t) => {
  const { api } = await makeApi({ config: { unleashUrl: 'https://flags.example.com/' } })
  const user = ok(await create(api, { username: 'inv', rootRole: 3 }))
  const token = stored(api, user.id).inviteToken!
  t.equal(user.inviteLink, `https://flags.example.com/new-user?token=${token}`)
  t.equal(ok(await api.users.list({ params: {} })).users[1]!.inviteLink, user.inviteLink)
})

t.test('create user admits its caller on the synced store (a token made by another process counts)', async (t) => {
  const { api: writer } = await makeApi({ tokens: true })
  const admin = ok(await writer.users.create({ authorization: ADMIN_TOKEN, params: {}, body: { username: 'root', rootRole: 'Admin' } }))
  // A handle that still shows the store as it was until it is synced, as one in another process would.
  let stale: Snapshot | null = null
  const storage: StoragePort = { ...internalsOf(writer).storage, head: () => stale ?? internalsOf(writer).storage.head(), sync: async () => ((stale = null), internalsOf(writer).storage.sync()) }
  const { api: reader } = await makeApi({ tokens: true, storage })
  stale = internalsOf(writer).storage.head()
  const pat = ok(await writer.personalTokens.create({ authorization: ADMIN_TOKEN, params: { id: String(admin.id) }, body: { description: 'elsewhere', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  t.equal(ok(await reader.users.create({ authorization: pat.secret, params: {}, body: { username: 'made-with-a-fresh-token', rootRole: 3 } })).username, 'made-with-a-fresh-token')
})

t.test('the invite link is offered for 24 hours, then listed as ""', async (t) => {
  const { api, clock } = await makeApi()
  const user = ok(await create(api, { email: 'late@example.com', rootRole: 3 }))
  t.equal(stored(api, user.id).inviteExpiresAt, '2026-01-02T00:00:00.000Z')
  const listed = async () => ok(await api.users.list({ params: {} })).users[1]!.inviteLink
  clock.advance(24 * 60 * 60 * 1000 - 1)
  t.equal(await listed(), user.inviteLink, 'still offered a millisecond before')
  clock.advance(1)
  t.equal(await listed(), '', 'expired: no link')
  const { inviteExpiresAt: _, ...legacy } = stored(api, user.id)
  t.equal(inviteLink(legacy, 'http://x', '2100-01-01T00:00:00.000Z'), `http://x/new-user?token=${legacy.inviteToken}`, 'a user stored without an expiry keeps its link')
  t.equal(inviteLink({ ...legacy, inviteToken: null }, 'http://x', '2026-01-01T00:00:00.000Z'), '', 'no invite: ""')
})

t.test('the welcome mail goes through the e-mail port', async (t) => {
  const sent: unknown[] = []
  const port = (answer: () => Promise<boolean>): EmailPort => ({
    sendWelcome: async (m) => {
      sent.push(m)
      return answer()
    },
  })
  const without = (await makeApi()).api
  t.equal(ok(await create(without, { email: 'a@example.com', rootRole: 3 })).emailSent, false, 'no port: not sent')

  const { api } = await makeApi({ email: port(async () => true) })
  const user = ok(await create(api, { email: 'Mail@Example.com', name: 'Mail', rootRole: 3 }))
  t.equal(user.emailSent, true)
  t.same(sent, [{ to: 'mail@example.com', name: 'Mail', inviteLink: user.inviteLink }])
  t.equal(ok(await create(api, { email: 'quiet@example.com', rootRole: 3, sendEmail: false })).emailSent, false)
  t.equal(ok(await create(api, { username: 'no-address', rootRole: 3 })).emailSent, false)
  t.equal(sent.length, 1, 'neither sendEmail:false nor a user without e-mail sends')

  const failing = (await makeApi({ email: port(async () => false) })).api
  t.equal(ok(await create(failing, { email: 'f@example.com', rootRole: 3 })).emailSent, false)
  const throwing = (await makeApi({ email: port(async () => Promise.reject(new Error('smtp down'))) })).api
  const kept = ok(await create(throwing, { email: 't@example.com', rootRole: 3 }))
  t.equal(kept.emailSent, false, 'a failed mail is reported, not an error')
  t.ok(stored(throwing, kept.id), 'and the user is kept')
})

t.test('list users: creation order, service accounts left out, root roles (sample 10)', async (t) => {
  const { api } = await makeApi()
  const empty = ok(await api.users.list({ params: {} }))
  t.same(empty.users.map((u) => [u.id, u.username, u.rootRole]), [[1, 'admin', 1]], 'only the built-in admin')
  t.same(empty.rootRoles.map((r) => [r.id, r.name, r.type]), [[1, 'Admin', 'root'], [2, 'Editor', 'root'], [3, 'Viewer', 'root']])
  t.match(empty.rootRoles[2]!.description, /^Users with the root viewer role/)
  for (let i = 0; i < 12; i++) ok(await create(api, { username: `user-${i}`, rootRole: 1 + (i % 3) }))
  ok(await api.serviceAccounts.create({ params: {}, body: { username: 'robot', rootRole: 1 } }))
  const { users } = ok(await api.users.list({ params: {} }))
  t.same(users.map((u) => u.id), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
  t.equal(users[3]!.rootRole, 3)
  t.ok(users.every((u) => u.accountType === 'User' && !('emailSent' in u)))
})

t.test('get a user; unknown ids and service accounts are not found, non-integers are refused', async (t) => {
  const { api } = await makeApi()
  const user = ok(await create(api, { username: '__proto__', rootRole: 3 }))
  ok(await api.serviceAccounts.create({ params: {}, body: { username: 'robot', rootRole: 1 } }))
  t.equal(ok(await api.users.get({ params: { id: '2' } })).username, '__proto__')
  const { inviteLink: _, emailSent: __, ...account } = user
  t.same(ok(await api.users.get({ params: { id: String(user.id) } })), account, 'the account as created, without the invite link, as Unleash answers one user')
  t.same(ok(await api.users.update({ params: { id: String(user.id) }, body: {} })), account, 'and so does an update')
  for (const id of ['99', '3', '-1']) {
    const e = err(await api.users.get({ params: { id } }))
    t.equal(e._tag, 'NotFoundError')
    t.equal(e.message, 'No user found', "Unleash's words")
  }
  // Unleash's schema declares the id an integer: anything else is a 400 naming it.
  for (const id of ['abc', '1.5', '__proto__', '']) {
    for (const call of [api.users.get, api.users.delete]) {
      const e = err(await call({ params: { id } }))
      t.same([e._tag, e.details], ['ValidationError', [{ path: '/params/id', message: `The \`/params/id\` property must be integer. You sent ${JSON.stringify(id)}.` }]], id)
    }
  }
})

t.test('update a user: only the fields sent change', async (t) => {
  const { api } = await makeApi()
  ok(await create(api, { username: 'carol', email: 'carol@example.com', name: 'Carol', rootRole: 3 }))
  ok(await create(api, { email: 'dave@example.com', rootRole: 3 }))
  const renamed = ok(await api.users.update({ params: { id: '2' }, body: raw({ name: 'Caroline', ignored: true })}))
  t.equal(renamed.name, 'Caroline')
  t.equal(renamed.email, 'carol@example.com')
  t.equal(renamed.rootRole, 3)
  const [event] = api.events(1)
  t.equal(event!.type, 'user-updated')
  t.same(event!.preData, { id: 2, name: 'Carol', username: 'carol', email: 'carol@example.com', rootRole: 3 })

  const moved = ok(await api.users.update({ params: { id: '2' }, body: { email: 'Oracle-User@Example.com', rootRole: { name: 'Editor' } } }))
  t.equal(moved.email, 'oracle-user@example.com')
  t.equal(moved.rootRole, 2)
  t.equal(moved.imageUrl, gravatar('da1b4a8fb19105a2bfef9a123d35fb26946fc94cd363d398ef416aa28f2c38bd'), 'the image follows the e-mail')
  t.equal(ok(await api.users.update({ params: { id: '2' }, body: { name: null } })).name, undefined, 'a null name clears it')

  const events = api.events(100).length
  ok(await api.users.update({ params: { id: '2' }, body: {} }))
  t.equal(api.events(100).length, events, 'no change, no event')
})

t.test('a refused update changes nothing', async (t) => {
  const { api } = await makeApi()
  ok(await create(api, { email: 'carol@example.com', rootRole: 3 }))
  ok(await create(api, { email: 'dave@example.com', rootRole: 3 }))
  const before = plain(api.state())
  t.same(err(await api.users.update({ params: { id: '3' }, body: { email: 'CAROL@example.com', rootRole: 'Boss', name: 'x' } })).details, [
    { path: '/body/email', message: 'User already exists' },
    { path: '/body/rootRole', message: 'Could not find rootRole=Boss' },
  ])
  t.same(err(await api.users.update({ params: { id: '3' }, body: { email: 'bad' } })).details.map((d) => d.path), ['/body/email'])
  t.equal(err(await api.users.update({ params: { id: '9' }, body: { name: 'x' } }))._tag, 'NotFoundError')
  t.same(plain(api.state()), before)
  t.equal(ok(await api.users.update({ params: { id: '3' }, body: { email: 'DAVE@example.com' } })).email, 'dave@example.com', 'its own e-mail is not taken')
})

t.test('delete a user: it leaves its groups and its tokens stop working', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const admin = { authorization: '*:*.test-admin-secret' }
  const user = ok(await api.users.create({ ...admin, params: {}, body: { username: 'leaver', rootRole: 1 } }))
  const pat = ok(await api.personalTokens.create({ ...admin, params: { id: String(user.id) }, body: { description: 'laptop', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  ok(await api.groups.create({ ...admin, params: {}, body: { name: 'team', users: [{ user: { id: user.id } }] } }))
  ok(await api.users.list({ authorization: pat.secret, params: {} }))

  ok(await api.users.delete({ ...admin, params: { id: String(user.id) } }))
  t.equal(api.state().users.size, 1, 'the built-in admin is left')
  t.equal(api.state().apiTokens.size, 0)
  t.same(ok(await api.groups.get({ ...admin, params: { id: '1' } })).users, [])
  t.equal(err(await api.users.list({ authorization: pat.secret, params: {} }))._tag, 'AuthenticationRequired')
  const [event] = api.events(1)
  t.equal(event!.type, 'user-deleted')
  t.same(event!.preData, { id: 2, name: null, username: 'leaver', email: null, rootRole: 1 })

  const before = plain(api.state())
  t.equal(err(await api.users.delete({ ...admin, params: { id: String(user.id) } })).message, 'No user found')
  t.same(plain(api.state()), before)
})

t.test("user search and the admin count, as Unleash's user admin answers them", async (t) => {
  const { api } = await makeApi()
  const ada = ok(await api.users.create({ params: {}, body: { name: 'Ada Lovelace', email: 'ada@example.com', rootRole: 1 } }))
  const bob = ok(await api.users.create({ params: {}, body: { name: 'Bob', username: 'bobby', rootRole: 2, password: 'Correct-horse-9!' } as never }))
  ok(await api.serviceAccounts.create({ params: {}, body: { username: 'robot', name: 'Robot Lace', rootRole: 1 } }))
  const found = async (q?: string) => ok(await api.users.search({ params: {}, ...(q === undefined ? {} : { query: { q } }) }))
  t.same((await found('lace')).map((u) => u.name), ['Ada Lovelace', 'Robot Lace'], 'a name containing it, ignoring case; service accounts too, as in Unleash')
  t.same((await found('BOB')).map((u) => u.id), [bob.id], 'a username starting with it')
  t.same((await found('ada@')).map((u) => u.id), [ada.id], 'an e-mail starting with it')
  t.same(await found('xample'), [], 'not an e-mail containing it')
  t.same([await found('a'), await found()], [[], []], 'under two characters: nothing')
  t.same(Object.keys((await found('ada'))[0]!), ['accountType', 'id', 'name', 'email', 'imageUrl', 'seenAt', 'scimId', 'seatType', 'companyRole', 'productUpdatesEmailConsent'], "Unleash's public columns")
  t.same(ok(await api.users.adminCount({ params: {} })), { password: 0, noPassword: 2, service: 1 }, 'Ada and the built-in admin')
})

t.test("who the caller is (GET /api/admin/user): a user's account and permissions; a token's scope, never its secret", async (t) => {
  const { api } = await makeApi({ tokens: true })
  const admin = { authorization: ADMIN_TOKEN }
  const asAdmin = ok(await api.users.me({ ...admin, params: {} }))
  t.same(asAdmin.permissions, [{ permission: 'ADMIN' }])
  t.match(asAdmin.user, { id: -42, type: 'admin', environment: '*', projects: ['*'] })
  t.notOk(JSON.stringify(asAdmin).includes(ADMIN_TOKEN.split('.')[1]!), 'not the secret, which Unleash answers')

  const user = ok(await api.users.create({ ...admin, params: {}, body: { email: 'v@example.com', name: 'Vi', rootRole: 3 } }))
  const { secret } = ok(await api.personalTokens.create({ ...admin, params: { id: String(user.id) }, body: { description: 'mine', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  const asViewer = ok(await api.users.me({ authorization: secret, params: {} }))
  t.match(asViewer.user, { accountType: 'User', id: user.id, name: 'Vi', email: 'v@example.com' })
  t.notOk('rootRole' in asViewer.user, "Unleash's session user has no rootRole")
  t.same(asViewer.permissions, [], 'a Viewer holds none')
})
