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
