import t from 'tap'
import { plain } from '../support/api.js'
import { serve } from './support.js'

// Two differences from Unleash 8.2 that docs/decisions.md lists, held here.

t.test('remoteAddress is a built-in context field, as the settled decisions seed it', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  const read = await s.call('GET', '/api/admin/context/remoteAddress')
  t.same([read.status, read.json.name], [200, 'remoteAddress'])
  const before = plain(s.api.state())
  const created = await s.call('POST', '/api/admin/context', { body: { name: 'remoteAddress' } })
  t.same([created.status, created.json.name], [409, 'NameExistsError'])
  t.same(plain(s.api.state()), before)
})

t.test('a context field PUT changes only the fields it sends (Unleash resets stickiness, legal values and sortOrder)', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  const body = { name: 'tenant', stickiness: true, sortOrder: 7, legalValues: [{ value: 'acme' }] }
  t.equal((await s.call('POST', '/api/admin/context', { body })).status, 201)
  t.equal((await s.call('PUT', '/api/admin/context/tenant', { body: { description: 'who pays' } })).status, 200)
  t.match((await s.call('GET', '/api/admin/context/tenant')).json, { ...body, description: 'who pays' })
})
