import t from 'tap'
import { makeApi, ok, err, plain } from '../support/api.js'

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
    const e = err(await api.strategies.setSortOrder({ params: path, body }))
    t.equal(e._tag, 'ValidationError')
    t.same(e.details.map((d) => d.path), paths, JSON.stringify(body))
  }
})
