import t from 'tap'
import * as E from 'fp-ts/lib/Either.js'
import { openAuth } from '../../adapters/auth/open.js'
import { rows } from '../../src/store/table.js'
import type { AuthPort } from '../../src/ports/auth.js'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

const defaults = { description: null, featureLimit: null, mode: 'open', defaultStickiness: 'default', environments: ['development', 'production'], changeRequestEnvironments: [] }

/** A caller holding exactly these permissions (a user of a custom role). */
const holding = (permissions: string[]): AuthPort => ({
  authenticate: () => E.right({ kind: 'user', actor: { id: 9, name: 'limited' }, permissions }),
})

const ids = (projects: { id: string }[]) => projects.map((p) => p.id)

t.test('create project returns the spec record with its defaults and stores it', async (t) => {
  const { api } = await makeApi({ auth: openAuth({ id: 7, name: 'alice' }) })
  const created = ok(await api.projects.create({ params: {}, body: { id: 'checkout', name: 'Checkout', description: 'the shop' } }))
  t.same(created, { ...defaults, id: 'checkout', name: 'Checkout', description: 'the shop' })
  t.same(ok(await api.projects.get({ params: { projectId: 'checkout' } })), created)
  const stored = plain(api.state().projects) as unknown
  t.ok(JSON.stringify(stored).includes('"createdAt":"2026-01-01T00:00:00.000Z"'))
  const [event] = api.events(1)
  t.match(event, { type: 'project-created', project: 'checkout', createdBy: 'alice', createdByUserId: 7, data: created })
})

t.test('the creator, when a user, becomes the owner; tokens and the system own nothing', async (t) => {
  const asUser = (await makeApi({ auth: openAuth({ id: 7, name: 'alice' }) })).api
  ok(await asUser.projects.create({ params: {}, body: { name: 'Mine' } }))
  const mine = ok(await asUser.projects.list({ params: {} })).projects.find((p) => p.id === 'mine')!
  t.same(mine.owners, [{ ownerType: 'user', id: 7, name: 'unknown', imageUrl: '' }])
  t.equal(mine.memberCount, 1)

  const asToken = (await makeApi({ auth: openAuth({ id: -42, name: 'admin-token' }) })).api
  ok(await asToken.projects.create({ params: {}, body: { name: 'Theirs' } }))
  const theirs = ok(await asToken.projects.list({ params: {} })).projects.find((p) => p.id === 'theirs')!
  t.same(theirs.owners, [{ ownerType: 'system' }])
  t.equal(theirs.memberCount, 0)
})

t.test('every optional field is stored as given', async (t) => {
  const { api } = await makeApi()
  const body = { id: 'p', name: 'P', description: null, mode: 'private', defaultStickiness: 'userId', featureLimit: 3, environments: ['production'] }
  const created = ok(await api.projects.create({ params: {}, body: raw({ ...body, unknownField: true, featureNaming: { pattern: 'x' } })}))
  t.same(created, { ...body, changeRequestEnvironments: [] }, 'unknown fields are ignored')
})

t.test('a missing, empty, null or blank id is generated from the name', async (t) => {
  const { api } = await makeApi()
  t.equal(ok(await api.projects.create({ params: {}, body: { name: 'New name' } })).id, 'new-name')
  for (const id of [undefined, '', '     ', null]) {
    ok(await api.projects.create({ params: {}, body: { name: 'some name', ...(id === undefined ? {} : { id }) } }))
  }
  const all = ids(ok(await api.projects.list({ params: {} })).projects)
  t.same(all.filter((id) => id.startsWith('some-name')).sort(), ['some-name', 'some-name-1', 'some-name-2', 'some-name-3'])
  t.equal(ok(await api.projects.create({ params: {}, body: { name: 'some name' } })).name, 'some name', 'names need not be unique')
})

t.test('the generated id: lower-case, accents dropped, only letters and digits, whitespace runs as -', async (t) => {
  const { api } = await makeApi()
  const idFor = async (name: string) => ok(await api.projects.create({ params: {}, body: { name } })).id
  t.equal(await idFor('  Café   Über  '), 'cafe-uber')
  t.equal(await idFor('My-Project_2!'), 'myproject2')
  t.equal(await idFor('a - b'), 'a-b')
  t.equal(await idFor('日本'), '5pel5pys', 'a name with nothing to keep is slugged from its UTF-8 base64, as Unleash does')
})

t.test('the generated id is cut to 90 characters; the suffix may pass them', async (t) => {
  const { api } = await makeApi()
  const name = 'x'.repeat(200)
  t.equal(ok(await api.projects.create({ params: {}, body: { name } })).id, 'x'.repeat(90))
  t.equal(ok(await api.projects.create({ params: {}, body: { name } })).id, `${'x'.repeat(90)}-1`)
})

t.test('an explicit id in use is a 409 and changes nothing', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  const e = err(await api.projects.create({ params: {}, body: { id: 'default', name: 'Again' } }))
  t.equal(e._tag, 'NameExistsError')
  t.equal(e.message, 'A project with this id already exists.')
  t.same(plain(api.state()), before)
})

t.test('the id pattern: [A-Za-z0-9_~.-], at most 100 characters, not . or ..', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  for (const id of ['has space', 'ü', 'a/b', '.', '..', 'x'.repeat(101), 5]) {
    const e = err(await api.projects.create({ params: {}, body: raw({ id, name: 'P' })}))
    t.equal(e._tag, 'ValidationError', `id ${JSON.stringify(id)}`)
    t.same(e.details.map((d) => d.path), ['/body/id'])
  }
  t.same(plain(api.state()), before)
  for (const id of ['~a.b_c-D9', 'y'.repeat(100)]) t.equal(ok(await api.projects.create({ params: {}, body: { id, name: 'P' } })).id, id)
})

t.test('a missing or blank name is refused', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  for (const body of [{}, { name: '' }, { name: '  \t ' }, { name: 4 }]) {
    const e = err(await api.projects.create({ params: {}, body: raw(body) }))
    t.equal(e._tag, 'ValidationError')
    t.same(e.details.map((d) => d.path), ['/body/name'])
  }
  t.match(err(await api.projects.create({ params: {}, body: raw({})})).details[0]!.message, /required/)
  t.same(plain(api.state()), before)
})

t.test('every problem of a body is reported at once', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  const e = err(await api.projects.create({ params: {}, body: raw({ id: 'a b', name: ' ', mode: 'secret', environments: [], featureLimit: -1, defaultStickiness: '' })}))
  t.same(e.details.map((d) => d.path).sort(), ['/body/defaultStickiness', '/body/environments', '/body/featureLimit', '/body/id', '/body/mode', '/body/name'])
  t.same(plain(api.state()), before)
})

t.test('environments: at least one when given, each must exist, duplicates kept once', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  const empty = err(await api.projects.create({ params: {}, body: { name: 'P', environments: [] } }))
  t.same(empty.details.map((d) => d.path), ['/body/environments'])
  const missing = err(await api.projects.create({ params: {}, body: { name: 'P', environments: ['development', 'nope', 'gone'] } }))
  t.equal(missing._tag, 'ValidationError')
  t.same(missing.details, [
    { path: '/body/environments/1', message: 'The environment "nope" does not exist.' },
    { path: '/body/environments/2', message: 'The environment "gone" does not exist.' },
  ])
  t.same(plain(api.state()), before)
  const deduped = ok(await api.projects.create({ params: {}, body: { name: 'P', environments: ['production', 'development', 'production'] } }))
  t.same(deduped.environments, ['production', 'development'], 'in the order given')
})

t.test('without environments a project gets every enabled one; a disabled one only when named', async (t) => {
  const { api } = await makeApi()
  ok(await api.environments.disable({ params: { name: 'production' } }))
  t.same(ok(await api.projects.create({ params: {}, body: { name: 'A' } })).environments, ['development'])
  t.same(ok(await api.projects.create({ params: {}, body: { name: 'B', environments: ['production'] } })).environments, ['production'])
  ok(await api.environments.disable({ params: { name: 'development' } }))
  const before = plain(api.state())
  const e = err(await api.projects.create({ params: {}, body: { name: 'C' } }))
  t.equal(e._tag, 'ValidationError', 'a project never has no environment')
  t.same(e.details.map((d) => d.path), ['/body/environments'])
  t.same(plain(api.state()), before)
})

t.test('changeRequestEnvironments: names must exist; requiredApprovals defaults to 1, clamped to 1..10', async (t) => {
  const { api } = await makeApi()
  const created = ok(await api.projects.create({
    params: {},
    body: {
      name: 'P',
      environments: ['development'],
      changeRequestEnvironments: [{ name: 'development' }, { name: 'production', requiredApprovals: 50 }],
    },
  }))
  t.same(created.changeRequestEnvironments, [{ name: 'development', requiredApprovals: 1 }, { name: 'production', requiredApprovals: 10 }], 'an environment outside `environments` still gets change requests')
  const low = ok(await api.projects.create({ params: {}, body: { name: 'Q', changeRequestEnvironments: [{ name: 'development', requiredApprovals: 0 }, { name: 'production', requiredApprovals: -3 }] } }))
  t.same(low.changeRequestEnvironments.map((c) => c.requiredApprovals), [1, 1])

  const before = plain(api.state())
  const bad = err(await api.projects.create({
    params: {},
    body: { name: 'R', changeRequestEnvironments: [{ name: 'nope' }, { name: 'development' }, { name: 'development' }] },
  }))
  t.same(bad.details.map((d) => d.path), ['/body/changeRequestEnvironments/0/name', '/body/changeRequestEnvironments/2/name'])
  t.match(bad.details[1]!.message, /listed more than once/)
  const shape = err(await api.projects.create({ params: {}, body: raw({ name: 'R', changeRequestEnvironments: [{ requiredApprovals: 2.5 }] })}))
  t.same(shape.details.map((d) => d.path), ['/body/changeRequestEnvironments/0/name', '/body/changeRequestEnvironments/0/requiredApprovals'])
  t.same(plain(api.state()), before)
})

t.test('approvals an environment predefines win over the requested ones', async (t) => {
  const { api } = await makeApi()
  ok(await api.environments.create({ params: {}, body: { name: 'staging', type: 'test', requiredApprovals: 3 } }))
  const p = ok(await api.projects.create({ params: {}, body: { name: 'P', changeRequestEnvironments: [{ name: 'staging', requiredApprovals: 5 }] } }))
  t.same(p.changeRequestEnvironments, [{ name: 'staging', requiredApprovals: 3 }])
})

t.test("a project's featureLimit is enforced when features are created; archived features do not count", async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'small', name: 'Small', featureLimit: 1 } }))
  ok(await api.features.create({ params: { projectId: 'small' }, body: { name: 'one' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'elsewhere' } }))
  const before = plain(api.state())
  const e = err(await api.features.create({ params: { projectId: 'small' }, body: { name: 'two' } }))
  t.equal(e._tag, 'ExceedsLimitError')
  t.match(e.message, /established limit of 1\./)
  t.same(plain(api.state()), before)
  ok(await api.features.archive({ params: { projectId: 'small', featureName: 'one' } }))
  ok(await api.features.create({ params: { projectId: 'small' }, body: { name: 'two' } }))

  ok(await api.projects.create({ params: {}, body: { id: 'none', name: 'None', featureLimit: 0 } }))
  t.equal(err(await api.features.create({ params: { projectId: 'none' }, body: { name: 'three' } }))._tag, 'ExceedsLimitError')
})

t.test("the instance's project limit is an ExceedsLimitError and changes nothing", async (t) => {
  const { api } = await makeApi({ config: { resourceLimits: { projects: 2 } } })
  ok(await api.projects.create({ params: {}, body: { name: 'Second' } }))
  const before = plain(api.state())
  const e = err(await api.projects.create({ params: {}, body: { name: 'Third' } }))
  t.equal(e._tag, 'ExceedsLimitError')
  t.equal(e.message, "Failed to create project. You can't create more than the established limit of 2.")
  t.same(plain(api.state()), before)

  const zero = (await makeApi({ config: { resourceLimits: { projects: 0 } } })).api
  t.match(err(await zero.projects.create({ params: {}, body: { name: 'X' } })).message, /limit of 1\./, 'a limit below 1 counts as 1')
})

t.test('create project needs CREATE_PROJECT; get and list need none', async (t) => {
  const { api } = await makeApi({ auth: holding([]) })
  const before = plain(api.state())
  const e = err(await api.projects.create({ params: {}, body: { name: 'P' } }))
  t.equal(e._tag, 'NoAccessError')
  t.same(e.extra, { permissions: ['CREATE_PROJECT'] })
  t.same(plain(api.state()), before)
  t.equal(ok(await api.projects.get({ params: { projectId: 'default' } })).name, 'Default')
  t.same(ids(ok(await api.projects.list({ params: {} })).projects), ['default'])
  const editor = (await makeApi({ auth: holding(['CREATE_PROJECT']) })).api
  t.equal(ok(await editor.projects.create({ params: {}, body: { name: 'P' } })).id, 'p')
})

t.test('get: 404 for an unknown project', async (t) => {
  const { api } = await makeApi()
  const e = err(await api.projects.get({ params: { projectId: 'nope' } }))
  t.equal(e._tag, 'NotFoundError')
  t.equal(e.message, 'Could not find project with id "nope".')
})

t.test('list: sorted by name, with live feature counts', async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'z', name: 'alpha' } }))
  ok(await api.projects.create({ params: {}, body: { id: 'a', name: 'Zulu' } }))
  ok(await api.features.create({ params: { projectId: 'z' }, body: { name: 'f1' } }))
  ok(await api.features.create({ params: { projectId: 'z' }, body: { name: 'f2' } }))
  ok(await api.features.archive({ params: { projectId: 'z', featureName: 'f2' } }))
  const list = ok(await api.projects.list({ params: {} }))
  t.equal(list.version, 1)
  t.same(ids(list.projects), ['z', 'default', 'a'])
  t.same(list.projects.map((p) => p.featureCount), [1, 0, 0])
  t.equal(list.projects[0]!.createdAt, '2026-01-01T00:00:00.000Z')
  ok(await api.features.revive({ params: { featureName: 'f2' } }))
  ok(await api.features.create({ params: { projectId: 'a' }, body: { name: 'f3' } }))
  ok(await api.features.archive({ params: { projectId: 'z', featureName: 'f1' } }))
  ok(await api.features.deleteArchived({ params: { featureName: 'f1' } }))
  const counted = new Map<string, number>()
  for (const f of rows(api.state().features)) if (!f.archived) counted.set(f.project, (counted.get(f.project) ?? 0) + 1)
  const after = ok(await api.projects.list({ params: {} })).projects
  t.same(after.map((p) => p.featureCount), after.map((p) => counted.get(p.id) ?? 0), 'after reviving, creating, archiving and deleting: the counts of the live features there are')
  t.same(after.map((p) => p.featureCount), [1, 0, 1])
})

t.test('records handed out are copies: changing one does not change the store', async (t) => {
  const { api } = await makeApi()
  const p = ok(await api.projects.get({ params: { projectId: 'default' } }))
  const before = plain(api.state())
  ;(p.environments as string[]).push('hacked')
  t.same(plain(api.state()), before)
})

t.test('__proto__ and constructor are ordinary project ids', async (t) => {
  const { api } = await makeApi()
  for (const id of ['__proto__', 'constructor', 'hasOwnProperty', 'toString']) {
    t.equal(ok(await api.projects.create({ params: {}, body: { id, name: id } })).id, id)
    t.equal(ok(await api.projects.get({ params: { projectId: id } })).id, id)
    t.equal(ok(await api.features.create({ params: { projectId: id }, body: { name: `f-${id}` } })).project, id)
  }
  t.equal(api.state().projects.size, 5)
  t.equal(ok(await api.projects.create({ params: {}, body: { name: 'Constructor' } })).id, 'constructor-1')
  t.equal(ok(await api.projects.create({ params: {}, body: { name: 'To String' } })).id, 'to-string', 'a generated id is an ordinary key too')
})
