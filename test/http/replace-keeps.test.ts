import t from 'tap'
import { FEATURES, serve, strategiesOf } from './support.js'

/*
 * A PUT that leaves a field out keeps it where Unleash keeps it: a strategy's title, disabled
 * flag and segments, a segment's description, a strategy type's title and description.
 */

const setUp = async () => {
  const s = await serve('fetch')
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  const segment = (await s.call('POST', '/api/admin/segments', { body: { name: 'beta', description: 'testers', constraints: [] } })).json.id as number
  const created = await s.call('POST', strategiesOf('checkout', 'production'), {
    body: { name: 'flexibleRollout', title: 'canary', disabled: true, segments: [segment], parameters: { rollout: '10' }, constraints: [] },
  })
  return { s, segment, id: created.json.id as string }
}

t.test("a strategy PUT keeps the title, disabled flag and segments it leaves out", async (t) => {
  const { s, segment, id } = await setUp()
  t.teardown(s.close)
  const path = `${strategiesOf('checkout', 'production')}/${id}`
  const replaced = await s.call('PUT', path, { body: { name: 'flexibleRollout', parameters: { rollout: '20' }, constraints: [] } })
  t.equal(replaced.status, 200)
  t.match(replaced.json, { id, title: 'canary', disabled: true, segments: [segment], parameters: { rollout: '20' } })
  const read = await s.call('GET', path)
  t.match(read.json, { title: 'canary', disabled: true, segments: [segment], parameters: { rollout: '20' } }, 'as stored')

  const nullFlag = await s.call('PUT', path, { body: { name: 'flexibleRollout', disabled: null } })
  t.match(nullFlag.json, { disabled: true }, 'a null disabled flag keeps it too, as in Unleash')

  const cleared = await s.call('PUT', path, { body: { name: 'flexibleRollout', title: null, disabled: false, segments: [] } })
  t.match(cleared.json, { title: null, disabled: false, segments: [] }, 'what is sent replaces what is stored')
})

t.test('a strategy PATCH that removes the title clears it, as the whole strategy is sent', async (t) => {
  const { s, id } = await setUp()
  t.teardown(s.close)
  const path = `${strategiesOf('checkout', 'production')}/${id}`
  const patched = await s.call('PATCH', path, { body: [{ op: 'remove', path: '/title' }, { op: 'remove', path: '/segments' }] })
  t.equal(patched.status, 200, patched.text)
  t.match((await s.call('GET', path)).json, { title: null, disabled: true, segments: [] })
})

t.test('a segment PUT keeps the description it leaves out', async (t) => {
  const { s, segment } = await setUp()
  t.teardown(s.close)
  const path = `/api/admin/segments/${segment}`
  t.equal((await s.call('PUT', path, { body: { name: 'beta-2', constraints: [] } })).status, 204)
  t.match((await s.call('GET', path)).json, { name: 'beta-2', description: 'testers' })
  t.equal((await s.call('PUT', path, { body: { name: 'beta-2', description: null, constraints: [] } })).status, 204)
  t.match((await s.call('GET', path)).json, { name: 'beta-2', description: null }, 'a null description clears it')
})

t.test("a strategy type PUT keeps the title and description it leaves out", async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  await s.call('POST', '/api/admin/strategies', { body: { name: 'byTenant', title: 'Tenants', description: 'by tenant', parameters: [] } })
  t.equal((await s.call('PUT', '/api/admin/strategies/byTenant', { body: { parameters: [{ name: 'tenants', type: 'list' }] } })).status, 200)
  t.match((await s.call('GET', '/api/admin/strategies/byTenant')).json, { title: 'Tenants', description: 'by tenant', parameters: [{ name: 'tenants' }] })
  t.equal((await s.call('PUT', '/api/admin/strategies/byTenant', { body: { title: null, description: null, parameters: [] } })).status, 200)
  t.match((await s.call('GET', '/api/admin/strategies/byTenant')).json, { title: null, description: '' }, 'null clears them')
})
