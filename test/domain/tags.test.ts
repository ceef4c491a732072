import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import type { AuthPort } from '../../src/ports/auth.js'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

const viewer: AuthPort = { authenticate: () => E.right({ kind: 'user', actor: { id: 7, name: 'viewer@example.com' }, permissions: [] }) }

const withFeature = async (name = 'flag') => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  return api
}

t.test('tag type simple is seeded, with Unleash description, icon and colour', async (t) => {
  const { api } = await makeApi()
  const simple = { name: 'simple', description: 'Used to simplify filtering of features', icon: '#', color: '#FFFFFF' }
  t.same(ok(await api.tagTypes.list({ params: {} })), { version: 1, tagTypes: [simple] })
  t.same(ok(await api.tagTypes.get({ params: { name: 'simple' } })), { version: 1, tagType: simple })
  const e = err(await api.tagTypes.get({ params: { name: 'nope' } }))
  t.equal(e._tag, 'NotFoundError')
  t.equal(e.message, 'Could not find tag-type', "Unleash's words")
})

t.test('a tag type is created with defaults and an event; names are taken once', async (t) => {
  const { api } = await makeApi()
  const created = ok(await api.tagTypes.create({ params: {}, body: { name: 'team' } }))
  t.same(created, { name: 'team', description: null, icon: null, color: null }, 'null for what is left out, as Unleash 8.2 stores it')
  t.match(api.events(1)[0], { type: 'tag-type-created', data: created })
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  ok(await api.featureTags.add({ params: { featureName: 'flag' }, body: { type: 'team', value: 'checkout' } }))
  t.same(ok(await api.featureTags.list({ params: { featureName: 'flag' } })).tags, [{ value: 'checkout', type: 'team', color: null }], "a tag shows its type's colour: none")
  t.same(ok(await api.tagTypes.list({ params: {} })).tagTypes.map((x) => x.name), ['simple', 'team'])
  const before = plain(api.state())
  const e = err(await api.tagTypes.create({ params: {}, body: { name: 'team', description: 'again' } }))
  t.equal(e._tag, 'NameExistsError')
  t.equal(e.message, 'There already exists a tag-type with the name team', "Unleash's words")
  t.same(plain(api.state()), before, 'the store is unchanged')
})

t.test('a tag type name must be URL-friendly, 2 to 50 characters; the colour a hex colour', async (t) => {
  const { api } = await makeApi()
  const before = plain(api.state())
  for (const [body, paths] of [
    [{ name: 'not url friendly' }, ['/body/name']],
    [{ name: 'x' }, ['/body/name']],
    [{ name: 'ok-name', color: 'red' }, ['/body/color']],
    [{}, ['/body/name']],
  ] as const) {
    const e = err(await api.tagTypes.create({ params: {}, body: raw(body) }))
    t.equal(e._tag, 'ValidationError', JSON.stringify(body))
    t.same(e.details.map((d) => d.path), paths)
  }
  t.same(plain(api.state()), before)
})

t.test("a tag type is checked, changed and deleted as Unleash's tag-type routes do", async (t) => {
  const { api } = await makeApi()
  ok(await api.tagTypes.create({ params: {}, body: { name: 'team', description: 'd', icon: 'i' } }))
  t.same(ok(await api.tagTypes.validate({ params: {}, body: { name: 'fresh' } })), { valid: true, tagType: { name: 'fresh' } })
  t.match(err(await api.tagTypes.validate({ params: {}, body: { name: 'team' } })), { _tag: 'NameExistsError', message: 'There already exists a tag-type with the name team' })
  t.same(err(await api.tagTypes.validate({ params: {}, body: { name: 'a' } })).details.map((d) => d.path), ['/body/name'])

  ok(await api.tagTypes.update({ params: { name: 'team' }, body: { description: 'new', color: '#123456' } }))
  t.same(ok(await api.tagTypes.get({ params: { name: 'team' } })).tagType, { name: 'team', description: 'new', icon: 'i', color: '#123456' }, 'what is sent changes, the rest stays')
  t.match(api.events(1)[0], { type: 'tag-type-updated', data: { name: 'team', description: 'new', color: '#123456' } })
  ok(await api.tagTypes.update({ params: { name: 'team' }, body: { name: 'renamed', icon: 'j' } as never }))
  t.same(ok(await api.tagTypes.get({ params: { name: 'team' } })).tagType.icon, 'j', "the name is the path's; a name sent is ignored")
  t.same(err(await api.tagTypes.update({ params: { name: 'team' }, body: { color: 'red' } })).details.map((d) => d.path), ['/body/color'])
  const before = plain(api.state())
  ok(await api.tagTypes.update({ params: { name: 'ghost' }, body: { description: 'x' } }))
  t.same(plain(api.state()), before, 'an unknown tag type changes nothing, and is a success, as in Unleash')
  ok(await api.tagTypes.update({ params: { name: 'team' }, body: { description: 'new', icon: 'j' } }))
  t.same(plain(api.state()), before, 'nor do the values it holds already: no event')

  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag', tags: [{ type: 'team', value: 'alpha' }, { type: 'simple', value: 'kept' }] } }))
  ok(await api.tagTypes.delete({ params: { name: 'team' } }))
  t.match(err(await api.tagTypes.get({ params: { name: 'team' } })), { _tag: 'NotFoundError' })
  t.same(ok(await api.featureTags.list({ params: { featureName: 'flag' } })).tags.map((tag) => tag.value), ['kept'], 'its tags are taken off the features')
  t.same(ok(await api.tags.listOfType({ params: { type: 'team' } })).tags, [])
  t.same(api.events(3).map((e) => e.type), ['tag-type-deleted', 'tag-deleted', 'feature-untagged'])
  t.match(err(await api.tagTypes.delete({ params: { name: 'team' } })), { _tag: 'NotFoundError', message: 'Could not find tag-type' }, "Unleash's words")
})

t.test('a tag is created, trimmed, listed, and found by type and value (operation 9)', async (t) => {
  const { api } = await makeApi()
  t.same(ok(await api.tags.create({ params: {}, body: { type: 'simple', value: '  Tester ' } })), { type: 'simple', value: 'Tester' })
  t.match(api.events(1)[0], { type: 'tag-created', data: { type: 'simple', value: 'Tester' } })
  t.same(ok(await api.tags.get({ params: { type: 'simple', value: 'Tester' } })), { version: 1, tag: { type: 'simple', value: 'Tester' } })
  ok(await api.tagTypes.create({ params: {}, body: { name: 'area' } }))
  ok(await api.tags.create({ params: {}, body: { type: 'area', value: 'checkout' } }))
  ok(await api.tags.create({ params: {}, body: { type: 'simple', value: 'Alpha' } }))
  t.same(ok(await api.tags.list({ params: {} })).tags, [
    { type: 'area', value: 'checkout' },
    { type: 'simple', value: 'Alpha' },
    { type: 'simple', value: 'Tester' },
  ])
  t.same(ok(await api.tags.listOfType({ params: { type: 'area' } })), { version: 1, tags: [{ type: 'area', value: 'checkout' }] })
  t.same(ok(await api.tags.listOfType({ params: { type: 'none' } })), { version: 1, tags: [] }, 'an unknown type has no tags, as in Unleash')
})

t.test('operation 9: 404 with Unleash message for an unknown value or type; matching is exact', async (t) => {
  const { api } = await makeApi()
  ok(await api.tags.create({ params: {}, body: { type: 'simple', value: 'b:cc' } }))
  const e = err(await api.tags.get({ params: { type: 'simple', value: 'no-such-tag' } }))
  t.same(e, { _tag: 'NotFoundError', message: 'No tag with type: [simple] and value [no-such-tag]', details: [{ message: 'No tag with type: [simple] and value [no-such-tag]' }] })
  t.equal(err(await api.tags.get({ params: { type: 'no-such-type', value: 'b:cc' } })).message, 'No tag with type: [no-such-type] and value [b:cc]')
  t.equal(err(await api.tags.get({ params: { type: 'simple', value: 'B:CC' } }))._tag, 'NotFoundError', 'case-sensitive')
  // The store's key joins type and value with ":", which must not let one tag pose as another.
  t.equal(err(await api.tags.get({ params: { type: 'simple:b', value: 'cc' } }))._tag, 'NotFoundError')
  t.equal(err(await api.tags.get({ params: { type: 'simple', value: 'x' } }))._tag, 'NotFoundError', 'no length checks on lookup')
})

t.test('operation 9 needs no permission; creating a tag needs UPDATE_FEATURE', async (t) => {
  const { api } = await makeApi()
  ok(await api.tags.create({ params: {}, body: { type: 'simple', value: 'open' } }))
  const { api: asViewer } = await makeApi({ auth: viewer, storage: internalsOf(api).storage })
  t.same(ok(await asViewer.tags.get({ params: { type: 'simple', value: 'open' } })).tag, { type: 'simple', value: 'open' })
  const before = plain(api.state())
  const e = err(await asViewer.tags.create({ params: {}, body: { type: 'simple', value: 'closed' } }))
  t.equal(e._tag, 'NoAccessError')
  t.match(e.message, /"UPDATE_FEATURE"/)
  t.equal(err(await asViewer.tagTypes.create({ params: {}, body: { name: 'x-type' } }))._tag, 'NoAccessError')
  t.same(plain(api.state()), before)
})

t.test('creating a tag: 404 for an unknown type, 409 when it exists, 400 for a short value', async (t) => {
  const { api } = await makeApi()
  ok(await api.tags.create({ params: {}, body: { type: 'simple', value: 'taken' } }))
  const before = plain(api.state())
  const missing = err(await api.tags.create({ params: {}, body: { type: 'nope', value: 'value' } }))
  t.equal(missing._tag, 'NotFoundError')
  t.equal(missing.message, "Tag type 'nope' does not exist")
  const taken = err(await api.tags.create({ params: {}, body: { type: 'simple', value: ' taken ' } }))
  t.equal(taken._tag, 'NameExistsError')
  const short = err(await api.tags.create({ params: {}, body: { type: 'simple', value: 'x' } }))
  t.same(short.details.map((d) => d.path), ['/body/value'])
  t.match(short.details[0]!.message, /must be a string of 2 to 50 characters/)
  const trimmedShort = err(await api.tags.create({ params: {}, body: { type: 'simple', value: ' x  ' } }))
  t.equal(trimmedShort._tag, 'ValidationError')
  t.same(trimmedShort.details.map((d) => d.path), ['/body/value'])
  t.same(plain(api.state()), before)
})

t.test('a feature is tagged and untagged; repeats are no-ops without events', async (t) => {
  const api = await withFeature()
  const params = { featureName: 'flag' }
  t.same(ok(await api.featureTags.add({ params, body: { type: 'simple', value: 'team-a' } })), { type: 'simple', value: 'team-a' })
  t.same(api.events(2).map((e) => e.type), ['feature-tagged', 'tag-created'])
  t.match(api.events(1)[0], { project: 'default', featureName: 'flag', data: { type: 'simple', value: 'team-a' } })
  const afterAdd = plain(api.state())
  ok(await api.featureTags.add({ params, body: { type: 'simple', value: 'team-a' } }))
  t.same(plain(api.state()), afterAdd, 'adding a tag the feature has changes nothing')
  ok(await api.tagTypes.create({ params: {}, body: { name: 'area', color: '#00FF00' } }))
  ok(await api.featureTags.add({ params, body: { type: 'area', value: 'checkout' } }))
  t.same(ok(await api.featureTags.list({ params })), {
    version: 1,
    tags: [
      { value: 'checkout', type: 'area', color: '#00FF00' },
      { value: 'team-a', type: 'simple', color: '#FFFFFF' },
    ],
  }, 'by type, then value')
  t.same(ok(await api.features.get({ params: { projectId: 'default', featureName: 'flag' } })).tags, [
    { value: 'checkout', type: 'area' },
    { value: 'team-a', type: 'simple' },
  ])
  ok(await api.featureTags.remove({ params: { ...params, type: 'simple', value: 'team-a' } }))
  t.match(api.events(1)[0], { type: 'feature-untagged', featureName: 'flag', preData: { type: 'simple', value: 'team-a' } })
  const afterRemove = plain(api.state())
  ok(await api.featureTags.remove({ params: { ...params, type: 'simple', value: 'team-a' } }))
  t.same(plain(api.state()), afterRemove, 'removing a tag the feature lacks changes nothing')
  t.same(ok(await api.tags.get({ params: { type: 'simple', value: 'team-a' } })).tag, { type: 'simple', value: 'team-a' }, 'the tag itself stays')
})

t.test('tagging a feature: 404 for an unknown feature, 400 for an unknown tag type or a bad tag; untagging one that does not exist is a no-op', async (t) => {
  const api = await withFeature()
  const before = plain(api.state())
  const noFeature = err(await api.featureTags.add({ params: { featureName: 'ghost' }, body: { type: 'simple', value: 'team-a' } }))
  t.same([noFeature._tag, noFeature.message], ['NotFoundError', 'No feature flag found'], "Unleash's words")
  const unknownType = err(await api.featureTags.add({ params: { featureName: 'flag' }, body: { type: 'nope', value: 'team-a' } }))
  t.same([unknownType._tag, unknownType.details], ['ValidationError', [{ path: '/body/type', message: "Tag type 'nope' does not exist" }]], "Unleash's 400 (bulk tagging's is a 404)")
  t.equal(unknownType.message, "Request validation failed: your request body or params contain invalid data: Tag type 'nope' does not exist")
  const bad = err(await api.featureTags.add({ params: { featureName: 'flag' }, body: { value: 'x', extra: 1 } as never }))
  t.same(bad.details.map((d) => d.path), ['/body/value', '/body/type', '/body/extra'], 'the type is required here, as in Unleash')
  const list = err(await api.featureTags.list({ params: { featureName: 'ghost' } }))
  t.same([list._tag, list.message], ['NotFoundError', 'Could not find feature with name ghost'], "Unleash's words on this route")
  t.equal(ok(await api.featureTags.remove({ params: { featureName: 'ghost', type: 'simple', value: 'aa' } })), undefined, 'untagging a feature that does not exist changes nothing, as in Unleash')
  t.same(plain(api.state()), before)
})

t.test("a feature's tags are added and removed in one call, answered as its list, as Unleash's PUT does", async (t) => {
  const api = await withFeature()
  const params = { featureName: 'flag' }
  const simple = (value: string) => ({ type: 'simple', value })
  const first = ok(await api.featureTags.update({ params, body: { addedTags: [simple('alpha'), simple('beta')], removedTags: [] } }))
  t.same(first, { version: 1, tags: [{ value: 'alpha', type: 'simple', color: '#FFFFFF' }, { value: 'beta', type: 'simple', color: '#FFFFFF' }] })
  t.same(ok(await api.tags.get({ params: simple('alpha') })), { version: 1, tag: simple('alpha') }, 'a missing tag is created')
  const second = ok(await api.featureTags.update({ params, body: { addedTags: [simple('gamma'), simple('both')], removedTags: [simple('alpha'), simple('absent'), simple('both')] } }))
  t.same(second.tags.map((tag) => tag.value), ['beta', 'gamma'], 'added, then removed: a tag in both ends up removed')
  t.same(second, ok(await api.featureTags.list({ params })), 'the answer is the list')
  t.same(api.events(4).map((e) => [e.type, e.data ?? e.preData]), [
    ['feature-untagged', simple('alpha')],
    ['feature-tagged', simple('gamma')],
    ['tag-created', simple('both')],
    ['tag-created', simple('gamma')],
  ], 'only real changes of the feature are recorded')

  const before = plain(api.state())
  const refused = err(await api.featureTags.update({ params, body: { addedTags: [simple('delta'), { type: 'nope', value: 'eps' }], removedTags: [simple('beta')] } }))
  t.same([refused._tag, refused.details], ['ValidationError', [{ path: '/body/addedTags/1/type', message: "Tag type 'nope' does not exist" }]])
  t.same(err(await api.featureTags.update({ params, body: { addedTags: [], removedTags: [], extra: 1 } as never })).details.map((d) => d.path), ['/body/extra'], "other properties are refused, as Unleash's schema does")
  t.same(err(await api.featureTags.update({ params, body: { addedTags: [] } as never })).details.map((d) => d.path), ['/body/removedTags'])
  t.match(err(await api.featureTags.update({ params: { featureName: 'ghost' }, body: { addedTags: [simple('delta')], removedTags: [] } })), { _tag: 'NotFoundError', message: 'No feature flag found' })
  t.match(err(await api.featureTags.update({ params: { featureName: 'ghost' }, body: { addedTags: [], removedTags: [] } })), { _tag: 'NotFoundError', message: 'Could not find feature with name ghost' }, "Unleash's words, which depend on the tags added")
  t.same(plain(api.state()), before, 'nothing changed, not even the tags before the refused one (Unleash keeps them)')
})

t.test('deleting a tag takes it off every feature; deleting an unknown one changes nothing', async (t) => {
  const api = await withFeature('one')
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'two' } }))
  ok(await api.featureTags.add({ params: { featureName: 'one' }, body: { type: 'simple', value: 'gone' } }))
  ok(await api.featureTags.add({ params: { featureName: 'one' }, body: { type: 'simple', value: 'kept' } }))
  ok(await api.featureTags.add({ params: { featureName: 'two' }, body: { type: 'simple', value: 'gone' } }))
  ok(await api.tags.delete({ params: { type: 'simple', value: 'gone' } }))
  t.same(api.events(3).map((e) => [e.type, e.featureName]).sort(), [['feature-untagged', 'one'], ['feature-untagged', 'two'], ['tag-deleted', undefined]])
  t.same(ok(await api.featureTags.list({ params: { featureName: 'one' } })).tags.map((x) => x.value), ['kept'])
  t.same(ok(await api.featureTags.list({ params: { featureName: 'two' } })).tags, [])
  t.equal(err(await api.tags.get({ params: { type: 'simple', value: 'gone' } }))._tag, 'NotFoundError')
  const before = plain(api.state())
  ok(await api.tags.delete({ params: { type: 'simple', value: 'gone' } }))
  t.same(plain(api.state()), before, 'deleting it again is a success that changes nothing, as in Unleash')
})

t.test('__proto__ and constructor are ordinary tag values and tag type names', async (t) => {
  const api = await withFeature('__proto__')
  ok(await api.tagTypes.create({ params: {}, body: { name: '__proto__' } }))
  ok(await api.tagTypes.create({ params: {}, body: { name: 'constructor' } }))
  ok(await api.featureTags.add({ params: { featureName: '__proto__' }, body: { type: '__proto__', value: 'constructor' } }))
  ok(await api.featureTags.add({ params: { featureName: '__proto__' }, body: { type: 'constructor', value: '__proto__' } }))
  t.same(ok(await api.tags.get({ params: { type: '__proto__', value: 'constructor' } })).tag, { type: '__proto__', value: 'constructor' })
  t.same(ok(await api.tagTypes.list({ params: {} })).tagTypes.map((x) => x.name), ['__proto__', 'constructor', 'simple'])
  t.same(ok(await api.featureTags.list({ params: { featureName: '__proto__' } })).tags.map((x) => [x.type, x.value]), [['__proto__', 'constructor'], ['constructor', '__proto__']])
})
