import { createHash } from 'node:crypto'
import t from 'tap'
import { plain } from '../support/api.js'
import { serve, TRANSPORTS } from './support.js'

for (const transport of TRANSPORTS) {
  t.test(`${transport}: projects are created (201 with location), listed and read; environments connected`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const created = await s.call('POST', '/api/admin/projects', { body: { name: 'Web Shop', environments: ['development'] } })
    t.equal(created.status, 201)
    t.equal(created.headers['location'], 'projects/web-shop')
    t.equal(created.headers['content-type'], 'application/json; charset=utf-8')
    t.match(created.json, { id: 'web-shop', name: 'Web Shop', environments: ['development'] })

    t.equal((await s.call('GET', '/api/admin/projects/web-shop')).json.id, 'web-shop')
    t.same((await s.call('GET', '/api/admin/projects')).json.projects.map((p: { id: string }) => p.id).sort(), ['default', 'web-shop'])
    const missing = await s.call('GET', '/api/admin/projects/nope')
    t.equal(missing.status, 404)
    t.equal(missing.json.name, 'NotFoundError')

    const taken = await s.call('POST', '/api/admin/projects', { body: { id: 'web-shop', name: 'Again' } })
    t.equal(taken.status, 409)
    t.equal(taken.json.message, 'A project with this id already exists.')

    t.equal((await s.call('POST', '/api/admin/projects/web-shop/environments', { body: { environment: 'production' } })).status, 200)
    t.same((await s.call('GET', '/api/admin/projects/web-shop')).json.environments, ['development', 'production'])
    t.equal((await s.call('DELETE', '/api/admin/projects/web-shop/environments/production')).status, 200)
    t.same((await s.call('GET', '/api/admin/projects/web-shop')).json.environments, ['development'])
  })

  t.test(`${transport}: a project environment's default strategy is set (200 with it) and used when a feature is turned on`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const path = '/api/admin/projects/default/environments/development/default-strategy'
    const set = await s.call('POST', path, { body: { name: 'flexibleRollout', parameters: { rollout: 40, groupId: '' } } })
    t.equal(set.status, 200)
    t.equal(set.headers['content-type'], 'application/json; charset=utf-8')
    t.same(set.json, { name: 'flexibleRollout', title: null, disabled: false, segments: [], constraints: [], variants: [], parameters: { rollout: '40', groupId: '' } })
    const env = (await s.call('GET', '/api/admin/environments/project/default')).json.environments.find((e: { name: string }) => e.name === 'development')
    t.same(env.defaultStrategy, set.json)

    await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'f' } })
    t.equal((await s.call('POST', '/api/admin/projects/default/features/f/environments/development/on')).status, 200)
    const strategies = (await s.call('GET', '/api/admin/projects/default/features/f/environments/development')).json.strategies
    t.match(strategies, [{ name: 'flexibleRollout', parameters: { rollout: '40', groupId: 'f', stickiness: 'default' } }])

    const other = await s.call('POST', path, { body: { name: 'default' } })
    t.equal(other.status, 400)
    t.same(other.json.details, [{ path: '/body/name', message: 'Only "flexibleRollout" strategy can be used as a default strategy for an environment' }])
    const unknown = await s.call('POST', '/api/admin/projects/default/environments/staging/default-strategy', { body: { name: 'flexibleRollout' } })
    t.equal(unknown.status, 404)
    t.equal(unknown.json.message, 'Environment "staging" is not enabled for project "default".')
    t.same((await s.call('GET', '/api/admin/environments/project/default')).json.environments.find((e: { name: string }) => e.name === 'development').defaultStrategy, set.json, 'the refusals changed nothing')
  })

  t.test(`${transport}: a user marks a feature and a project as favourites (200, no body); an API token may not`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'f' } })
    const user = (await s.call('POST', '/api/admin/user-admin', { body: { email: 'u@example.com', rootRole: 'Viewer' } })).json.id
    const token = (await s.call('POST', `/api/admin/user-admin/${user}/tokens`, { body: { description: 'mine', expiresAt: '2100-01-01T00:00:00.000Z' } })).json.secret
    const marked = await s.call('POST', '/api/admin/projects/default/features/f/favorites', { token })
    t.equal(marked.status, 200)
    t.equal(marked.text, '')
    t.equal((await s.call('GET', '/api/admin/projects/default/features/f', { token })).json.favorite, true)
    t.equal((await s.call('GET', '/api/admin/projects/default/features/f')).json.favorite, false, "not the admin token's")
    t.equal((await s.call('POST', '/api/admin/projects/default/favorites', { token })).status, 200)
    t.equal((await s.call('GET', '/api/admin/projects', { token })).json.projects[0].favorite, true)
    t.equal((await s.call('DELETE', '/api/admin/projects/default/features/f/favorites', { token })).status, 200)
    t.equal((await s.call('GET', '/api/admin/projects/default/features/f', { token })).json.favorite, false)
    const refused = await s.call('POST', '/api/admin/projects/default/favorites')
    t.equal(refused.status, 403)
    t.equal(refused.json.message, 'Favorites require an authenticated user.')
  })

  t.test(`${transport}: the checks before a create or an import answer as Unleash's do`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const segment = await s.call('POST', '/api/admin/segments/validate', { body: { name: 'fresh' } })
    t.equal(segment.status, 204)
    t.equal(segment.text, '')
    await s.call('POST', '/api/admin/segments', { body: { name: 'fresh', constraints: [] } })
    t.equal((await s.call('POST', '/api/admin/segments/validate', { body: { name: 'fresh' } })).status, 409)
    const field = await s.call('POST', '/api/admin/context/validate', { body: { name: 'tenant' } })
    t.equal(field.status, 200)
    t.equal(field.text, '')
    t.equal((await s.call('POST', '/api/admin/context/validate', { body: { name: 'userId' } })).status, 409)
    t.equal((await s.call('POST', '/api/admin/constraints/validate', { body: { contextName: 'userId', operator: 'IN', values: ['a'] } })).status, 204)
    const badConstraint = await s.call('POST', '/api/admin/constraints/validate', { body: { contextName: 'userId', operator: 'NUM_EQ', value: 'abc' } })
    t.equal(badConstraint.status, 400)
    t.equal(badConstraint.json.details[0].path, '/body/value')
    const checked = await s.call('POST', '/api/admin/features-batch/validate', { body: { project: 'default', environment: 'development', data: { features: [{ name: 'x' }], featureStrategies: [], tagTypes: [] } } })
    t.equal(checked.status, 200)
    t.same(checked.json, { errors: [], warnings: [], permissions: [] })
    t.equal((await s.call('GET', '/api/admin/projects/default/features/x')).status, 404, 'the checked import did not run')
  })

  t.test(`${transport}: environments are created (201), listed, read, switched off and on`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const created = await s.call('POST', '/api/admin/environments', { body: { name: 'staging', type: 'test' } })
    t.equal(created.status, 201)
    t.equal(created.headers['location'], 'environments/staging')
    t.equal(created.json.name, 'staging')
    t.ok((await s.call('GET', '/api/admin/environments')).json.environments.some((e: { name: string }) => e.name === 'staging'))
    t.equal((await s.call('POST', '/api/admin/environments/staging/off')).status, 204)
    t.equal((await s.call('GET', '/api/admin/environments/staging')).json.enabled, false)
    t.equal((await s.call('POST', '/api/admin/environments/staging/on')).status, 204)
    t.equal((await s.call('GET', '/api/admin/environments/staging')).json.enabled, true)
    t.equal((await s.call('GET', '/api/admin/environments/nope')).status, 404)
  })

  t.test(`${transport}: the UI configuration, front-end origins and maintenance mode`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const ui = await s.call('GET', '/api/admin/ui-config')
    t.equal(ui.status, 200)
    t.match(ui.json, { version: String, unleashUrl: 'http://localhost:4242', baseUriPath: '', frontendApiOrigins: ['*'], maintenanceMode: false })
    t.same(ui.json.unleashContext, {}, 'an admin token has no context, as in Unleash')
    const user = (await s.call('POST', '/api/admin/user-admin', { body: { email: 'ui@example.com', rootRole: 'Viewer' } })).json
    const secret = (await s.call('POST', `/api/admin/user-admin/${user.id}/tokens`, { body: { description: 'ui', expiresAt: '2100-01-01T00:00:00.000Z' } })).json.secret
    const asUser = await s.call('GET', '/api/admin/ui-config', { token: secret })
    t.equal(asUser.status, 200)
    t.same(asUser.json.unleashContext, { email: createHash('sha256').update('ui@example.com').digest('hex'), userId: user.id }, "a user's own")
    t.same({ ...asUser.json, unleashContext: {} }, ui.json, 'and otherwise the same record')

    t.equal((await s.call('POST', '/api/admin/ui-config/cors', { body: { frontendApiOrigins: ['https://example.com'] } })).status, 204)
    t.same((await s.call('GET', '/api/admin/ui-config')).json.frontendApiOrigins, ['https://example.com'])
    const before = plain(s.api.state())
    const bad = await s.call('POST', '/api/admin/ui-config/cors', { body: { frontendApiOrigins: ['https://example.com/path'] } })
    t.equal(bad.status, 400)
    t.same(bad.json.details.map((d: { path: string }) => d.path), ['/body/frontendApiOrigins/0'])
    t.same(plain(s.api.state()), before)

    t.same((await s.call('GET', '/api/admin/maintenance')).json, { enabled: false })
    t.equal((await s.call('POST', '/api/admin/maintenance', { body: { enabled: true } })).status, 204)
    t.same((await s.call('GET', '/api/admin/maintenance')).json, { enabled: true })
    t.equal((await s.call('GET', '/api/admin/ui-config')).json.maintenanceMode, true)
  })
}

for (const transport of TRANSPORTS) {
  t.test(`${transport}: events are listed newest first, filtered by the query string`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'a' } })
    await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'b' } })
    await s.call('POST', '/api/admin/projects/default/features/a/environments/development/on')
    const ofA = await s.call('GET', '/api/admin/events?feature=a')
    t.equal(ofA.status, 200)
    t.same(
      ofA.json.events.map((e: { type: string; featureName: string }) => [e.type, e.featureName]),
      // Switched on with no strategy, it got the default one first (as in Unleash).
      [['feature-environment-enabled', 'a'], ['feature-strategy-add', 'a'], ['feature-created', 'a']],
    )
    t.equal(ofA.json.totalEvents, 3)
    const latest = await s.call('GET', '/api/admin/events?type=feature-created&limit=1')
    t.same(latest.json.events.map((e: { featureName: string }) => e.featureName), ['b'])
    const bad = await s.call('GET', '/api/admin/events?limit=0')
    t.equal(bad.status, 400)
    t.same(bad.json.details.map((d: { path: string }) => d.path), ['/query/limit'])
  })
}
