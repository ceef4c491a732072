import t from 'tap'
import { plain } from '../support/api.js'
import { FEATURES, type Served, serve } from './support.js'

const DAY = 86_400_000

/** Events on three days: feature alpha created and enabled, a project created, beta created. */
const seed = async (s: Served) => {
  await s.call('POST', FEATURES, { body: { name: 'alpha', description: 'needle in data' } })
  await s.call('POST', `${FEATURES}/alpha/environments/development/on`)
  s.clock.advance(DAY)
  await s.call('POST', '/api/admin/projects', { body: { id: 'shop', name: 'Shop' } })
  s.clock.advance(DAY)
  await s.call('POST', '/api/admin/projects/shop/features', { body: { name: 'beta' } })
}

const search = (s: Served, query: string) => s.call('GET', `/api/admin/search/events?${query}`)
const types = (r: { json: { events: { type: string }[] } }) => r.json.events.map((e) => e.type)

t.test("the event log's query answers the stored events newest first, in Unleash's shape, with the total", async (t) => {
  const s = await serve('fetch')
  await seed(s)
  const all = await search(s, 'offset=0&limit=50')
  t.equal(all.status, 200)
  t.same(types(all), ['feature-created', 'project-created', 'feature-environment-enabled', 'feature-strategy-add', 'feature-created'])
  t.equal(all.json.total, 5)
  t.same(Object.keys(all.json.events[0]), ['id', 'type', 'createdBy', 'createdAt', 'createdByUserId', 'data', 'preData', 'tags', 'featureName', 'project', 'environment'])
  t.match(all.json.events[0], { type: 'feature-created', featureName: 'beta', project: 'shop', createdAt: '2026-01-03T00:00:00.000Z', createdByUserId: -42 })

  const paged = await search(s, 'offset=1&limit=2')
  t.same(types(paged), ['project-created', 'feature-environment-enabled'])
  t.equal(paged.json.total, 5, 'the total counts every match, not the page')
})

t.test('filters: feature, project, type, environment, creator, days and free text', async (t) => {
  const s = await serve('fetch')
  await seed(s)
  t.same(types(await search(s, 'feature=IS:alpha')), ['feature-environment-enabled', 'feature-strategy-add', 'feature-created'])
  t.same(types(await search(s, 'project=IS_ANY_OF:shop,nowhere')), ['feature-created', 'project-created'])
  t.same(types(await search(s, 'type=IS:project-created')), ['project-created'])
  t.same(types(await search(s, 'environment=IS:development')), ['feature-environment-enabled', 'feature-strategy-add'])
  t.same(types(await search(s, 'createdBy=IS:-42')).length, 5)
  t.same(types(await search(s, 'createdBy=IS:7')), [])
  t.same(types(await search(s, 'from=IS:2026-01-02&to=IS:2026-01-02')), ['project-created'], 'both days included')
  t.same(types(await search(s, 'from=IS:2026-01-03')), ['feature-created'])
  t.same(types(await search(s, 'query=NEEDLE')), ['feature-created'], 'text in the data, any case')
  t.same(types(await search(s, 'groupId=IS:1')), [], 'events carry no group')
  const one = await search(s, 'id=IS:1')
  t.same(one.json.events.map((e: { id: number }) => e.id), [1])
})

t.test('bad query input is a 400 naming each parameter and changes nothing; events are for admins', async (t) => {
  const s = await serve('fetch')
  await seed(s)
  const before = plain(s.api.state())
  const r = await search(s, 'feature=IS_NOT:alpha&from=2026-01-01&to=IS:yesterday&limit=1001&offset=x&id=IS:one')
  t.equal(r.status, 400)
  t.same(r.json.details.map((d: { path: string }) => d.path).sort(), ['/query/feature', '/query/from', '/query/id', '/query/limit', '/query/offset', '/query/to'])
  t.same(plain(s.api.state()), before)

  const user = (await s.call('POST', '/api/admin/user-admin', { body: { email: 'e@example.com', rootRole: 'Editor' } })).json.id
  const token = (await s.call('POST', `/api/admin/user-admin/${user}/tokens`, { body: { description: 'mine', expiresAt: '2100-01-01T00:00:00.000Z' } })).json.secret
  const refused = await s.call('GET', '/api/admin/search/events', { token })
  t.equal(refused.status, 403)
  t.equal(refused.json.name, 'NoAccessError')
})

t.test("an event about a feature carries the feature's tags as they were when it was recorded, as Unleash's do", async (t) => {
  const s = await serve('fetch')
  await s.call('POST', FEATURES, { body: { name: 'alpha' } })
  await s.call('POST', '/api/admin/features/alpha/tags', { body: { type: 'simple', value: 'web' } })
  await s.call('POST', `${FEATURES}/alpha/environments/development/on`)
  const events = (await s.call('GET', '/api/admin/events?feature=alpha')).json.events as { type: string; tags: unknown }[]
  t.same(events.map((e) => [e.type, e.tags]), [
    ['feature-environment-enabled', [{ value: 'web', type: 'simple' }]],
    ['feature-strategy-add', [{ value: 'web', type: 'simple' }]],
    ['feature-tagged', [{ value: 'web', type: 'simple' }]],
    ['feature-created', []],
  ])
  const tagType = (await s.call('GET', '/api/admin/events')).json.events.find((e: { featureName: string | null }) => e.featureName === null)
  t.same(tagType?.tags ?? [], [], 'an event about no feature has none')
})
