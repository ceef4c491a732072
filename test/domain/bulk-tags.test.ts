import * as E from 'fp-ts/lib/Either.js'
import t, { type Test } from 'tap'
import type { AuthPort } from '../../src/ports/auth.js'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

const params = { projectId: 'default' }

/** The recorded setup of sample 08: oracle-feature-a tagged simple:oracle-tag, oracle-feature-b untagged. */
const setup = async () => {
  const { api } = await makeApi()
  for (const name of ['oracle-feature-a', 'oracle-feature-b']) ok(await api.features.create({ params, body: { name } }))
  ok(await api.featureTags.add({ params: { featureName: 'oracle-feature-a' }, body: { type: 'simple', value: 'oracle-tag' } }))
  return api
}

const tagsOf = async (api: Awaited<ReturnType<typeof setup>>, featureName: string) =>
  ok(await api.featureTags.list({ params: { featureName } })).tags.map((x) => `${x.type}:${x.value}`)

const refused = async (t: Test, body: unknown, tag: string, paths: string[], projectId = 'default') => {
  const api = await setup()
  const before = plain(api.state())
  const e = err(await api.featureTags.bulkUpdate({ params: { projectId }, body: raw(body) }))
  t.equal(e._tag, tag, JSON.stringify(body))
  t.same(e.details.map((d) => d.path), paths, JSON.stringify(body))
  t.same(plain(api.state()), before, 'the store is unchanged')
  return e
}

t.test('sample 08: add bulk-tag to two features and remove oracle-tag', async (t) => {
  const api = await setup()
  const eventsBefore = api.events(1000).length
  const body = { features: ['oracle-feature-a', 'oracle-feature-b'], tags: { addedTags: [{ type: 'simple', value: 'bulk-tag' }], removedTags: [{ type: 'simple', value: 'oracle-tag' }] } }
  t.equal(ok(await api.featureTags.bulkUpdate({ params, body })), undefined, '200 with no body')
  t.same(await tagsOf(api, 'oracle-feature-a'), ['simple:bulk-tag'])
  t.same(await tagsOf(api, 'oracle-feature-b'), ['simple:bulk-tag'])
  t.same(ok(await api.tags.get({ params: { type: 'simple', value: 'bulk-tag' } })), { version: 1, tag: { type: 'simple', value: 'bulk-tag' } }, 'the tag was created')
  const events = api.events(1000).slice(0, api.events(1000).length - eventsBefore).reverse()
  t.same(
    events.map((e) => [e.type, e.featureName ?? null]),
    [
      ['tag-created', null],
      ['feature-tagged', 'oracle-feature-a'],
      ['feature-untagged', 'oracle-feature-a'],
      ['feature-tagged', 'oracle-feature-b'],
    ],
    'oracle-feature-b never had oracle-tag, so no untagged event for it',
  )
  t.match(events[2], { project: 'default', preData: { type: 'simple', value: 'oracle-tag' } })
  t.match(events[3], { project: 'default', data: { type: 'simple', value: 'bulk-tag' } })
})

t.test('the tag type defaults to simple', async (t) => {
  const api = await setup()
  ok(await api.featureTags.bulkUpdate({ params, body: { features: ['oracle-feature-b'], tags: { addedTags: [{ value: 'no-type' }], removedTags: [] } } }))
  t.same(await tagsOf(api, 'oracle-feature-b'), ['simple:no-type'])
  ok(await api.featureTags.bulkUpdate({ params, body: { features: ['oracle-feature-b'], tags: { addedTags: [], removedTags: [{ value: 'no-type' }] } } }))
  t.same(await tagsOf(api, 'oracle-feature-b'), [])
})

t.test('adding tags a feature has and removing tags it lacks change nothing and record nothing', async (t) => {
  const api = await setup()
  const before = plain(api.state())
  const body = { features: ['oracle-feature-a', 'oracle-feature-b'], tags: { addedTags: [], removedTags: [{ type: 'simple', value: 'never-there' }] } }
  ok(await api.featureTags.bulkUpdate({ params, body }))
  ok(await api.featureTags.bulkUpdate({ params, body: { features: ['oracle-feature-a'], tags: { addedTags: [{ type: 'simple', value: 'oracle-tag' }], removedTags: [] } } }))
  t.same(plain(api.state()), before)
})

t.test('duplicates in the request count once; a tag both added and removed ends up removed', async (t) => {
  const api = await setup()
  const tag = { type: 'simple', value: 'twice' }
  ok(await api.featureTags.bulkUpdate({ params, body: { features: ['oracle-feature-b', 'oracle-feature-b'], tags: { addedTags: [tag, tag], removedTags: [] } } }))
  t.same(await tagsOf(api, 'oracle-feature-b'), ['simple:twice'])
  t.equal(api.events(10).filter((e) => e.type === 'feature-tagged' && e.featureName === 'oracle-feature-b').length, 1)
  ok(await api.featureTags.bulkUpdate({ params, body: { features: ['oracle-feature-a', 'oracle-feature-b'], tags: { addedTags: [tag], removedTags: [tag] } } }))
  t.same(await tagsOf(api, 'oracle-feature-a'), ['simple:oracle-tag'], 'a lacked it and still does')
  t.same(await tagsOf(api, 'oracle-feature-b'), [], 'b had it and lost it')
  t.same(api.events(1).map((e) => [e.type, e.featureName]), [['feature-untagged', 'oracle-feature-b']])
})

t.test('features are tagged in the order first named; new tags are created once, before any is given', async (t) => {
  const api = await setup()
  const body = { features: ['oracle-feature-b', 'oracle-feature-a', 'oracle-feature-b'], tags: { addedTags: [{ value: 'new-x' }, { value: 'new-y' }], removedTags: [] } }
  ok(await api.featureTags.bulkUpdate({ params, body }))
  t.same(
    api.events(6).reverse().map((e) => [e.type, e.featureName ?? null, (e.data as { value?: string } | null)?.value ?? null]),
    [
      ['tag-created', null, 'new-x'],
      ['tag-created', null, 'new-y'],
      ['feature-tagged', 'oracle-feature-b', 'new-x'],
      ['feature-tagged', 'oracle-feature-b', 'new-y'],
      ['feature-tagged', 'oracle-feature-a', 'new-x'],
      ['feature-tagged', 'oracle-feature-a', 'new-y'],
    ],
  )
  const created = api.events(1000).filter((e) => e.type === 'tag-created').map((e) => (e.data as { value: string }).value)
  t.same(created.filter((v) => v.startsWith('new-')).sort(), ['new-x', 'new-y'], 'each new tag created once')
})

t.test('a feature that is not in the project: 404 naming it, nothing changed (atomic)', async (t) => {
  const body = { features: ['oracle-feature-a', 'no-such-feature'], tags: { addedTags: [{ type: 'simple', value: 'bulk-tag' }], removedTags: [{ type: 'simple', value: 'oracle-tag' }] } }
  const e = await refused(t, body, 'NotFoundError', ['/body/features/1'])
  t.equal(e.message, `There's no feature named "no-such-feature" in project "default".`)
})

t.test('a feature of another project is refused, saying where it is', async (t) => {
  const api = await setup()
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  ok(await api.features.create({ params: { projectId: 'other' }, body: { name: 'elsewhere' } }))
  const before = plain(api.state())
  const e = err(await api.featureTags.bulkUpdate({ params, body: { features: ['elsewhere'], tags: { addedTags: [{ value: 'bulk-tag' }], removedTags: [] } } }))
  t.equal(e._tag, 'NotFoundError')
  t.equal(e.message, `There's no feature named "elsewhere" in project "default", but there's a feature with that name in project "other"`)
  t.same(plain(api.state()), before)
})

t.test('an unknown project is 404', async (t) => {
  const e = await refused(t, { features: ['oracle-feature-a'], tags: { addedTags: [], removedTags: [] } }, 'NotFoundError', [undefined as unknown as string], 'no-such-project')
  t.equal(e.message, 'Could not find project with id "no-such-project".')
})

t.test('a tag type that does not exist: 404, and every problem is named at once', async (t) => {
  const e = await refused(
    t,
    { features: ['ghost', 'oracle-feature-a'], tags: { addedTags: [{ type: 'no-such-type', value: 'x-tag' }], removedTags: [{ type: 'simple', value: 'aa' }, { type: 'gone-type', value: 'aa' }] } },
    'NotFoundError',
    ['/body/features/0', '/body/tags/addedTags/0/type', '/body/tags/removedTags/1/type'],
  )
  t.equal(e.details[1]!.message, "Tag type 'no-such-type' does not exist")
})

t.test('body: features non-empty, tags with both lists required, values of 2 to 50 characters, nothing extra', async (t) => {
  const e = await refused(t, { features: [], tags: { addedTags: [], removedTags: [] } }, 'ValidationError', ['/body/features'])
  t.equal(e.details[0]!.message, 'The `/body/features` property must be a non-empty list of feature names. You sent [].')
  const missing = await refused(t, { features: ['oracle-feature-a'] }, 'ValidationError', ['/body/tags'])
  t.equal(missing.details[0]!.message, 'The `/body/tags` property is required. It was not present on the data you sent.')
  await refused(t, { features: ['oracle-feature-a'], tags: { addedTags: [] } }, 'ValidationError', ['/body/tags/removedTags'])
  const short = await refused(t, { features: ['oracle-feature-a'], tags: { addedTags: [{ type: 'simple', value: 'x' }], removedTags: [] } }, 'ValidationError', ['/body/tags/addedTags/0/value'])
  t.match(short.details[0]!.message, /^The `\/body\/tags\/addedTags\/0\/value` property must be a string of 2 to 50 characters, printable .* You sent "x"\.$/)
  await refused(t, { features: ['oracle-feature-a', ''], tags: { addedTags: [{ value: 'a'.repeat(51) }], removedTags: [{ value: 'ok', type: 'x' }] }, extra: true }, 'ValidationError', [
    '/body/features/1',
    '/body/tags/addedTags/0/value',
    '/body/tags/removedTags/0/type',
    '/body/extra',
  ])
})

t.test('a value is counted in characters, as Unleash counts it: an emoji is one', async (t) => {
  const api = await setup()
  const tag = (value: string) => api.featureTags.bulkUpdate({ params, body: { features: ['oracle-feature-a'], tags: { addedTags: [{ value }], removedTags: [] } } })
  await refused(t, { features: ['oracle-feature-a'], tags: { addedTags: [{ value: '😀' }], removedTags: [] } }, 'ValidationError', ['/body/tags/addedTags/0/value'])
  await refused(t, { features: ['oracle-feature-a'], tags: { addedTags: [{ value: '😀'.repeat(51) }], removedTags: [] } }, 'ValidationError', ['/body/tags/addedTags/0/value'])
  ok(await tag('😀😀'))
  ok(await tag('😀'.repeat(50)))
  const values = await tagsOf(api, 'oracle-feature-a')
  t.ok(values.includes('simple:😀😀') && values.includes(`simple:${'😀'.repeat(50)}`), 'two and fifty emoji are tags')
})

t.test('archived features in the project can be tagged', async (t) => {
  const api = await setup()
  ok(await api.features.archive({ params: { projectId: 'default', featureName: 'oracle-feature-b' } }))
  ok(await api.featureTags.bulkUpdate({ params, body: { features: ['oracle-feature-b'], tags: { addedTags: [{ value: 'archived-tag' }], removedTags: [] } } }))
  t.same(await tagsOf(api, 'oracle-feature-b'), ['simple:archived-tag'])
})

t.test('bulk tagging needs UPDATE_FEATURE in the project', async (t) => {
  const api = await setup()
  const viewer: AuthPort = { authenticate: () => E.right({ kind: 'user', actor: { id: 7, name: 'viewer' }, permissions: [] }) }
  const { api: asViewer } = await makeApi({ auth: viewer, storage: internalsOf(api).storage })
  const before = plain(api.state())
  const e = err(await asViewer.featureTags.bulkUpdate({ params, body: { features: ['oracle-feature-a'], tags: { addedTags: [{ value: 'nope' }], removedTags: [] } } }))
  t.equal(e._tag, 'NoAccessError')
  t.match(e.message, /"UPDATE_FEATURE"/)
  t.same(plain(api.state()), before)
})

t.test('__proto__ and constructor are ordinary feature names and tag values in bulk', async (t) => {
  const { api } = await makeApi()
  for (const name of ['__proto__', 'constructor']) ok(await api.features.create({ params, body: { name } }))
  ok(await api.featureTags.bulkUpdate({ params, body: JSON.parse('{"features":["__proto__","constructor"],"tags":{"addedTags":[{"value":"__proto__"},{"value":"constructor"}],"removedTags":[]}}') }))
  t.same(await tagsOf(api as never, '__proto__'), ['simple:__proto__', 'simple:constructor'])
  t.same(await tagsOf(api as never, 'constructor'), ['simple:__proto__', 'simple:constructor'])
  t.same(ok(await api.tags.list({ params: {} })).tags.map((x) => x.value), ['__proto__', 'constructor'])
})

t.test('bulk tagging leaves the state before it as it was, and makes the actor each changed feature\'s latest collaborator', async (t) => {
  const api = await setup()
  const state = api.state()
  const before = plain(state)
  const body = { features: ['oracle-feature-a', 'oracle-feature-b'], tags: { addedTags: [{ value: 'new' }], removedTags: [{ value: 'oracle-tag' }] } }
  ok(await api.featureTags.bulkUpdate({ params, body }))
  t.same(plain(state), before, 'the earlier state object is unchanged, its tag and collaborator lists included')
  for (const featureName of ['oracle-feature-a', 'oracle-feature-b']) {
    const feature = ok(await api.features.get({ params: { projectId: 'default', featureName } }))
    t.same(feature.tags, [{ value: 'new', type: 'simple' }], featureName)
    t.equal(feature.collaborators.users.length, 1, `${featureName}: one actor, listed once`)
  }
})
