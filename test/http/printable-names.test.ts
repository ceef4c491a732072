import t from 'tap'
import { plain } from '../support/api.js'
import { FEATURES, serve } from './support.js'

/** Names that print as something else, or as nothing, or that are paths. */
const UNPRINTABLE = ['ab\u0000', 'ab\u0007', 'abc\u202egpj.exe', 'ab\u2066c', 'a\u200bb', 'a\u200db', '\ufeffab', 'a\u2028b', 'a\tb', '../x', 'a/b', 'a\\b', '..']

/** A name as a test's label: what does not print (or would break a line of the report) escaped. */
const label = (name: string): string => JSON.stringify(name).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** What Unleash takes as a tag value, and so does flagport. */
const PRINTABLE = ['web shop', 'Team Ø', '😀😀', 'v1.2.3', '#1 priority!', 'ab.', 'a:b', 'über-team']

t.test('tag values must be printable names, wherever a tag is given: a 400 naming the path, nothing stored', async (t) => {
  const s = await serve('fetch')
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  const before = plain(s.api.state())
  for (const value of UNPRINTABLE) {
    const sent = label(value)
    const created = await s.call('POST', '/api/admin/tags', { body: { type: 'simple', value } })
    t.same([created.status, created.json.details.map((d: { path: string }) => d.path)], [400, ['/body/value']], `create ${sent}`)
    t.match(created.json.details[0].message, /printable/)
    const added = await s.call('POST', '/api/admin/features/checkout/tags', { body: { type: 'simple', value } })
    t.same([added.status, added.json.details.map((d: { path: string }) => d.path)], [400, ['/body/value']], `add ${sent}`)
    const bulk = await s.call('PUT', '/api/admin/projects/default/tags', { body: { features: ['checkout'], tags: { addedTags: [{ value }], removedTags: [] } } })
    t.same([bulk.status, bulk.json.details.map((d: { path: string }) => d.path)], [400, ['/body/tags/addedTags/0/value']], `bulk ${sent}`)
    const edited = await s.call('PUT', '/api/admin/features/checkout/tags', { body: { addedTags: [{ type: 'simple', value }], removedTags: [] } })
    t.same([edited.status, edited.json.details.map((d: { path: string }) => d.path)], [400, ['/body/addedTags/0/value']], `edit ${sent}`)
  }
  t.same(plain(s.api.state()), before, 'nothing changed')
})

t.test('printable tag values are taken as Unleash takes them: spaces, letters of any script, emoji, punctuation', async (t) => {
  const s = await serve('fetch')
  for (const value of PRINTABLE) {
    const created = await s.call('POST', '/api/admin/tags', { body: { type: 'simple', value } })
    t.same([created.status, created.json?.tag], [201, { type: 'simple', value }], label(value))
  }
  t.same((await s.call('GET', '/api/admin/tags/simple')).json.tags.map((tag: { value: string }) => tag.value).sort(), [...PRINTABLE].sort())
})

t.test('segment, group and API token names follow the same rule', async (t) => {
  const s = await serve('fetch')
  const before = plain(s.api.state())
  for (const name of UNPRINTABLE) {
    const sent = label(name)
    const segment = await s.call('POST', '/api/admin/segments', { body: { name, constraints: [] } })
    t.same([segment.status, segment.json.details.map((d: { path: string }) => d.path)], [400, ['/body/name']], `segment ${sent}`)
    const group = await s.call('POST', '/api/admin/groups', { body: { name } })
    t.same([group.status, group.json.details.map((d: { path: string }) => d.path)], [400, ['/body/name']], `group ${sent}`)
    const token = await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: name, type: 'client', environment: 'development' } })
    t.same([token.status, token.json.details.map((d: { path: string }) => d.path)], [400, ['/body/tokenName']], `token ${sent}`)
  }
  t.same(plain(s.api.state()), before, 'nothing changed')
  t.equal((await s.call('POST', '/api/admin/segments', { body: { name: 'Beta testers (EU)', constraints: [] } })).status, 201)
  t.equal((await s.call('POST', '/api/admin/groups', { body: { name: 'Team Ø' } })).status, 201)
})

t.test('feature and project names keep their rule, which includes this one', async (t) => {
  const s = await serve('fetch')
  for (const name of ['a\u202eb', 'a\u200bb', '..']) {
    t.equal((await s.call('POST', FEATURES, { body: { name } })).status, 400, label(name))
  }
})
