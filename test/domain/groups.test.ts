import t from 'tap'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

type Api = Awaited<ReturnType<typeof makeApi>>['api']
const create = (api: Api, body: unknown) => api.groups.create({ params: {}, body: raw(body) })
const member = (id: number) => ({ user: { id } })

/** Three users (ids 1..3) to put in groups. */
const withUsers = async () => {
  const made = await makeApi()
  for (const username of ['ann', 'ben', 'cid']) ok(await made.api.users.create({ params: {}, body: { username, rootRole: 3 } }))
  return made
}

t.test('a group is created with every field and listed (operation 7)', async (t) => {
  const { api } = await withUsers()
  const group = ok(await create(api, {
    name: 'Platform',
    description: 'platform team',
    mappingsSSO: ['okta-platform', 'okta-platform'],
    rootRole: 2,
    users: [member(1), member(2), member(1)],
    projects: ['default'],
  }))
  const account = async (id: string) => ok(await api.users.get({ params: { id } }))
  t.same(group, {
    id: 1,
    name: 'Platform',
    description: 'platform team',
    mappingsSSO: ['okta-platform'],
    rootRole: 2,
    createdBy: 'unknown',
    createdAt: '2026-01-01T00:00:00.000Z',
    users: [
      { joinedAt: '2026-01-01T00:00:00.000Z', createdBy: 'unknown', user: await account('1') },
      { joinedAt: '2026-01-01T00:00:00.000Z', createdBy: 'unknown', user: await account('2') },
    ],
    projects: ['default'],
    userCount: 2,
    scimId: null,
  })
  t.equal(group.users[1]!.user.username, 'ben')
  t.notOk('inviteLink' in group.users[0]!.user, 'members show no invite link')
  t.same(ok(await api.groups.list({ params: {} })), { groups: [group] })
  const [event] = api.events(1)
  t.equal(event!.type, 'group-created')
  t.same(event!.data, { id: 1, name: 'Platform', description: 'platform team', mappingsSSO: ['okta-platform'], rootRole: 2, users: [1, 2], projects: ['default'] })
})

t.test('defaults: no description, mappings, role, users or projects', async (t) => {
  const { api } = await makeApi()
  const group = ok(await create(api, { name: '__proto__' }))
  t.same(
    { ...group },
    { id: 1, name: '__proto__', description: '', mappingsSSO: [], rootRole: null, createdBy: 'unknown', createdAt: '2026-01-01T00:00:00.000Z', users: [], projects: [], userCount: 0, scimId: null },
  )
  t.same(ok(await api.groups.list({ params: {} })), { groups: [group] })
})

t.test('unknown users, projects and root role are all reported; nothing is created', async (t) => {
  const { api } = await withUsers()
  const before = plain(api.state())
  const e = err(await create(api, { name: 'g', rootRole: 7, users: [member(1), member(42), member(43)], projects: ['default', 'nope'] }))
  t.equal(e._tag, 'ValidationError')
  t.same(e.details, [
    { path: '/body/rootRole', message: 'Could not find rootRole=7' },
    { path: '/body/users/1/user/id', message: 'Could not find user with id 42' },
    { path: '/body/users/2/user/id', message: 'Could not find user with id 43' },
    { path: '/body/projects/1', message: 'Could not find project with id "nope".' },
  ])
  t.same(plain(api.state()), before)
})

t.test('the body schema names each bad path', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  t.same(err(await create(api, { description: 'no name' })).details.map((d) => d.path), ['/body/name'])
  t.same(err(await create(api, { name: '   ' })).details.map((d) => d.path), ['/body/name'])
  t.same(
    err(await create(api, { name: 'g', mappingsSSO: [1], rootRole: 'Admin', users: [{ id: 1 }, { user: { id: 'x' } }] })).details.map((d) => d.path),
    ['/body/mappingsSSO/0', '/body/rootRole', '/body/users/0/user', '/body/users/1/user/id'],
  )
  t.same(plain(api.state()), before)
})

t.test('group names are unique (409) and matched exactly', async (t) => {
  const { api } = await makeApi()
  ok(await create(api, { name: 'team' }))
  const before = plain(api.state())
  const e = err(await create(api, { name: 'team' }))
  t.equal(e._tag, 'NameExistsError')
  t.equal(e.message, 'Group name already exists')
  t.same(plain(api.state()), before)
  t.equal(ok(await create(api, { name: 'Team' })).id, 2)
})

t.test('update changes only the fields sent; users sent replace the membership', async (t) => {
  const { api, clock } = await withUsers()
  ok(await create(api, { name: 'g', description: 'd', mappingsSSO: ['m'], users: [member(1), member(2)] }))
  clock.advance(60_000)
  const later = '2026-01-01T00:01:00.000Z'
  const g = ok(await api.groups.update({ params: { id: '1' }, body: { users: [member(2), member(3)], rootRole: 3 } }))
  t.equal(g.description, 'd')
  t.same(g.mappingsSSO, ['m'])
  t.equal(g.rootRole, 3)
  t.same(g.users.map((m) => [m.user.id, m.joinedAt]), [[2, '2026-01-01T00:00:00.000Z'], [3, later]], 'a member who stays keeps when they joined')
  t.equal(g.userCount, 2)
  const [event] = api.events(1)
  t.equal(event!.type, 'group-updated')
  t.same((event!.preData as { users: number[] }).users, [1, 2])
  t.same((event!.data as { users: number[] }).users, [2, 3])

  const renamed = ok(await api.groups.update({ params: { id: '1' }, body: { name: 'renamed', description: '', rootRole: null, projects: ['default'] } }))
  t.same([renamed.name, renamed.description, renamed.rootRole, renamed.projects], ['renamed', '', null, ['default']])
  const count = api.events(100).length
  ok(await api.groups.update({ params: { id: '1' }, body: {} }))
  t.equal(api.events(100).length, count, 'no change, no event')
  t.equal(ok(await api.groups.update({ params: { id: '1' }, body: { name: 'renamed' } })).name, 'renamed', 'its own name is not taken')
})

t.test('a refused update changes nothing', async (t) => {
  const { api } = await withUsers()
  ok(await create(api, { name: 'a' }))
  ok(await create(api, { name: 'b' }))
  const before = plain(api.state())
  t.equal(err(await api.groups.update({ params: { id: '2' }, body: { name: 'a' } }))._tag, 'NameExistsError')
  t.same(err(await api.groups.update({ params: { id: '2' }, body: { users: [member(9)], projects: ['x'] } })).details.map((d) => d.path), [
    '/body/users/0/user/id',
    '/body/projects/0',
  ])
  const missing = err(await api.groups.update({ params: { id: '9' }, body: { name: 'c' } }))
  t.equal(missing._tag, 'NotFoundError')
  t.equal(missing.message, 'Could not find group with id 9')
  t.same(plain(api.state()), before)
})

t.test('add and remove members', async (t) => {
  const { api, clock } = await withUsers()
  ok(await create(api, { name: 'g', users: [member(1)] }))
  clock.advance(1000)
  const added = ok(await api.groups.addUsers({ params: { id: '1' }, body: { users: [member(1), member(2), member(3)] } }))
  t.same(added.users.map((m) => [m.user.id, m.joinedAt]), [[1, '2026-01-01T00:00:00.000Z'], [2, '2026-01-01T00:00:01.000Z'], [3, '2026-01-01T00:00:01.000Z']])
  t.same(api.events(2).map((e) => [e.type, e.data]), [['group-user-added', { groupId: 1, userId: 3 }], ['group-user-added', { groupId: 1, userId: 2 }]])

  const removed = ok(await api.groups.removeUsers({ params: { id: '1' }, body: { users: [member(1), member(3)] } }))
  t.same(removed.users.map((m) => m.user.id), [2])
  t.equal(removed.userCount, 1)
  t.equal(api.events(1)[0]!.type, 'group-user-removed')

  const count = api.events(100).length
  ok(await api.groups.removeUsers({ params: { id: '1' }, body: { users: [member(1)] } }))
  t.equal(api.events(100).length, count, 'removing a non-member changes nothing')

  const before = plain(api.state())
  t.same(err(await api.groups.addUsers({ params: { id: '1' }, body: { users: [member(2), member(77)] } })).details, [
    { path: '/body/users/1/user/id', message: 'Could not find user with id 77' },
  ])
  t.equal(err(await api.groups.removeUsers({ params: { id: '5' }, body: { users: [] } }))._tag, 'NotFoundError')
  t.same(plain(api.state()), before)
})

t.test('delete a group', async (t) => {
  const { api } = await makeApi()
  ok(await create(api, { name: 'g' }))
  ok(await api.groups.delete({ params: { id: '1' } }))
  t.same(ok(await api.groups.list({ params: {} })), { groups: [] })
  t.equal(api.events(1)[0]!.type, 'group-deleted')
  const before = plain(api.state())
  t.equal(err(await api.groups.delete({ params: { id: '1' } })).message, 'Could not find group with id 1')
  t.match(err(await api.groups.get({ params: { id: 'x' } })), { _tag: 'ValidationError', details: [{ path: '/params/id', message: 'The `/params/id` property must be integer. You sent "x".' }] })
  t.same(plain(api.state()), before)
})

t.test('groups list in creation order; userCount follows deleted users', async (t) => {
  const { api } = await withUsers()
  for (let i = 0; i < 12; i++) ok(await create(api, { name: `group-${i}`, users: [member(1), member(2)] }))
  ok(await api.users.delete({ params: { id: '1' } }))
  const { groups } = ok(await api.groups.list({ params: {} }))
  t.same(groups.map((g) => g.id), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  t.ok(groups.every((g) => g.userCount === 1 && g.users[0]!.user.id === 2))
})
