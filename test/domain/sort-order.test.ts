import t from 'tap'
import * as E from 'fp-ts/lib/Either.js'
import { openAuth } from '../../adapters/auth/open.js'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

const path = { projectId: 'default', featureName: 'flag', environment: 'development' }

const setup = async () => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  const one = ok(await api.strategies.add({ params: path, body: { name: 'default', title: 'one' } }))
  const two = ok(await api.strategies.add({ params: path, body: { name: 'default', title: 'two' } }))
  return { api, one, two }
}

const order = async (api: Awaited<ReturnType<typeof setup>>['api']) =>
  ok(await api.strategies.list({ params: path })).map((s) => [s.title, s.sortOrder])

t.test('new strategies get max + 1, 0 for the first', async (t) => {
  const { api } = await setup()
  t.same(await order(api), [['one', 0], ['two', 1]])
})

t.test('listed strategies take the new sortOrder; the others keep theirs (Unleash e2e sequence)', async (t) => {
  const { api, one, two } = await setup()
  ok(await api.strategies.setSortOrder({ params: path, body: [{ id: one.id, sortOrder: 2 }, { id: two.id, sortOrder: 1 }] }))
  t.same(await order(api), [['two', 1], ['one', 2]])
  const three = ok(await api.strategies.add({ params: path, body: { name: 'default', title: 'three' } }))
  const four = ok(await api.strategies.add({ params: path, body: { name: 'default', title: 'four' } }))
  t.equal(three.sortOrder, 3)
  t.equal(four.sortOrder, 4)
  ok(await api.strategies.setSortOrder({ params: path, body: [{ id: four.id, sortOrder: 0 }] }))
  t.same(await order(api), [['four', 0], ['two', 1], ['one', 2], ['three', 3]])
})

t.test('equal sortOrders are ordered by id', async (t) => {
  const { api, one, two } = await setup()
  ok(await api.strategies.setSortOrder({ params: path, body: [{ id: two.id, sortOrder: 7 }, { id: one.id, sortOrder: 7 }] }))
  const ids = ok(await api.strategies.list({ params: path })).map((s) => s.id)
  t.same(ids, [one.id, two.id].sort())
})

t.test('an empty list succeeds, changes no order and records an event', async (t) => {
  const { api } = await setup()
  ok(await api.strategies.setSortOrder({ params: path, body: [] }))
  t.same(await order(api), [['one', 0], ['two', 1]])
  t.match(api.events(1)[0], { type: 'strategy-order-changed', featureName: 'flag', environment: 'development' })
})

t.test('the event carries the order before and after', async (t) => {
  const { api, one, two } = await setup()
  ok(await api.strategies.setSortOrder({ params: path, body: [{ id: one.id, sortOrder: 9 }] }))
  t.match(api.events(1)[0], { preData: { strategyIds: [one.id, two.id] }, data: { strategyIds: [two.id, one.id] } })
})

t.test('an id that is not a strategy of this feature environment refuses the whole request', async (t) => {
  const { api, one } = await setup()
  const before = plain(api.state())
  const e = err(await api.strategies.setSortOrder({ params: path, body: [{ id: one.id, sortOrder: 5 }, { id: 'nope', sortOrder: 1 }] }))
  t.equal(e._tag, 'ValidationError')
  t.same(e.details.map((d) => d.path), ['/body/1/id'])
  t.same(plain(api.state()), before)
})

t.test('a strategy of another environment is unknown here', async (t) => {
  const { api } = await setup()
  const prod = ok(await api.strategies.add({ params: { ...path, environment: 'production' }, body: { name: 'default' } }))
  const e = err(await api.strategies.setSortOrder({ params: path, body: [{ id: prod.id, sortOrder: 1 }] }))
  t.equal(e._tag, 'ValidationError')
})

t.test('a missing feature, another project or an unknown environment is 404 with Unleash message', async (t) => {
  const { api } = await setup()
  for (const p of [
    { ...path, featureName: 'nope' },
    { ...path, projectId: 'other' },
    { ...path, environment: 'staging' },
  ]) {
    const e = err(await api.strategies.setSortOrder({ params: p, body: [] }))
    t.equal(e._tag, 'NotFoundError')
    t.equal(e.message, `Feature ${p.featureName} does not have environment ${p.environment}`)
  }
})

t.test('the body must be an array of { id, sortOrder } and nothing else', async (t) => {
  const { api, one } = await setup()
  const cases: [unknown, string[]][] = [
    [{ id: one.id, sortOrder: 1 }, ['/body']],
    [[{ id: one.id }], ['/body/0/sortOrder']],
    [[{ id: one.id, sortOrder: '1' }], ['/body/0/sortOrder']],
    [[{ id: one.id, sortOrder: 1, extra: true }], ['/body/0/extra']],
    [[{ sortOrder: 1 }, { id: 3, sortOrder: 2 }], ['/body/0/id', '/body/1/id']],
  ]
  for (const [body, paths] of cases) {
    const e = err(await api.strategies.setSortOrder({ params: path, body: raw(body) }))
    t.equal(e._tag, 'ValidationError')
    t.same(e.details.map((d) => d.path), paths, JSON.stringify(body))
  }
})

t.test('a fractional sortOrder is kept and orders between whole ones (Unleash fails with a 500 here)', async (t) => {
  const { api, one, two } = await setup()
  const three = ok(await api.strategies.add({ params: path, body: { name: 'default', title: 'three' } }))
  ok(await api.strategies.setSortOrder({ params: path, body: [{ id: three.id, sortOrder: 0.5 }] }))
  t.same(await order(api), [['one', 0], ['three', 0.5], ['two', 1]])
  t.same(ok(await api.strategies.list({ params: path })).map((s) => s.id), [one.id, three.id, two.id])
  t.same(ok(await api.strategies.setSortOrder({ params: path, body: [{ id: two.id, sortOrder: -2.25 }] })), undefined)
  t.same(await order(api), [['two', -2.25], ['one', 0], ['three', 0.5]])
})

t.test('the feature record lists strategies in the new order, and the caller becomes a collaborator', async (t) => {
  const { api: seeded, one } = await setup()
  const { api } = await makeApi({ storage: internalsOf(seeded).storage, auth: openAuth({ id: 5, name: 'sorter' }) })
  ok(await api.strategies.setSortOrder({ params: path, body: [{ id: one.id, sortOrder: 3 }] }))
  const feature = ok(await api.features.get({ params: { projectId: 'default', featureName: 'flag' } }))
  t.same(feature.environments.find((e) => e.name === 'development')!.strategies.map((s) => s.title), ['two', 'one'])
  t.equal(feature.collaborators.users[0]!.id, 5)
  t.match(api.events(1)[0], { type: 'strategy-order-changed', createdByUserId: 5 })
})

t.test('refusals change nothing: 404s, unknown ids, bad bodies; and need UPDATE_FEATURE_STRATEGY in that environment', async (t) => {
  const { api, one } = await setup()
  const before = plain(api.state())
  for (const [params, body] of [
    [{ ...path, featureName: 'nope' }, [{ id: one.id, sortOrder: 1 }]],
    [{ ...path, environment: 'staging' }, []],
    [path, [{ id: one.id, sortOrder: 1 }, { id: 'x', sortOrder: 1 }]],
    [path, [{ id: one.id, sortOrder: Number.NaN }]],
  ] as const) {
    err(await api.strategies.setSortOrder({ params, body }))
    t.same(plain(api.state()), before)
  }
  const viewer = { authenticate: () => E.right({ kind: 'user' as const, actor: { id: 9, name: 'viewer' }, permissions: ['UPDATE_FEATURE'] }) }
  const { api: limited } = await makeApi({ storage: internalsOf(api).storage, auth: viewer })
  const e = err(await limited.strategies.setSortOrder({ params: path, body: [] }))
  t.equal(e._tag, 'NoAccessError')
  t.equal(e.message, 'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_FEATURE_STRATEGY" permission in the "development" environment.')
  t.same(plain(api.state()), before)
})
