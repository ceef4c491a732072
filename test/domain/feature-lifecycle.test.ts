import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { dictFrom } from '../../src/model/dict.js'
import type { FeatureState } from '../../src/model/state.js'
import { getRow, rows, tableFrom } from '../../src/store/table.js'
import { makeApi, ok, err, plain } from '../support/api.js'

const inDefault = (featureName: string) => ({ projectId: 'default', featureName })

const setup = async (config = {}) => {
  const { api, clock } = await makeApi({ config })
  for (const name of ['parent', 'child', 'other']) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  return { api, clock }
}

t.test('create: defaults, name rules, 409 for a name in use (archived included), missing project', async (t) => {
  const { api } = await setup()
  const f = ok(await api.features.get({ params: inDefault('parent') }))
  t.match(f, { type: 'release', description: null, stale: false, impressionData: false, archived: false, archivedAt: null, enabled: false, favorite: false, tags: [], children: [], dependencies: [] })
  t.same(f.environments.map((e) => [e.name, e.type, e.enabled, e.hasStrategies, e.variantCount]), [
    ['development', 'development', false, false, 0],
    ['production', 'production', false, false, 0],
  ])
  const before = plain(api.state())
  t.match(err(await api.features.create({ params: { projectId: 'default' }, body: { name: 'parent' } })), { _tag: 'NameExistsError', message: 'A flag with that name already exists' })
  ok(await api.features.archive({ params: inDefault('other') }))
  const archivedAgain = err(await api.features.create({ params: { projectId: 'default' }, body: { name: 'other' } }))
  t.match(archivedAgain, { _tag: 'NameExistsError', message: 'An archived flag with that name already exists' }, "Unleash's words for each")
  for (const name of ['', 'a b', '.', '..', 'x'.repeat(101), 'ü']) {
    const e = err(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
    t.equal(e._tag, 'ValidationError', JSON.stringify(name))
  }
  t.match(err(await api.features.create({ params: { projectId: 'nope' }, body: { name: 'x' } })), { _tag: 'NotFoundError', message: 'Active project with id nope does not exist' })
  const both = err(await api.features.create({ params: { projectId: 'nope' }, body: { name: 'parent', tags: [{ type: 'nope', value: 'v1' }] } }))
  t.match(both, { _tag: 'NameExistsError' }, 'a taken name first, then the project, then the tags: as Unleash checks them')
  const projectThenTags = err(await api.features.create({ params: { projectId: 'nope' }, body: { name: 'y', tags: [{ type: 'nope', value: 'v1' }] } }))
  t.match(projectThenTags, { _tag: 'NotFoundError' })
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'x'.repeat(100) } }))
  t.equal(api.state().features.size, 4)
  void before
})

t.test('create: the featureFlags limit', async (t) => {
  const { api } = await setup({ resourceLimits: { featureFlags: 3 } })
  const before = plain(api.state())
  const e = err(await api.features.create({ params: { projectId: 'default' }, body: { name: 'fourth' } }))
  t.equal(e._tag, 'ExceedsLimitError')
  t.same(plain(api.state()), before)
})

t.test('enable and disable in an environment; enabling adds a flexibleRollout to everyone when there is no strategy', async (t) => {
  const { api } = await setup()
  const env = { ...inDefault('parent'), environment: 'production' }
  ok(await api.features.enableEnvironment({ params: env }))
  const on = ok(await api.features.getEnvironment({ params: env }))
  t.match(on, { enabled: true, hasStrategies: true, hasEnabledStrategies: true })
  t.match(on.strategies, [{ name: 'flexibleRollout', disabled: false, sortOrder: 0, constraints: [], segments: [], variants: [] }])
  t.same(Object.entries(on.strategies[0]!.parameters), [['rollout', '100'], ['stickiness', 'default'], ['groupId', 'parent']], "Unleash's getDefaultStrategy")
  t.equal(ok(await api.features.get({ params: inDefault('parent') })).lifecycle.stage, 'initial', 'turning on leaves the lifecycle alone, as in Unleash')
  ok(await api.features.disableEnvironment({ params: env }))
  t.equal(ok(await api.features.getEnvironment({ params: env })).enabled, false)
  t.match(err(await api.features.enableEnvironment({ params: { ...env, environment: 'staging' } })), { _tag: 'NotFoundError', message: 'Could not find environment staging for feature: parent' }, "Unleash's words")
  t.match(err(await api.features.getEnvironment({ params: { ...env, environment: 'staging' } })), { _tag: 'NotFoundError', message: 'Could not find parent in staging' }, 'and on this route, its own')
  t.match(err(await api.features.getEnvironment({ params: { ...env, featureName: 'ghost' } })), { message: `There's no feature named "ghost" in project "default".` }, 'the feature first')
  t.match(err(await api.features.archive({ params: inDefault('ghost') })), { _tag: 'NotFoundError', message: 'No feature flag found' }, "archiving: Unleash's words")
  t.same(api.events(3).map((e) => e.type), ['feature-environment-disabled', 'feature-environment-enabled', 'feature-strategy-add'])
})

t.test('archive, revive and delete', async (t) => {
  const { api } = await setup()
  ok(await api.features.archive({ params: inDefault('other') }))
  t.equal(getRow(api.state().features, 'other')!.archived, true)
  t.match(err(await api.features.get({ params: inDefault('other') })), { _tag: 'NotFoundError', message: 'Could not find feature flag with name other' }, 'get finds live features only, as in Unleash')
  t.match(err(await api.features.get({ params: { projectId: 'elsewhere', featureName: 'other' } })), { message: `There's no feature named "other" in project "elsewhere", but there's a feature with that name in project "default"` }, 'the project is checked first')
  t.same(ok(await api.features.listInProject({ params: { projectId: 'default' } })).features.map((f) => f.name), ['child', 'parent'])
  ok(await api.features.revive({ params: { featureName: 'other' } }))
  t.equal(ok(await api.features.get({ params: inDefault('other') })).archived, false)
  const live = plain(api.state())
  ok(await api.features.revive({ params: { featureName: 'other' } }))
  ok(await api.features.deleteArchived({ params: { featureName: 'other' } }))
  ok(await api.features.deleteArchived({ params: { featureName: 'never-was' } }))
  t.same(plain(api.state()), live, 'a live feature is neither revived nor deleted, an unknown one not deleted: successes that change nothing, as in Unleash')
  t.equal(err(await api.features.revive({ params: { featureName: 'never-was' } }))._tag, 'NotFoundError', 'reviving an unknown one is a 404')
  ok(await api.features.archive({ params: inDefault('other') }))
  ok(await api.features.deleteArchived({ params: { featureName: 'other' } }))
  t.equal(err(await api.features.get({ params: inDefault('other') }))._tag, 'NotFoundError')
})

t.test('variants per environment: overrides, stickiness and weights', async (t) => {
  const { api } = await setup()
  const f = ok(
    await api.features.setVariants({
      params: inDefault('parent'),
      body: {
        environments: ['development'],
        variants: [
          { name: 'blue', weight: 0, overrides: [{ contextName: 'userId', values: ['1'] }], payload: { type: 'json', value: '{"a":1}' } },
          { name: 'red', weight: 300, weightType: 'fix', stickiness: 'userId' },
        ],
      },
    }),
  )
  const dev = f.environments.find((e) => e.name === 'development')!
  t.same(dev.variants, [
    { name: 'blue', weight: 700, weightType: 'variable', stickiness: 'default', overrides: [{ contextName: 'userId', values: ['1'] }], payload: { type: 'json', value: '{"a":1}' } },
    { name: 'red', weight: 300, weightType: 'fix', stickiness: 'userId', overrides: [] },
  ])
  t.equal(dev.variantCount, 2)
  t.same(f.environments.find((e) => e.name === 'production')!.variants, [])
  const before = plain(api.state())
  const e = err(await api.features.setVariants({ params: inDefault('parent'), body: { environments: ['nope'], variants: [{ name: 'a', weight: 1200, weightType: 'fix' }, { name: 'a', weight: 0 }] } }))
  t.same(e.details.map((d) => d.path), ['/body/variants/0/weight', '/body/variants/1/name', '/body/variants'], 'the variants first, as in Unleash')
  const untouched = plain(api.state())
  const unknown = err(await api.features.setVariants({ params: inDefault('parent'), body: { environments: ['development', 'nope'], variants: [{ name: 'a', weight: 1000 }] } }))
  t.match(unknown, { _tag: 'NotFoundError', message: 'Could not find parent in nope' }, "then an environment the feature lacks: Unleash's 404")
  const none = err(await api.features.setVariants({ params: inDefault('ghost'), body: { environments: [], variants: [] } }))
  t.match(none, { _tag: 'ValidationError', details: [{ message: 'No environments provided' }] }, 'no environment is refused before anything else')
  t.same(plain(api.state()), untouched, 'neither changed anything')
  t.same(plain(api.state()), before)
})

t.test('dependencies: parent exists, same project, one level, no cycles', async (t) => {
  const { api } = await setup()
  ok(await api.features.addDependency({ params: inDefault('child'), body: { feature: 'parent', variants: ['blue'] } }))
  const child = ok(await api.features.get({ params: inDefault('child') }))
  t.same(child.dependencies, [{ feature: 'parent', enabled: true, variants: ['blue'] }])
  t.same(ok(await api.features.get({ params: inDefault('parent') })).children, ['child'])
  const before = plain(api.state())
  t.equal(err(await api.features.addDependency({ params: inDefault('parent'), body: { feature: 'child' } }))._tag, 'ValidationError', 'no cycle')
  t.equal(err(await api.features.addDependency({ params: inDefault('other'), body: { feature: 'child' } }))._tag, 'ValidationError', 'one level')
  t.equal(err(await api.features.addDependency({ params: inDefault('other'), body: { feature: 'other' } }))._tag, 'ValidationError', 'not itself')
  t.equal(err(await api.features.addDependency({ params: inDefault('other'), body: { feature: 'ghost' } }))._tag, 'NotFoundError')
  t.same(plain(api.state()), before)
  ok(await api.features.addDependency({ params: inDefault('other'), body: { feature: 'parent', enabled: false, variants: ['x'] } }))
  t.same(ok(await api.features.get({ params: inDefault('other') })).dependencies, [{ feature: 'parent', enabled: false, variants: [] }], 'variants kept only when enabled; [] as Unleash answers')
  ok(await api.features.removeDependency({ params: { ...inDefault('child'), parent: 'parent' } }))
  t.same(ok(await api.features.get({ params: inDefault('parent') })).children, ['other'])
  ok(await api.features.removeDependency({ params: inDefault('other') }))
  t.same(ok(await api.features.get({ params: inDefault('parent') })).children, [])
})

t.test('revive respects the featureFlags limit', async (t) => {
  const { api } = await setup({ resourceLimits: { featureFlags: 3 } })
  ok(await api.features.archive({ params: inDefault('other') }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'third' } }))
  const before = plain(api.state())
  t.equal(err(await api.features.revive({ params: { featureName: 'other' } }))._tag, 'ExceedsLimitError')
  t.same(plain(api.state()), before)
})

t.test('enabling where every strategy is disabled adds the default strategy after them', async (t) => {
  const { api } = await setup()
  const env = { ...inDefault('parent'), environment: 'development' }
  const off = ok(await api.strategies.add({ params: env, body: { name: 'default', disabled: true } }))
  t.match(ok(await api.features.getEnvironment({ params: env })), { hasStrategies: true, hasEnabledStrategies: false })
  ok(await api.features.enableEnvironment({ params: env }))
  const on = ok(await api.features.getEnvironment({ params: env }))
  t.same(on.strategies.map((s) => [s.id === off.id ? 'kept' : s.name, s.disabled, s.sortOrder]), [['kept', true, 0], ['flexibleRollout', false, 1]])
  t.match(on, { enabled: true, hasEnabledStrategies: true })
})

t.test('turning on an environment already on adds the strategy when none is enabled, as Unleash does, and nothing else', async (t) => {
  const env = { ...inDefault('parent'), environment: 'development' }
  // On with every strategy disabled: no change through the API leaves it so (below), but a
  // store written before that rule, or by hand, may hold it.
  const { api: seeding } = await setup()
  ok(await seeding.features.enableEnvironment({ params: env }))
  const [added] = ok(await seeding.features.getEnvironment({ params: env })).strategies
  ok(await seeding.strategies.update({ params: { ...env, strategyId: added!.id }, body: { name: 'flexibleRollout', disabled: true } }))
  const seeded = seeding.state()
  const turnedOn = (f: FeatureState): FeatureState =>
    f.name !== 'parent' ? f : { ...f, environments: dictFrom(Object.entries(f.environments).map(([name, e]) => [name, name === 'development' ? { ...e, enabled: true } : e])) }
  const { api } = await makeApi({ storage: createMemoryStorage({ state: { ...seeded, features: tableFrom([...rows(seeded.features)].map((f) => [f.name, turnedOn(f)])) }, version: 1 }) })
  const eventsBefore = api.events(1)[0]!.id
  ok(await api.features.enableEnvironment({ params: env }))
  const on = ok(await api.features.getEnvironment({ params: env }))
  t.same(on.strategies.map((s) => [s.name, s.disabled, s.sortOrder]), [['flexibleRollout', true, 0], ['flexibleRollout', false, 1]])
  t.same(api.events(5).filter((e) => e.id > eventsBefore).map((e) => e.type), ['feature-strategy-add'], 'no environment event: it was on already')
  const unchanged = plain(api.state())
  ok(await api.features.enableEnvironment({ params: env }))
  t.same(plain(api.state()), unchanged, 'on, with an enabled strategy: nothing changes')
})

t.test('a strategy changed or removed so that none is enabled turns its environment off, as Unleash does', async (t) => {
  const { api } = await setup()
  const env = { ...inDefault('parent'), environment: 'development' }
  const on = async () => ok(await api.features.getEnvironment({ params: env })).enabled
  const typesSince = (id: number) => api.events(10).filter((e) => e.id > id).map((e) => e.type).reverse()
  ok(await api.features.enableEnvironment({ params: env }))
  const [first] = ok(await api.features.getEnvironment({ params: env })).strategies
  const second = ok(await api.strategies.add({ params: env, body: { name: 'default', disabled: true } }))
  t.equal(await on(), true, 'adding a disabled strategy leaves it on')

  let mark = api.events(1)[0]!.id
  ok(await api.strategies.update({ params: { ...env, strategyId: first!.id }, body: { name: 'flexibleRollout', disabled: true } }))
  t.equal(await on(), false, 'every strategy disabled: off')
  t.same(typesSince(mark), ['feature-strategy-update', 'feature-environment-disabled'], "in Unleash's order")

  ok(await api.strategies.patch({ params: { ...env, strategyId: second.id }, body: [{ op: 'replace', path: '/disabled', value: false }] }))
  ok(await api.features.enableEnvironment({ params: env }))
  mark = api.events(1)[0]!.id
  ok(await api.strategies.patch({ params: { ...env, strategyId: second.id }, body: [{ op: 'replace', path: '/disabled', value: true }] }))
  t.equal(await on(), false, 'a patch alike')
  t.same(typesSince(mark), ['feature-strategy-update', 'feature-environment-disabled'])

  ok(await api.strategies.update({ params: { ...env, strategyId: first!.id }, body: { name: 'flexibleRollout', disabled: false } }))
  ok(await api.features.enableEnvironment({ params: env }))
  mark = api.events(1)[0]!.id
  ok(await api.strategies.delete({ params: { ...env, strategyId: second.id } }))
  t.equal(await on(), true, 'removing a disabled strategy leaves it on')
  ok(await api.strategies.delete({ params: { ...env, strategyId: first!.id } }))
  t.equal(await on(), false, 'removing the last one turns it off')
  t.same(typesSince(mark), ['feature-strategy-remove', 'feature-environment-disabled', 'feature-strategy-remove'], 'the environment first, as Unleash records it')

  const before = plain(api.state())
  const production = { ...env, environment: 'production' }
  const kept = ok(await api.strategies.add({ params: production, body: { name: 'default', disabled: true } }))
  ok(await api.strategies.delete({ params: { ...production, strategyId: kept.id } }))
  t.same(api.events(2).map((e) => e.type), ['feature-strategy-remove', 'feature-strategy-add'], 'an environment already off records nothing more')
  t.not(plain(api.state()), before)
})

t.test('an archived feature cannot be turned on or off; revived, it is off everywhere', async (t) => {
  const { api } = await setup()
  const env = { ...inDefault('other'), environment: 'development' }
  ok(await api.features.enableEnvironment({ params: env }))
  ok(await api.features.archive({ params: inDefault('other') }))
  const before = plain(api.state())
  t.equal(err(await api.features.enableEnvironment({ params: { ...env, environment: 'staging' } }))._tag, 'NotFoundError', 'the environment is checked before the archive, as in Unleash')
  for (const toggle of [api.features.enableEnvironment, api.features.disableEnvironment]) {
    const e = err(await toggle({ params: env }))
    t.equal(e._tag, 'ValidationError')
    t.equal(e.details[0]!.message, '"other" is archived: revive it before turning it on or off in an environment.')
    t.same(plain(api.state()), before)
  }
  ok(await api.features.revive({ params: { featureName: 'other' } }))
  t.same(ok(await api.features.get({ params: inDefault('other') })).environments.map((e) => e.enabled), [false, false])
})

t.test("the lifecycle's history: completing, taking it back, archiving and reviving, as Unleash keeps them", async (t) => {
  const { api, clock } = await setup()
  const stages = async () => ok(await api.features.lifecycle({ params: inDefault('other') }))
  t.same(await stages(), [{ stage: 'initial', enteredStageAt: '2026-01-01T00:00:00.000Z' }])
  clock.advance(1000)
  ok(await api.features.complete({ params: inDefault('other'), body: { status: 'kept', statusValue: 'v2' } }))
  t.same(await stages(), [
    { stage: 'initial', enteredStageAt: '2026-01-01T00:00:00.000Z' },
    { stage: 'completed', status: 'kept', enteredStageAt: '2026-01-01T00:00:01.000Z' },
  ], 'statusValue is kept, not answered, as in Unleash')
  t.same(ok(await api.features.get({ params: inDefault('other') })).lifecycle, { stage: 'completed', status: 'kept', enteredStageAt: '2026-01-01T00:00:01.000Z' }, 'the current stage')
  t.match(api.events(1)[0], { type: 'feature-completed', project: 'default', featureName: 'other', data: { status: 'kept', statusValue: 'v2', kept: true } })

  const completed = plain(api.state())
  ok(await api.features.complete({ params: inDefault('other'), body: { status: 'discarded' } }))
  t.same(plain(api.state()), completed, 'completed already: nothing changes, nothing is recorded')

  clock.advance(1000)
  ok(await api.features.archive({ params: inDefault('other') }))
  t.same((await stages()).map((s) => s.stage), ['initial', 'completed', 'archived'])
  t.equal(getRow(api.state().features, 'other')!.lifecycle.stage, 'archived', 'archived comes first')
  ok(await api.features.revive({ params: { featureName: 'other' } }))
  t.same(await stages(), [{ stage: 'initial', enteredStageAt: '2026-01-01T00:00:02.000Z' }], 'revived: started over')

  ok(await api.features.complete({ params: inDefault('other'), body: { status: 'discarded' } }))
  ok(await api.features.uncomplete({ params: inDefault('other') }))
  t.same((await stages()).map((s) => s.stage), ['initial'])
  t.equal(ok(await api.features.get({ params: inDefault('other') })).lifecycle.stage, 'initial')
  t.match(api.events(1)[0], { type: 'feature-uncompleted', featureName: 'other' })
  const back = plain(api.state())
  ok(await api.features.uncomplete({ params: inDefault('other') }))
  t.same(plain(api.state()), back, 'not completed: uncompleting changes and records nothing')

  t.match(err(await api.features.complete({ params: inDefault('ghost'), body: { status: 'kept' } })), { _tag: 'NotFoundError' })
  t.same(err(await api.features.complete({ params: inDefault('other'), body: { status: 'bad' } as never })).details.map((d) => d.path), ['/body/status'])
  t.match(err(await api.features.lifecycle({ params: { projectId: 'elsewhere', featureName: 'other' } })), { _tag: 'NotFoundError' })
  t.same(plain(api.state()), back, 'refusals change nothing')
})
