import t from 'tap'
import type { JsonPatch } from '../../src/model/json-patch.js'
import { err, makeApi, ok, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

const params = { projectId: 'default', featureName: 'checkout' }

const seeded = async () => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'checkout', description: 'old' } }))
  return api
}

t.test('a JSON Patch of a feature sets its description, type, stale and impressionData, as Unleash applies one', async (t) => {
  const api = await seeded()
  const stale = ok(await api.features.patch({ params, body: [{ op: 'replace', path: '/stale', value: true }] }))
  t.equal(stale.stale, true)
  t.match(api.events(2), [{ type: 'feature-stale-on', featureName: 'checkout', project: 'default' }, { type: 'feature-metadata-updated' }], 'recorded as an update, and the stale change on its own, as Unleash records a patch')

  const patch: JsonPatch = [
    { op: 'test', path: '/description', value: 'old' },
    { op: 'replace', path: '/description', value: 'new' },
    { op: 'add', path: '/type', value: 'experiment' },
    { op: 'replace', path: '/impressionData', value: true },
  ]
  const changed = ok(await api.features.patch({ params, body: raw(patch)}))
  t.match(changed, { description: 'new', type: 'experiment', impressionData: true, stale: true })

  const removed = ok(await api.features.patch({ params, body: [{ op: 'remove', path: '/description' }, { op: 'remove', path: '/type' }, { op: 'remove', path: '/stale' }] }))
  t.match(removed, { description: null, type: 'release', stale: false }, 'a removed field is what Unleash stores for a missing one')

  const copied = ok(await api.features.patch({ params, body: [{ op: 'copy', from: '/name', path: '/description' }] }))
  t.equal(copied.description, 'checkout', 'copy reads the field named by from')
  const moved = ok(await api.features.patch({ params, body: [{ op: 'move', from: '/description', path: '/type' }, { op: 'add', path: '/type', value: 'permission' }] }))
  t.match(moved, { description: null, type: 'permission' }, 'move takes the field away; operations apply in order')

  const before = plain(api.state())
  const ignored = ok(await api.features.patch({
    params,
    body: [
      { op: 'replace', path: '/name', value: 'renamed' },
      { op: 'replace', path: '/project', value: 'other' },
      { op: 'replace', path: '/createdAt', value: null },
      { op: 'add', path: '/extra', value: 1 },
      { op: 'remove', path: '/description' },
      { op: 'add', path: '/__proto__', value: { description: 'inherited' } },
      { op: 'copy', from: '/__proto__', path: '/constructor' },
    ],
  }))
  t.match(ignored, { name: 'checkout', project: 'default', description: null }, 'the other fields are read-only, as in Unleash; `/__proto__` is an ordinary field')
  t.same(plain(api.state()), before, 'and a patch that changes nothing saved records nothing')
  t.same(ok(await api.features.patch({ params, body: [] })).name, 'checkout', 'an empty patch is a no-op')

  const archived = ok(await api.features.patch({ params, body: [{ op: 'replace', path: '/archived', value: true }] }))
  t.match(archived, { archived: true, archivedAt: '2026-01-01T00:00:00.000Z' }, 'archived as an update archives, as Unleash does')
  t.match(api.events(1)[0], { type: 'feature-archived', featureName: 'checkout' })
  t.equal(ok(await api.features.patch({ params, body: [{ op: 'remove', path: '/archived' }] })).archived, false, 'and revived')
})

t.test('a patch that cannot be applied is a 400 at its operation, and changes nothing', async (t) => {
  const api = await seeded()
  const before = plain(api.state())
  const cyclic: Record<string, unknown> = {}
  cyclic.self = cyclic
  const cases: [string, unknown, string][] = [
    ['a nested path', [{ op: 'replace', path: '/description/x', value: 1 }], '/body/0/path'],
    ['the whole document, not an object', [{ op: 'replace', path: '', value: 1 }], '/body/0/value'],
    ['a field of the whole document', [{ op: 'replace', path: '', value: { stale: 'yes' } }], '/body/0/value/stale'],
    ['an index past the end of an array', [{ op: 'add', path: '/tags', value: [] }, { op: 'add', path: '/tags/1', value: 'x' }], '/body/1/path'],
    ['a move into itself', [{ op: 'add', path: '/extra', value: {} }, { op: 'move', from: '/extra', path: '/extra/inner' }], '/body/1/path'],
    ['the test of a field the feature lacks', [{ op: 'test', path: '/nope', value: 1 }], '/body/0/path'],
    ['removing the whole document', [{ op: 'remove', path: '' }], '/body/0/path'],
    ['a field the feature lacks', [{ op: 'replace', path: '/nope', value: 1 }], '/body/0/path'],
    ['a failed test', [{ op: 'replace', path: '/stale', value: true }, { op: 'test', path: '/description', value: 'other' }], '/body/1/value'],
    ['no value', [{ op: 'replace', path: '/stale' }], '/body/0/value'],
    ['no from', [{ op: 'move', path: '/stale' }], '/body/0/from'],
    ['a from the feature lacks', [{ op: 'copy', from: '/nope', path: '/description' }], '/body/0/from'],
    ['a value of the wrong type', [{ op: 'replace', path: '/stale', value: 'yes' }], '/body/0/value'],
    ['a type that does not exist', [{ op: 'replace', path: '/type', value: 'bogus' }], '/body/0/value'],
    ['the variants', [{ op: 'replace', path: '/stale', value: true }, { op: 'add', path: '/variants', value: [] }], '/body/1/path'],
    ['an unknown operation', [{ op: 'merge', path: '/stale', value: true }], '/body/0/op'],
    ['not an array', { op: 'replace', path: '/stale', value: true }, '/body'],
    ['a value JSON cannot hold (in process)', [{ op: 'test', path: '/description', value: 1n }], '/body/0/value'],
    ['a value with a cycle (in process)', [{ op: 'replace', path: '/description', value: cyclic }], '/body/0/value'],
  ]
  for (const [what, body, path] of cases) {
    const refused = err(await api.features.patch({ params, body: raw(body as JsonPatch)}))
    t.same([refused._tag, refused.details.map((d) => d.path)], ['ValidationError', [path]], what)
  }
  t.match(err(await api.features.patch({ params, body: [{ op: 'add', path: '/variants', value: [] }] })).details[0], {
    message: 'Changing variants is done via PATCH operation to /api/admin/projects/:project/features/:feature/variants',
  })
  t.match(err(await api.features.patch({ params: { ...params, featureName: 'nope' }, body: [] })), { _tag: 'NotFoundError', message: 'No feature flag found' })
  t.match(err(await api.features.patch({ params: { ...params, projectId: 'other' }, body: [] })), { _tag: 'NotFoundError' }, 'a feature of another project')
  t.same(plain(api.state()), before)
})
