import t from 'tap'
import { err, makeApi, ok, plain } from '../support/api.js'

const project = { projectId: 'default' }
const development = { ...project, environment: 'development' }

const seeded = async (names = ['a', 'b', 'c']) => {
  const { api } = await makeApi()
  for (const name of names) ok(await api.features.create({ params: project, body: { name } }))
  return api
}
const enabledIn = async (api: Awaited<ReturnType<typeof seeded>>, name: string, environment = 'development') =>
  ok(await api.features.getEnvironment({ params: { ...project, featureName: name, environment } })).enabled

t.test('the listed features are turned on or off in one environment, each as one would be', async (t) => {
  const api = await seeded()
  ok(await api.features.enableEnvironmentOfMany({ params: development, body: { features: ['a', 'b'] } }))
  t.same([await enabledIn(api, 'a'), await enabledIn(api, 'b'), await enabledIn(api, 'c')], [true, true, false])
  t.same(api.events(4).map((e) => [e.type, e.featureName]), [
    ['feature-environment-enabled', 'b'],
    ['feature-strategy-add', 'b'],
    ['feature-environment-enabled', 'a'],
    ['feature-strategy-add', 'a'],
  ], 'each gets the strategy Unleash adds, and its event')
  ok(await api.features.disableEnvironmentOfMany({ params: development, body: { features: ['a', 'a', 'c'] } }))
  t.same([await enabledIn(api, 'a'), await enabledIn(api, 'b'), await enabledIn(api, 'c')], [false, true, false])
  t.same(api.events(1).map((e) => [e.type, e.featureName]), [['feature-environment-disabled', 'a']], 'once for a name listed twice; nothing for one already off')
  const before = plain(api.state())
  ok(await api.features.disableEnvironmentOfMany({ params: development, body: { features: [] } }))
  t.same(plain(api.state()), before, 'an empty list changes nothing')
})

t.test('a bulk toggle stops at the first refusal, and nothing changes', async (t) => {
  const api = await seeded()
  ok(await api.features.archive({ params: { ...project, featureName: 'c' } }))
  const before = plain(api.state())
  t.match(err(await api.features.enableEnvironmentOfMany({ params: development, body: { features: ['a', 'ghost'] } })), { _tag: 'NotFoundError', message: `There's no feature named "ghost" in project "default".` })
  t.match(err(await api.features.enableEnvironmentOfMany({ params: { ...development, environment: 'staging' }, body: { features: ['a'] } })), { _tag: 'NotFoundError', message: 'Could not find environment staging for feature: a' })
  t.match(err(await api.features.enableEnvironmentOfMany({ params: development, body: { features: ['a', 'c'] } })), { _tag: 'ValidationError' }, 'an archived feature')
  t.match(err(await api.features.enableEnvironmentOfMany({ params: development, body: { features: 'a' } as never })), { _tag: 'ValidationError', details: [{ path: '/body/features' }] })
  t.same(plain(api.state()), before, 'not even the features before the refused one')
})

t.test('turning on with shouldActivateDisabledStrategies enables the disabled strategies instead of adding one, as Unleash does', async (t) => {
  const api = await seeded(['a'])
  const env = { ...development, featureName: 'a' }
  const kept = ok(await api.strategies.add({ params: env, body: { name: 'default', disabled: true } }))
  ok(await api.features.enableEnvironment({ params: env, query: { shouldActivateDisabledStrategies: 'true' } }))
  const on = ok(await api.features.getEnvironment({ params: env }))
  t.same([on.enabled, on.strategies.map((s) => [s.id, s.disabled])], [true, [[kept.id, false]]])
  t.same(api.events(2).map((e) => e.type), ['feature-environment-enabled', 'feature-strategy-update'])
  t.match(api.events(2)[1], { preData: { id: kept.id, disabled: true }, data: { id: kept.id, disabled: false } })

  const production = { ...env, environment: 'production' }
  ok(await api.features.enableEnvironment({ params: production, query: { shouldActivateDisabledStrategies: 'true' } }))
  t.same(ok(await api.features.getEnvironment({ params: production })).strategies.map((s) => s.name), ['flexibleRollout'], 'with no strategy at all, the default one is added')

  const other = await seeded(['a'])
  ok(await other.strategies.add({ params: env, body: { name: 'default', disabled: true } }))
  ok(await other.features.enableEnvironment({ params: env, query: { shouldActivateDisabledStrategies: 'false' } }))
  t.same(ok(await other.features.getEnvironment({ params: env })).strategies.map((s) => [s.name, s.disabled]), [['default', true], ['flexibleRollout', false]], 'without it, one is added')
})

t.test('the listed features are marked stale or not, each change recorded; unknown names are ignored', async (t) => {
  const api = await seeded()
  ok(await api.features.setStaleOfMany({ params: project, body: { features: ['a', 'b', 'ghost', 'a'], stale: true } }))
  t.same(await Promise.all(['a', 'b', 'c'].map(async (featureName) => ok(await api.features.get({ params: { ...project, featureName } })).stale)), [true, true, false])
  t.same(api.events(2).map((e) => [e.type, e.featureName, e.project]), [['feature-stale-on', 'b', 'default'], ['feature-stale-on', 'a', 'default']])
  ok(await api.features.setStaleOfMany({ params: project, body: { features: ['a', 'c'], stale: false } }))
  t.same(api.events(1).map((e) => [e.type, e.featureName]), [['feature-stale-off', 'a']], 'only a real change is recorded')

  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  const before = plain(api.state())
  const refused = err(await api.features.setStaleOfMany({ params: { projectId: 'other' }, body: { features: ['a', 'ghost'], stale: false } }))
  t.match(refused, {
    _tag: 'ValidationError',
    details: [{ path: '/body/features', message: 'The operation could not be completed. The features exist, but the provided project ids ("default") does not match the project provided in request URL ("other").' }],
  }, "a feature of another project, in Unleash's words")
  t.same(plain(api.state()), before)
})

t.test("the listed features are archived, revived and deleted as Unleash's project archive does, each call one transaction", async (t) => {
  const api = await seeded(['a', 'b', 'parent', 'child'])
  ok(await api.features.addDependency({ params: { ...project, featureName: 'child' }, body: { feature: 'parent' } }))
  const features = (names: string[]) => ({ params: project, body: { features: names } })
  t.same(ok(await api.features.archiveImpact(features(['a', 'b']))), { parentsWithChildFeatures: [], hasDeletedDependencies: false })
  t.same(ok(await api.features.archiveImpact(features(['parent']))), { parentsWithChildFeatures: ['parent'], hasDeletedDependencies: true }, 'a parent whose child stays')
  t.same(ok(await api.features.archiveImpact(features(['parent', 'child']))), { parentsWithChildFeatures: [], hasDeletedDependencies: true })

  const before = plain(api.state())
  t.match(err(await api.features.archiveMany(features(['a', 'parent']))), {
    _tag: 'ValidationError',
    details: [{ path: '/body/features', message: 'You can not archive/delete this feature since other features depend on it.' }],
  }, "Unleash's words (its 403)")
  t.same(plain(api.state()), before, 'nothing archived, not even the feature before it')

  let mark = api.events(1)[0]!.id
  ok(await api.features.archiveMany(features(['a', 'ghost', 'parent', 'child'])))
  // `get` finds live features only: an archived one is a 404.
  const archived = async (name: string) => (await api.features.get({ params: { ...project, featureName: name } }))._tag === 'Left'
  t.same(await Promise.all(['a', 'b', 'parent', 'child'].map(archived)), [true, false, true, true], 'a parent with its child; unknown names ignored')
  t.same(api.events(10).filter((e) => e.id > mark).map((e) => [e.type, e.featureName]).reverse(), [
    ['feature-dependencies-removed', 'child'],
    ['feature-archived', 'a'],
    ['feature-archived', 'parent'],
    ['feature-archived', 'child'],
  ], "in Unleash's order")

  ok(await api.features.enableEnvironment({ params: { ...development, featureName: 'b' } }))
  mark = api.events(1)[0]!.id
  ok(await api.features.reviveMany(features(['a', 'a', 'b', 'ghost'])))
  t.same(api.events(5).filter((e) => e.id > mark).map((e) => [e.type, e.featureName]), [['feature-revived', 'a']], 'only archived features are revived')
  t.equal(await enabledIn(api, 'b'), true, 'a live feature is left alone')
  t.match(err(await api.features.reviveMany({ params: { projectId: 'nope' }, body: { features: ['a'] } })), { _tag: 'NotFoundError', message: 'Active project with id nope does not exist' })

  mark = api.events(1)[0]!.id
  ok(await api.features.deleteMany(features(['a', 'parent', 'child'])))
  t.same(api.events(5).filter((e) => e.id > mark).map((e) => [e.type, e.featureName]).reverse(), [['feature-deleted', 'parent'], ['feature-deleted', 'child']], 'archived features only: a live one is left be')
  t.same(await Promise.all(['a', 'parent', 'child'].map(async (name) => (await api.features.revive({ params: { featureName: name } }))._tag)), ['Right', 'Left', 'Left'], 'the deleted are gone')

  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  const untouched = plain(api.state())
  for (const call of [api.features.archiveMany, api.features.reviveMany, api.features.deleteMany]) {
    t.match(err(await call({ params: { projectId: 'other' }, body: { features: ['b'] } })), { _tag: 'ValidationError', details: [{ path: '/body/features' }] }, 'a feature of another project')
  }
  t.same(plain(api.state()), untouched)
})
