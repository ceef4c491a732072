import t from 'tap'
import { plain } from '../support/api.js'
import { FEATURES, type Served, serve } from './support.js'

const DAY = 86_400_000

const userWithToken = async (s: Served, email: string, rootRole: string) => {
  const id = (await s.call('POST', '/api/admin/user-admin', { body: { email, name: email.split('@')[0], rootRole } })).json.id as number
  const token = (await s.call('POST', `/api/admin/user-admin/${id}/tokens`, { body: { description: 'mine', expiresAt: '2100-01-01T00:00:00.000Z' } })).json.secret as string
  return { id, token }
}

t.test("a project's overview: settings, members, environments, features by type, health and 30-day counts", async (t) => {
  const s = await serve('fetch')
  const empty = await s.call('GET', '/api/admin/projects/default/overview')
  t.equal(empty.status, 200)
  t.same(empty.json.onboardingStatus, { status: 'onboarding-started' })
  t.equal(empty.json.technicalDebt, 0)

  await s.call('POST', FEATURES, { body: { name: 'old-release' } })
  s.clock.advance(45 * DAY)
  await s.call('POST', FEATURES, { body: { name: 'fresh', type: 'kill-switch' } })
  await s.call('POST', FEATURES, { body: { name: 'gone' } })
  await s.call('DELETE', `${FEATURES}/gone`)
  const r = await s.call('GET', '/api/admin/projects/default/overview')
  t.equal(r.status, 200)
  t.same(Object.keys(r.json), ['stats', 'version', 'name', 'description', 'defaultStickiness', 'mode', 'featureLimit', 'featureNaming', 'linkTemplates', 'members', 'health', 'technicalDebt', 'environments', 'featureTypeCounts', 'updatedAt', 'archivedAt', 'createdAt', 'favorite', 'onboardingStatus'])
  t.match(r.json, { version: 1, name: 'Default', mode: 'open', featureLimit: null, members: 0, favorite: false, archivedAt: null, updatedAt: '2026-02-15T00:00:00.000Z' })
  t.same(r.json.environments, [{ environment: 'development', changeRequestsEnabled: false }, { environment: 'production', changeRequestsEnabled: false }])
  t.same(r.json.featureTypeCounts, [{ type: 'release', count: 1 }, { type: 'kill-switch', count: 1 }], 'live features only')
  t.equal(r.json.technicalDebt, 50, 'the 45-day-old release outlived its 40 days; the kill switch is permanent')
  t.equal(r.json.health, 50)
  t.match(r.json.stats, { createdCurrentWindow: 2, createdPastWindow: 1, archivedCurrentWindow: 1, archivedPastWindow: 0 })
  t.same(r.json.onboardingStatus, { status: 'first-flag-created', feature: 'old-release' })

  const missing = await s.call('GET', '/api/admin/projects/nope/overview')
  t.equal(missing.status, 404)
  t.equal(missing.json.name, 'NotFoundError')
})

t.test("a project's status: activity by day, resources, lifecycle and stale features", async (t) => {
  const s = await serve('fetch')
  await s.call('POST', FEATURES, { body: { name: 'a' } })
  s.clock.advance(DAY)
  await s.call('POST', FEATURES, { body: { name: 'b' } })
  await s.call('PATCH', `${FEATURES}/b`, { body: [{ op: 'replace', path: '/stale', value: true }] })
  await s.call('POST', '/api/admin/segments', { body: { name: 'beta-users', project: 'default', constraints: [] } })
  await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'sdk', type: 'client', projects: ['default'], environment: 'development' } })
  const r = await s.call('GET', '/api/admin/projects/default/status')
  t.equal(r.status, 200)
  t.same(r.json.activityCountByDate, [{ date: '2026-01-01', count: 1 }, { date: '2026-01-02', count: 4 }], 'created, metadata updated, stale on, segment created')
  t.same(r.json.resources, { apiTokens: 1, members: 0, segments: 1 })
  t.same(r.json.staleFlags, { total: 1 })
  t.same(r.json.technicalDebt, { current: 50 })
  t.same(r.json.lifecycleSummary.initial, { averageDays: null, currentFlags: 2 })
  t.same(r.json.lifecycleSummary.archived, { currentFlags: 0, last30Days: 0 })
  t.equal((await s.call('GET', '/api/admin/projects/nope/status')).status, 404)
})

t.test('flag creators (of a project, of all) and lifecycle counts', async (t) => {
  const s = await serve('fetch')
  const editor = await userWithToken(s, 'ed@example.com', 'Editor')
  await s.call('POST', '/api/admin/projects', { body: { id: 'shop', name: 'Shop' } })
  await s.call('POST', FEATURES, { body: { name: 'a' } })
  await s.call('POST', '/api/admin/projects/shop/features', { body: { name: 'b' }, token: editor.token })
  await s.call('POST', FEATURES, { body: { name: 'c' } })
  await s.call('DELETE', `${FEATURES}/c`)
  const shop = await s.call('GET', '/api/admin/projects/shop/flag-creators')
  t.equal(shop.status, 200)
  t.same(shop.json, [{ id: editor.id, name: 'ed' }])
  t.same((await s.call('GET', '/api/admin/flag-creators')).json, [{ id: -42, name: 'Unleash Admin Token' }, { id: editor.id, name: 'ed' }])
  t.equal((await s.call('GET', '/api/admin/projects/nope/flag-creators')).status, 404)
  const counts = await s.call('GET', '/api/admin/lifecycle/count')
  t.equal(counts.status, 200)
  t.same(counts.json, { initial: 2, preLive: 0, live: 0, completed: 0, archived: 1 })
})

t.test("the personal dashboard: the caller's projects and flags, the admins and project owners", async (t) => {
  const s = await serve('fetch')
  const admin = await userWithToken(s, 'boss@example.com', 'Admin')
  const editor = await userWithToken(s, 'ed@example.com', 'Editor')
  await s.call('POST', '/api/admin/projects', { body: { id: 'shop', name: 'Shop' }, token: editor.token })
  await s.call('POST', '/api/admin/projects/shop/features', { body: { name: 'mine' }, token: editor.token })
  await s.call('POST', FEATURES, { body: { name: 'liked' } })
  await s.call('POST', FEATURES, { body: { name: 'other' } })
  await s.call('POST', `${FEATURES}/liked/favorites`, { token: editor.token })
  await s.call('POST', '/api/admin/projects', { body: { id: 'unrelated', name: 'Unrelated' } })
  const before = await s.call('GET', '/api/admin/personal-dashboard', { token: editor.token })
  t.equal(before.status, 200)
  t.same(before.json.projects, [{ id: 'shop', name: 'Shop', health: 100, technicalDebt: 0, memberCount: 1, featureCount: 1 }], 'the project owned')
  await s.call('POST', '/api/admin/projects/default/favorites', { token: editor.token })
  const r = await s.call('GET', '/api/admin/personal-dashboard', { token: editor.token })
  t.same(r.json.projects.map((p: { id: string }) => p.id), ['default', 'shop'], 'and the project marked, by name')
  t.same(r.json.flags, [{ name: 'liked', project: 'default', type: 'release' }, { name: 'mine', project: 'shop', type: 'release' }], 'by name')
  t.same(
    r.json.admins,
    [
      { id: admin.id, imageUrl: r.json.admins[0].imageUrl, name: 'boss', email: 'boss@example.com' },
      { id: 1, imageUrl: r.json.admins[1].imageUrl, username: 'admin' },
    ],
    'the admins, the built-in admin among them',
  )
  t.same(r.json.projectOwners, [{ ownerType: 'user', name: 'ed', imageUrl: r.json.projectOwners[0].imageUrl, email: 'ed@example.com' }])
  const token = await s.call('GET', '/api/admin/personal-dashboard')
  t.same([token.json.projects, token.json.flags], [[], []], 'an admin token is no user: nothing of its own')
  const forAdmin = await s.call('GET', '/api/admin/personal-dashboard', { token: admin.token })
  t.same(forAdmin.json.projects.map((p: { id: string; technicalDebt: number }) => [p.id, p.technicalDebt]), [['default', 0], ['shop', 0], ['unrelated', 0]], 'an instance admin sees every project, with its technical debt')
  t.same(forAdmin.json.projectOwners.map((o: { name: string }) => o.name), ['ed'], "the owners of the projects it sees")
  const adminDefault = await s.call('GET', '/api/admin/personal-dashboard/default', { token: admin.token })
  t.ok(adminDefault.json.latestEvents.length > 0, "and the project's latest events")

  await s.call('PATCH', '/api/admin/projects/shop/features/mine', { body: [{ op: 'replace', path: '/stale', value: true }], token: editor.token })
  const shop = await s.call('GET', '/api/admin/personal-dashboard/shop', { token: editor.token })
  t.equal(shop.status, 200)
  t.same(shop.json.insights, { avgHealthCurrentWindow: null, avgHealthPastWindow: null, totalFlags: 1, activeFlags: 0, staleFlags: 1, potentiallyStaleFlags: 0, health: 0, technicalDebt: 100 })
  t.same(shop.json.onboardingStatus, { status: 'first-flag-created', feature: 'mine' })
  t.same(shop.json.latestEvents.map((e: { createdBy: string; summary: null }) => [e.createdBy, e.summary]), [['ed@example.com', null], ['ed@example.com', null], ['ed@example.com', null], ['ed@example.com', null]])
  t.same(shop.json.owners, [{ ownerType: 'user', name: 'ed', imageUrl: shop.json.owners[0].imageUrl, email: 'ed@example.com' }])
  t.same(shop.json.roles, [{ name: 'Owner', id: 4, type: 'project' }])
  const def = await s.call('GET', '/api/admin/personal-dashboard/default', { token: editor.token })
  t.same([def.json.owners, def.json.roles], [[{ ownerType: 'system' }], []])
  t.equal((await s.call('GET', '/api/admin/personal-dashboard/nope')).status, 404)
})

t.test('record-ui-error takes a report (204, nothing stored) and refuses a bad one', async (t) => {
  const s = await serve('fetch')
  const before = plain(s.api.state())
  const ok = await s.call('POST', '/api/admin/record-ui-error', { body: { errorMessage: 'TypeError: x is undefined', errorStack: 'at y' } })
  t.equal(ok.status, 204)
  t.equal(ok.text, '')
  const bad = await s.call('POST', '/api/admin/record-ui-error', { body: { errorStack: 1 } })
  t.equal(bad.status, 400)
  t.same(bad.json.details.map((d: { path: string }) => d.path).sort(), ['/body/errorMessage', '/body/errorStack'])
  t.same(plain(s.api.state()), before)
})

t.test("a project's context fields, with the instance's on `include=root`; invite links are none", async (t) => {
  const s = await serve('fetch')
  await s.call('POST', '/api/admin/projects', { body: { id: 'shop', name: 'Shop' } })
  t.equal((await s.call('POST', '/api/admin/context', { body: { name: 'tenant', project: 'shop' } })).status, 201)
  t.equal((await s.call('POST', '/api/admin/context', { body: { name: 'other-tenant', project: 'default' } })).status, 201)
  const own = await s.call('GET', '/api/admin/projects/shop/context')
  t.equal(own.status, 200)
  t.same(own.json.map((f: { name: string }) => f.name), ['tenant'])
  const withRoot = (await s.call('GET', '/api/admin/projects/shop/context?include=root')).json.map((f: { name: string }) => f.name)
  t.ok(withRoot.includes('tenant') && withRoot.includes('userId') && withRoot.includes('appName'), 'the project field and the built-in ones')
  t.notOk(withRoot.includes('other-tenant'), "not another project's")
  const bad = await s.call('GET', '/api/admin/projects/shop/context?include=everything')
  t.equal(bad.status, 400)
  t.same(bad.json.details.map((d: { path: string }) => d.path), ['/query/include'])
  t.equal((await s.call('GET', '/api/admin/projects/nope/context')).status, 404)
  const links = await s.call('GET', '/api/admin/invite-link/tokens')
  t.equal(links.status, 200)
  t.same(links.json, { tokens: [] })
})
