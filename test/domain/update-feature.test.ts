import t from 'tap'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

const setup = async () => {
  const { api, clock } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag', description: 'first', type: 'experiment', impressionData: true } }))
  return { api, clock }
}
const params = { projectId: 'default', featureName: 'flag' }

t.test('only the fields sent change', async (t) => {
  const { api } = await setup()
  const f = ok(await api.features.update({ params, body: { stale: true } }))
  t.equal(f.stale, true)
  t.equal(f.description, 'first')
  t.equal(f.type, 'experiment')
  t.equal(f.impressionData, true)
  const g = ok(await api.features.update({ params, body: { description: 'second', type: 'kill-switch', impressionData: false } }))
  t.match(g, { description: 'second', type: 'kill-switch', impressionData: false, stale: true })
})

t.test('an empty description is none: null, as Unleash stores it, on update and on create', async (t) => {
  const { api } = await setup()
  t.equal(ok(await api.features.update({ params, body: { description: '' } })).description, null)
  t.equal(ok(await api.features.get({ params })).description, null, 'and kept so')
  t.match(api.events(1)[0], { type: 'feature-metadata-updated', data: { description: null }, preData: { description: 'first' } })
  t.equal(ok(await api.features.update({ params, body: { description: ' ' } })).description, ' ', 'a blank one is kept, as in Unleash')
  t.equal(ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'bare', description: '' } })).description, null)
})

t.test('an empty body changes nothing in the metadata and records no metadata event', async (t) => {
  const { api } = await setup()
  const f = ok(await api.features.update({ params, body: {} }))
  t.match(f, { description: 'first', type: 'experiment', stale: false, impressionData: true, archived: false })
  t.equal(api.events(10, (e) => e.type === 'feature-metadata-updated').length, 0)
})

t.test('a body that sends what the feature holds records nothing and commits nothing', async (t) => {
  const { api } = await setup()
  ok(await api.features.update({ params, body: { stale: true } }))
  const state = api.state()
  const events = api.events(100).length
  const f = ok(await api.features.update({ params, body: { description: 'first', type: 'experiment', stale: true, impressionData: true, archived: false } }))
  t.match(f, { description: 'first', type: 'experiment', stale: true, impressionData: true })
  t.equal(api.state(), state, 'the same state: nothing was committed')
  t.equal(api.events(100).length, events, 'no event')
})

t.test('one changed field among held ones records the whole metadata before and after', async (t) => {
  const { api } = await setup()
  ok(await api.features.update({ params, body: { description: 'first', type: 'release', impressionData: true } }))
  const [event] = api.events(1)
  const held = { name: 'flag', description: 'first', project: 'default', stale: false, impressionData: true, archived: false }
  t.same(event?.data, { ...held, type: 'release' })
  t.same(event?.preData, { ...held, type: 'experiment' })
})

t.test('a metadata change records feature-metadata-updated with before and after', async (t) => {
  const { api } = await setup()
  ok(await api.features.update({ params, body: { description: 'changed' } }))
  const [event] = api.events(1)
  t.match(event, { type: 'feature-metadata-updated', featureName: 'flag', project: 'default', data: { description: 'changed' }, preData: { description: 'first' } })
})

t.test('a name different from the path is refused; the same name is fine', async (t) => {
  const { api } = await setup()
  const before = plain(api.state())
  const e = err(await api.features.update({ params, body: { name: 'other' } }))
  t.equal(e._tag, 'ValidationError')
  t.equal(e.details[0]!.message, 'Cannot change name of feature flag')
  t.same(plain(api.state()), before)
  ok(await api.features.update({ params, body: { name: 'flag', stale: true } }))
})

t.test('project and unknown fields in the body are ignored', async (t) => {
  const { api } = await setup()
  const f = ok(await api.features.update({ params, body: raw({ project: 'elsewhere', colour: 'red', stale: true })}))
  t.equal(f.project, 'default')
  t.equal(f.stale, true)
})

t.test('a wrong type is a ValidationError naming its path, and nothing changes', async (t) => {
  const { api } = await setup()
  const before = plain(api.state())
  const e = err(await api.features.update({ params, body: raw({ type: 'not-a-type', stale: 'yes' })}))
  t.equal(e._tag, 'ValidationError')
  t.same(e.details.map((d) => d.path).sort(), ['/body/stale', '/body/type'])
  t.match(e.details.find((d) => d.path === '/body/type')!.message, /must be one of "experiment"/)
  t.same(plain(api.state()), before)
})

t.test('a body that is not an object is refused', async (t) => {
  const { api } = await setup()
  for (const body of [null, [], 'text', 42]) {
    const e = err(await api.features.update({ params, body: raw(body) }))
    t.equal(e._tag, 'ValidationError', `body ${JSON.stringify(body)}`)
  }
})

t.test('a feature missing or in another project is NotFound with Unleash message', async (t) => {
  const { api } = await setup()
  const missing = err(await api.features.update({ params: { projectId: 'default', featureName: 'nope' }, body: {} }))
  t.equal(missing._tag, 'NotFoundError')
  t.equal(missing.message, `There's no feature named "nope" in project "default".`)
  const elsewhere = err(await api.features.update({ params: { projectId: 'other', featureName: 'flag' }, body: {} }))
  t.equal(elsewhere._tag, 'NotFoundError')
  t.equal(elsewhere.message, `There's no feature named "flag" in project "other", but there's a feature with that name in project "default"`, 'as Unleash words it, with no full stop')
})

t.test('archived: true archives with archivedAt now and stage archived; false revives', async (t) => {
  const { api, clock } = await setup()
  clock.set('2026-02-02T10:00:00.000Z')
  const a = ok(await api.features.update({ params, body: { archived: true } }))
  t.equal(a.archived, true)
  t.equal(a.archivedAt, '2026-02-02T10:00:00.000Z')
  t.same(a.lifecycle, { stage: 'archived', enteredStageAt: '2026-02-02T10:00:00.000Z' })
  t.equal(api.events(1)[0]!.type, 'feature-archived')
  clock.set('2026-02-03T10:00:00.000Z')
  const r = ok(await api.features.update({ params, body: { archived: false } }))
  t.equal(r.archived, false)
  t.equal(r.archivedAt, null)
  t.same(r.lifecycle, { stage: 'initial', enteredStageAt: '2026-02-03T10:00:00.000Z' })
  t.equal(api.events(1)[0]!.type, 'feature-revived')
})

t.test('the caller joins the collaborators, most recent first', async (t) => {
  const { api } = await setup()
  const f = ok(await api.features.update({ params, body: { stale: true } }))
  t.same(f.collaborators.users.map((u) => u.id), [-1])
})

t.test('archived: false revives only within the feature limits; nothing changes when refused', async (t) => {
  const { api } = await makeApi({ config: { resourceLimits: { featureFlags: 1 } } })
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  ok(await api.features.update({ params, body: { archived: true } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'newer' } }))
  const before = plain(api.state())
  const e = err(await api.features.update({ params, body: { archived: false, description: 'back' } }))
  t.equal(e._tag, 'ExceedsLimitError')
  t.equal(e.message, "Failed to create feature flag. You can't create more than the established limit of 1.")
  t.same(plain(api.state()), before)
})

t.test('archived: true is refused while other features depend on the feature; a child loses its parents', async (t) => {
  const { api } = await setup()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'child' } }))
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'child' }, body: { feature: 'flag' } }))
  const before = plain(api.state())
  for (const archive of [() => api.features.update({ params, body: { archived: true, stale: true } }), () => api.features.archive({ params })]) {
    const e = err(await archive())
    t.equal(e._tag, 'ValidationError')
    t.equal(e.details[0]!.message, 'You can not archive "flag" since other features depend on it: "child". Archive them or remove their dependency first.')
    t.same(plain(api.state()), before)
  }
  const child = ok(await api.features.update({ params: { projectId: 'default', featureName: 'child' }, body: { archived: true } }))
  t.same(child.dependencies, [])
  t.same(api.events(2).map((e) => e.type), ['feature-archived', 'feature-dependencies-removed'])
  t.same(ok(await api.features.get({ params })).children, [])
  t.equal(ok(await api.features.update({ params, body: { archived: true } })).archived, true, 'with no dependants left it can be archived')
})
