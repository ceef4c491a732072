import t from 'tap'
import { plain } from '../support/api.js'
import { FEATURES, type Served, serve, TRANSPORTS } from './support.js'

const DAY = 86_400_000

/** alpha (release, tagged, on in development), beta (experiment, stale, a day later), gamma (in shop), delta (archived). */
const seed = async (s: Served) => {
  await s.call('POST', FEATURES, { body: { name: 'alpha', description: 'The new checkout', tags: [{ type: 'simple', value: 'red' }] } })
  await s.call('POST', `${FEATURES}/alpha/environments/development/on`)
  s.clock.advance(DAY)
  await s.call('POST', FEATURES, { body: { name: 'beta', type: 'experiment' } })
  await s.call('PATCH', `${FEATURES}/beta`, { body: [{ op: 'replace', path: '/stale', value: true }] })
  s.clock.advance(DAY)
  await s.call('POST', '/api/admin/projects', { body: { id: 'shop', name: 'Shop' } })
  await s.call('POST', '/api/admin/projects/shop/features', { body: { name: 'gamma', type: 'operational' } })
  await s.call('POST', FEATURES, { body: { name: 'delta' } })
  await s.call('DELETE', `${FEATURES}/delta`)
}

const names = (r: { json: { features: { name: string }[] } }) => r.json.features.map((f) => f.name)
const search = (s: Served, query: string) => s.call('GET', `/api/admin/search/features?${query}`)

for (const transport of TRANSPORTS) {
  t.test(`${transport}: the UI's project list query answers the project's live features in Unleash's shape, with the total`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await seed(s)
    const r = await search(s, 'project=IS:default&offset=0&limit=25&sortBy=createdAt&sortOrder=desc&favoritesFirst=true')
    t.equal(r.status, 200)
    t.equal(r.headers['content-type'], 'application/json; charset=utf-8')
    t.same(names(r), ['beta', 'alpha'], 'newest first; the archived and the other project left out')
    t.equal(r.json.total, 2)
    const alpha = r.json.features[1]
    t.same(Object.keys(alpha), ['name', 'description', 'dependencyType', 'type', 'project', 'stale', 'favorite', 'impressionData', 'createdAt', 'archivedAt', 'environments', 'segments', 'tags', 'lifecycle', 'createdBy'])
    t.match(alpha, { name: 'alpha', description: 'The new checkout', dependencyType: null, type: 'release', project: 'default', stale: false, favorite: false, archivedAt: null, segments: [], tags: [{ type: 'simple', value: 'red', color: '#FFFFFF' }], lifecycle: { stage: 'initial' }, createdBy: { id: -42 } })
    t.same(alpha.environments.map((e: { name: string; enabled: boolean; hasStrategies: boolean }) => [e.name, e.enabled, e.hasStrategies]), [['development', true, true], ['production', false, false]])
    t.same(alpha.environments[0].changeRequestIds, [])
  })
}

t.test('filters: text, type, state, tag, createdAt, status, lifecycle and archived, with Unleash operators', async (t) => {
  const s = await serve('fetch')
  await seed(s)
  t.same(names(await search(s, 'query=CHECKOUT')), ['alpha'], 'text in the description, any case')
  t.same(names(await search(s, 'query=simple:red')), ['alpha'], 'text in a tag')
  t.same(names(await search(s, 'query=zzz,gam&sortBy=name')), ['gamma'], 'any comma-separated term')
  t.same(names(await search(s, 'type=IS_ANY_OF:experiment,operational&sortBy=name')), ['beta', 'gamma'])
  t.same(names(await search(s, 'type=IS_NOT:release&sortBy=name&sortOrder=desc')), ['gamma', 'beta'])
  t.same(names(await search(s, 'state=IS:stale')), ['beta'])
  t.same(names(await search(s, 'tag=INCLUDE:simple:red')), ['alpha'])
  t.same(names(await search(s, 'tag=DO_NOT_INCLUDE:simple:red&sortBy=name')), ['beta', 'gamma'])
  t.same(names(await search(s, 'createdAt=IS_ON_OR_AFTER:2026-01-02&sortBy=name')), ['beta', 'gamma'])
  t.same(names(await search(s, 'createdAt=IS_BEFORE:2026-01-02')), ['alpha'])
  t.same(names(await search(s, 'status=development:enabled')), ['alpha'])
  t.same(names(await search(s, 'archived=IS:true')), ['delta'])
  t.same(names(await search(s, 'lifecycle=IS:archived')), ['delta'])
  t.same(names(await search(s, 'project=IS:shop&tag=')), ['gamma'], 'an empty filter is no filter')
  s.clock.advance(39 * DAY)
  t.same(names(await search(s, 'state=IS:potentially-stale&sortBy=name')), ['alpha', 'gamma'], "past their types' 40 and 7 days; beta is at its 40th")
  t.same(names(await search(s, 'state=IS_NONE_OF:stale,potentially-stale')), [])
})

t.test('paging and sorting: offset and limit page the sorted list; total counts every match', async (t) => {
  const s = await serve('fetch')
  await seed(s)
  const first = await search(s, 'sortBy=name&limit=2')
  t.same(names(first), ['alpha', 'beta'])
  t.equal(first.json.total, 3)
  const second = await search(s, 'sortBy=name&limit=2&offset=2')
  t.same(names(second), ['gamma'])
  t.equal(second.json.total, 3)
  t.same(names(await search(s, 'sortBy=type')), ['beta', 'gamma', 'alpha'], 'experiment, operational, release')
  t.same(names(await search(s, 'sortBy=environment:development&sortOrder=desc')), ['alpha', 'beta', 'gamma'], 'on in development first, then by name')
  await s.call('POST', `${FEATURES}/beta/lifecycle/complete`, { body: { status: 'kept' } })
  t.same(names(await search(s, 'sortBy=lifecycle&sortOrder=desc')), ['beta', 'alpha', 'gamma'], 'completed before initial, then by name')
})

t.test("a user's favourites are marked, filtered and put first when asked", async (t) => {
  const s = await serve('fetch')
  await seed(s)
  const user = (await s.call('POST', '/api/admin/user-admin', { body: { email: 'u@example.com', rootRole: 'Viewer' } })).json.id
  const token = (await s.call('POST', `/api/admin/user-admin/${user}/tokens`, { body: { description: 'mine', expiresAt: '2100-01-01T00:00:00.000Z' } })).json.secret
  await s.call('POST', `${FEATURES}/beta/favorites`, { token })
  const r = await s.call('GET', '/api/admin/search/features?sortBy=name&favoritesFirst=true', { token })
  t.same(names(r), ['beta', 'alpha', 'gamma'])
  t.same(r.json.features.map((f: { favorite: boolean }) => f.favorite), [true, false, false])
  t.same(names(await s.call('GET', '/api/admin/search/features?favorite=IS:true', { token })), ['beta'])
})

t.test('bad query input is a 400 naming each parameter, and changes nothing', async (t) => {
  const s = await serve('fetch')
  await seed(s)
  const before = plain(s.api.state())
  const r = await search(s, 'project=default&type=IS:&limit=101&offset=-1&sortBy=color&sortOrder=up&createdAt=IS_BEFORE:2026-02-30&tag=INCLUDE:red&favoritesFirst=yes&status=production')
  t.equal(r.status, 400)
  t.equal(r.json.name, 'ValidationError')
  t.same(r.json.details.map((d: { path: string }) => d.path).sort(), ['/query/createdAt', '/query/favoritesFirst', '/query/limit', '/query/offset', '/query/project', '/query/sortBy', '/query/sortOrder', '/query/status', '/query/tag', '/query/type'])
  t.match(r.json.details.find((d: { path: string }) => d.path === '/query/limit').message, 'an integer from 1 to 100')
  t.same(plain(s.api.state()), before)
  t.equal((await s.call('GET', '/api/admin/search/features', { token: null })).status, 401)
})
