import t from 'tap'
import { MAX_DETAILS } from '../../src/domain/errors.js'
import { plain } from '../support/api.js'
import { serve } from './support.js'

const BULK = '/api/admin/projects/default/tags'
const NOTHING = { addedTags: [{ type: 'simple', value: 'bulk-tag' }], removedTags: [] }

t.test('bulk tagging 200,000 unknown names answers a small 404: the first details, a count of the rest, each name once', async (t) => {
  // A body larger than the default limit, so that every name can be a different one.
  const s = await serve('node', { bodyLimit: 8 << 20 })
  t.teardown(s.close)
  const unique = 150_000
  const features = Array.from({ length: 200_000 }, (_, i) => `f${i % unique}`)
  const before = plain(s.api.state())
  const answer = await s.call('PUT', BULK, { body: { features, tags: NOTHING } })
  t.equal(answer.status, 404)
  t.ok(Buffer.byteLength(answer.text) < 100 * 1024, `the answer is ${Buffer.byteLength(answer.text)} bytes`)
  const details: { path?: string; message: string }[] = answer.json.details
  t.equal(details.length, MAX_DETAILS + 1)
  t.same(details[0], { path: '/body/features/0', message: 'There\'s no feature named "f0" in project "default".' })
  t.equal(details[MAX_DETAILS - 1]!.path, `/body/features/${MAX_DETAILS - 1}`)
  t.same(details[MAX_DETAILS], { message: `and ${unique - MAX_DETAILS} more` }, 'a name sent twice is counted once')
  t.ok(answer.json.message.length < 20 * 1024, 'the message is bounded too')
  t.ok(answer.json.message.endsWith(`and ${unique - MAX_DETAILS} more`))
  t.same(plain(s.api.state()), before, 'nothing changed')
})

t.test('every error answer bounds its details: a body with 300 invalid values', async (t) => {
  const s = await serve('fetch')
  const before = plain(s.api.state())
  const answer = await s.call('PUT', BULK, { body: { features: Array.from({ length: 300 }, () => ''), tags: NOTHING } })
  t.equal(answer.status, 400)
  const details: { path?: string; message: string }[] = answer.json.details
  t.equal(details.length, MAX_DETAILS + 1)
  t.equal(details[0]!.path, '/body/features/0')
  t.same(details[MAX_DETAILS], { message: `and ${300 - MAX_DETAILS} more` })
  t.same(plain(s.api.state()), before)
})

t.test('a few problems are answered in full, with no count', async (t) => {
  const s = await serve('fetch')
  const answer = await s.call('PUT', BULK, { body: { features: ['a', 'b', 'a'], tags: NOTHING } })
  t.equal(answer.status, 404)
  t.same(
    answer.json.details.map((d: { path: string }) => d.path),
    ['/body/features/0', '/body/features/1'],
    'the name sent twice is named once, at its first place',
  )
})
