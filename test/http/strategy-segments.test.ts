import t from 'tap'
import { plain } from '../support/api.js'
import { serve } from './support.js'

t.test('POST /api/admin/segments/strategies sets one strategy\'s segments, as a patch would', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  t.equal((await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'gdpr' } })).status, 201)
  const strategy = await s.call('POST', '/api/admin/projects/default/features/gdpr/environments/development/strategies', { body: { name: 'default' } })
  const segment = await s.call('POST', '/api/admin/segments', { body: { name: 'eu', constraints: [] } })
  const body = { projectId: 'default', strategyId: strategy.json.id, environmentId: 'development', segmentIds: [segment.json.id] }
  const set = await s.call('POST', '/api/admin/segments/strategies', { body })
  t.equal(set.status, 201)
  t.same(set.json, body)
  t.same((await s.call('GET', `/api/admin/segments/strategies/${strategy.json.id}`)).json.segments.map((x: { id: number }) => x.id), [segment.json.id])

  const before = plain(s.api.state())
  t.equal((await s.call('POST', '/api/admin/segments/strategies', { body: { ...body, environmentId: 'production' } })).status, 404, 'the strategy must be in that environment')
  t.equal((await s.call('POST', '/api/admin/segments/strategies', { body: { ...body, segmentIds: [999] } })).status >= 400, true, 'an unknown segment is refused')
  t.same(plain(s.api.state()), before, 'refusals change nothing')
})

t.test("refusals in Unleash's order: an unknown segment before an environment the project lacks; an empty variants-batch names every failing field", async (t) => {
  const s = await serve('fetch')
  await s.call('POST', '/api/admin/projects/default/features', { body: { name: 'gdpr' } })
  const before = plain(s.api.state())
  const both = await s.call('POST', '/api/admin/projects/default/features/gdpr/environments/nowhere/strategies', { body: { name: 'default', segments: [99] } })
  t.equal(both.status, 404)
  t.equal(both.json.message, 'No segment exists with ID "99"')
  const env = await s.call('POST', '/api/admin/projects/default/features/gdpr/environments/nowhere/strategies', { body: { name: 'default' } })
  t.equal(env.status, 400)
  t.equal(env.json.details[0].message, 'You have not added the current environment to the project')
  const batch = await s.call('PUT', '/api/admin/projects/default/features/gdpr/variants-batch', {
    body: { variants: [{ name: 'a', weight: -5, weightType: 'variable', stickiness: 'default' }], environments: [] },
  })
  t.equal(batch.status, 400)
  t.same(batch.json.details.map((d: { path: string }) => d.path), ['/body/environments', '/body/variants/0/weight'])
  t.same(plain(s.api.state()), before, 'refusals change nothing')
  await s.call('POST', '/api/admin/projects/default/features/gdpr/environments/development/strategies', { body: { name: 'default' } })
  const listed = await s.call('GET', '/api/admin/projects/default/features/gdpr/environments/development/strategies')
  t.equal(listed.json[0].milestoneId, null, "a listed strategy belongs to no release plan's milestone, as Unleash lists it")
})
