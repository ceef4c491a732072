import t from 'tap'
import { copyJson } from '../../src/model/json-copy.js'
import { ADMIN_TOKEN, makeApi, ok, err, plain } from '../support/api.js'

t.test('events are listed newest first and filtered by project, feature and type', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'a' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'b' } }))
  ok(await api.features.update({ params: { projectId: 'default', featureName: 'a' }, body: { stale: true } }))
  const all = ok(await api.instance.listEvents({ params: {} }))
  t.same(all.events.map((e) => [e.type, e.featureName]), [
    ['feature-metadata-updated', 'a'],
    ['feature-created', 'b'],
    ['feature-created', 'a'],
  ])
  t.equal(all.totalEvents, 3)
  t.same(ok(await api.instance.listEvents({ params: {}, query: { feature: 'a' } })).events.map((e) => e.type), ['feature-metadata-updated', 'feature-created'])
  t.same(ok(await api.instance.listEvents({ params: {}, query: { type: 'feature-created', limit: '1' } })).events.map((e) => e.featureName), ['b'])
  t.equal(ok(await api.instance.listEvents({ params: {}, query: { project: 'elsewhere' } })).events.length, 0)
  t.match(all.events[0], { id: 3, createdBy: 'unknown', createdByUserId: -1, createdAt: '2026-01-01T00:00:00.000Z' })
})

t.test("an event has every field Unleash sends, in its order, null where it has none", async (t) => {
  const { api } = await makeApi()
  ok(await api.tagTypes.create({ params: {}, body: { name: 'area' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'a' } }))
  ok(await api.features.enableEnvironment({ params: { projectId: 'default', featureName: 'a', environment: 'development' } }))
  const [enabled, , created, tagType] = ok(await api.instance.listEvents({ params: {} })).events
  const keys = ['id', 'type', 'createdBy', 'createdAt', 'createdByUserId', 'data', 'preData', 'tags', 'featureName', 'project', 'environment']
  for (const event of [enabled, created, tagType]) t.same(Object.keys(event!), keys, event!.type)
  t.match(tagType, { type: 'tag-type-created', preData: null, tags: [], featureName: null, project: null, environment: null })
  t.match(enabled, { type: 'feature-environment-enabled', data: null, preData: null, featureName: 'a', project: 'default', environment: 'development' })
  t.same(api.events(4), ok(await api.instance.listEvents({ params: {}, query: { limit: '4' } })).events, 'api.events() answers the same records')
})

t.test('a limit that is not an integer from 1 to 1000 is refused', async (t) => {
  const { api } = await makeApi()
  for (const limit of ['0', '1001', 'ten', '1.5']) {
    const e = err(await api.instance.listEvents({ params: {}, query: { limit } }))
    t.equal(e._tag, 'ValidationError')
    t.same(e.details.map((d) => d.path), ['/query/limit'])
  }
})

t.test('events are kept up to the retention; the oldest go first', async (t) => {
  const { api } = await makeApi({ config: { eventRetention: 300 } })
  for (let i = 0; i < 700; i++) ok(await api.features.create({ params: { projectId: 'default' }, body: { name: `f${i}` } }))
  const kept = api.events(10_000)
  t.equal(kept.length, 300)
  t.equal(kept[0]!.featureName, 'f699')
  t.equal(kept.find((e) => e.featureName === 'f0'), undefined)
})

t.test('a retention that is not a count is refused when the facade is created; Infinity keeps every event', async (t) => {
  for (const bad of [-1, Number.NaN, 2.5, '5']) {
    await t.rejects(makeApi({ config: { eventRetention: bad as number } }), /eventRetention must be a whole number of 0 or more, or Infinity/)
  }
  const { api } = await makeApi({ config: { eventRetention: Infinity } })
  for (let i = 0; i < 70; i++) ok(await api.features.create({ params: { projectId: 'default' }, body: { name: `f${i}` } }))
  t.equal(api.events(1000).length, 70)
  const { api: none } = await makeApi({ config: { eventRetention: 0 } })
  ok(await none.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }))
  t.same(none.events(10), [], 'a retention of 0 keeps none')
})

t.test('events are handed out as copies: changing one changes nothing stored', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'a' } }))
  ok(await api.strategies.add({ params: { projectId: 'default', featureName: 'a', environment: 'development' }, body: { name: 'default', parameters: { __proto__: 'kept', groupId: 'a' } } }))
  const before = plain(api.state())
  const given = api.events(2)
  const listed = ok(await api.instance.listEvents({ params: {} })).events
  t.same(given, listed.slice(0, 2), 'both ways give the same events')
  for (const event of [...given, ...listed]) {
    ;(event as { type: string }).type = 'changed'
    if (event.data !== null && typeof event.data === 'object') (event.data as Record<string, unknown>)['name'] = 'changed'
  }
  t.same(plain(api.state()), before, 'the store is as it was')
  t.same(api.events(2).map((e) => e.type), ['feature-strategy-add', 'feature-created'], 'the stored events kept their types')
  t.equal((api.events(1)[0]!.data as { name: string }).name, 'default')
})

t.test('copyJson copies arrays and objects deeply, keeps prototype-free objects so, and __proto__ an ordinary key', async (t) => {
  const dict = Object.assign(Object.create(null) as Record<string, unknown>, { constructor: 'c' })
  Object.defineProperty(dict, '__proto__', { value: { nested: [1, { x: 2 }] }, enumerable: true, writable: true, configurable: true })
  const value = { list: [dict, 'text', 3, true, null], plain: JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown> }
  const copy = copyJson(value)
  t.same(copy, value)
  t.not(copy, value)
  t.not(copy.list, value.list)
  t.not(copy.list[0], dict)
  t.equal(Object.getPrototypeOf(copy.list[0]), null, 'a prototype-free object stays one')
  t.equal(Object.getPrototypeOf(copy.plain), Object.prototype)
  t.ok(Object.hasOwn(copy.plain, '__proto__'), '__proto__ is an own key of the copy')
  t.equal(({} as Record<string, unknown>)['polluted'], undefined, 'nothing reached a prototype')
  const inner = (copy.list[0] as Record<string, { nested: unknown[] }>)['__proto__']!
  t.not(inner, (dict as Record<string, unknown>)['__proto__'], 'a __proto__ value is copied too')
  t.same(inner.nested, [1, { x: 2 }])
})

t.test("a feature's history: its newest 50 events and how many it has, readable by any caller, as Unleash answers it", async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'a' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'b' } }))
  for (let i = 0; i < 60; i++) ok(await api.features.update({ params: { projectId: 'default', featureName: 'a' }, body: { description: `take ${i}` } }))
  const history = ok(await api.instance.featureEvents({ params: { featureName: 'a' } }))
  t.same([history.version, history.toggleName, history.events.length, history.totalEvents], [1, 'a', 50, 61])
  t.ok(history.events.every((e) => e.featureName === 'a'), 'only its own')
  t.match(history.events[0], { type: 'feature-metadata-updated', data: { description: 'take 59' } }, 'newest first')
  t.same(ok(await api.instance.featureEvents({ params: { featureName: 'ghost' } })), { version: 1, toggleName: 'ghost', events: [], totalEvents: 0 }, 'an unknown feature has none')
  history.events[0]!.type = 'changed'
  t.equal(ok(await api.instance.featureEvents({ params: { featureName: 'a' } })).events[0]!.type, 'feature-metadata-updated', 'an answer is a copy')
})

t.test('the event creators: each actor once, by id, a user by the name they have now', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const admin = { authorization: ADMIN_TOKEN }
  const user = ok(await api.users.create({ ...admin, params: {}, body: { name: 'Old name', email: 'u@example.com', rootRole: 2 } }))
  const { secret } = ok(await api.personalTokens.create({ ...admin, params: { id: String(user.id) }, body: { description: 'mine', expiresAt: '2100-01-01T00:00:00.000Z' } }))
  ok(await api.features.create({ authorization: secret, params: { projectId: 'default' }, body: { name: 'a' } }))
  ok(await api.users.update({ ...admin, params: { id: String(user.id) }, body: { name: 'New name' } }))
  t.match(api.events(5).find((e) => e.type === 'feature-created'), { createdBy: 'u@example.com', createdByUserId: user.id }, 'the event names the user as its audit does')
  t.same(ok(await api.instance.eventCreators({ ...admin, params: {} })), [
    { id: -42, name: 'Unleash Admin Token' },
    { id: user.id, name: 'New name' },
  ], "Unleash's name for its admin token; the user's name now")
})
