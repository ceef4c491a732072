import t from 'tap'
import { err, makeApi, ok, plain } from '../support/api.js'

const project = { projectId: 'default' }
const source = { ...project, featureName: 'source' }

const seeded = async () => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: project, body: { name: 'parent' } }))
  ok(await api.features.create({ params: project, body: { name: 'source', description: 'the original', type: 'experiment', impressionData: true, tags: [{ type: 'simple', value: 'kept' }] } }))
  ok(await api.features.update({ params: source, body: { stale: true } }))
  const env = { ...source, environment: 'development' }
  ok(await api.strategies.add({ params: env, body: { name: 'flexibleRollout', title: 'half', parameters: { rollout: '50', stickiness: 'default', groupId: 'source' }, constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }] } }))
  ok(await api.strategies.add({ params: env, body: { name: 'default', disabled: true } }))
  ok(await api.features.enableEnvironment({ params: env }))
  ok(await api.features.setVariants({ params: source, body: { environments: ['production'], variants: [{ name: 'blue', weight: 0 }] } }))
  ok(await api.features.addDependency({ params: source, body: { feature: 'parent', enabled: false } }))
  return api
}

t.test("a clone copies the feature's fields, parents, strategies and variants, as Unleash's does", async (t) => {
  const api = await seeded()
  const original = ok(await api.features.get({ params: source }))
  const mark = api.events(1)[0]!.id
  const clone = ok(await api.features.clone({ params: source, body: { name: 'copy' } }))
  t.match(clone, { name: 'copy', project: 'default', description: 'the original', type: 'experiment', stale: true, impressionData: true, tags: [], dependencies: [{ feature: 'parent', enabled: false }] })
  for (const [i, env] of clone.environments.entries()) {
    const from = original.environments[i]!
    t.equal(env.enabled, false, `${env.name} starts off`)
    t.same(env.variants, from.variants, `${env.name}: the variants`)
    t.same(
      env.strategies.map(({ id: _id, featureName, ...rest }) => [featureName, rest]),
      from.strategies.map(({ id: _id, featureName: _f, ...rest }) => ['copy', rest.parameters['groupId'] === undefined ? rest : { ...rest, parameters: { ...rest.parameters, groupId: 'copy' } }]),
      `${env.name}: the strategies, with the new name as their groupId`,
    )
    t.notOk(env.strategies.some((s) => from.strategies.some((f) => f.id === s.id)), 'new ids')
  }
  t.same(ok(await api.features.get({ params: { ...project, featureName: 'parent' } })).children, ['source', 'copy'])
  t.same(api.events(10).filter((e) => e.id > mark).map((e) => e.type).reverse(), ['feature-created', 'feature-dependency-added', 'feature-strategy-add', 'feature-strategy-add'])
  t.same(ok(await api.features.get({ params: source })), original, 'the original is left alone')

  const kept = ok(await api.features.clone({ params: source, body: { name: 'same-group', replaceGroupId: false } }))
  t.equal(kept.environments[0]!.strategies[0]!.parameters['groupId'], 'source', 'replaceGroupId: false keeps the groupId, so the rollouts match')
})

t.test("a clone is refused in Unleash's order and words, and changes nothing", async (t) => {
  const api = await seeded()
  ok(await api.features.create({ params: project, body: { name: 'shelved' } }))
  ok(await api.features.archive({ params: { ...project, featureName: 'shelved' } }))
  const before = plain(api.state())
  const cases: [string, Parameters<typeof api.features.clone>[0], string, string][] = [
    ['no such feature', { params: { ...project, featureName: 'ghost' }, body: { name: 'copy' } }, 'NotFoundError', `There's no feature named "ghost" in project "default".`],
    ['another project', { params: { projectId: 'other', featureName: 'source' }, body: { name: 'copy' } }, 'NotFoundError', `There's no feature named "source" in project "other".`],
    ['a name taken', { params: source, body: { name: 'parent' } }, 'NameExistsError', 'A flag with that name already exists'],
    ['a name taken by an archived feature', { params: source, body: { name: 'shelved' } }, 'NameExistsError', 'An archived flag with that name already exists'],
    ['an archived feature', { params: { ...project, featureName: 'shelved' }, body: { name: 'copy' } }, 'NotFoundError', 'Could not find feature flag with name shelved'],
    ['an archived feature, to a name taken', { params: { ...project, featureName: 'shelved' }, body: { name: 'parent' } }, 'NameExistsError', 'A flag with that name already exists'],
  ]
  for (const [what, request, tag, message] of cases) t.match(err(await api.features.clone(request)), { _tag: tag, message }, what)
  t.match(err(await api.features.clone({ params: source, body: { name: 'bad name' } })), { _tag: 'ValidationError', details: [{ path: '/body/name' }] })
  const limited = await makeApi({ config: { resourceLimits: { featureFlags: 3 } } })
  ok(await limited.api.features.create({ params: project, body: { name: 'a' } }))
  ok(await limited.api.features.create({ params: project, body: { name: 'b' } }))
  ok(await limited.api.features.create({ params: project, body: { name: 'c' } }))
  t.match(err(await limited.api.features.clone({ params: { ...project, featureName: 'a' }, body: { name: 'd' } })), { _tag: 'ExceedsLimitError' }, 'the feature limits, as a create')
  t.same(plain(api.state()), before)
})

t.test('a name is checked as a create would check it, and nothing changes', async (t) => {
  const api = await seeded()
  ok(await api.features.create({ params: project, body: { name: 'shelved' } }))
  ok(await api.features.archive({ params: { ...project, featureName: 'shelved' } }))
  const before = plain(api.state())
  t.equal(ok(await api.features.validateName({ params: {}, body: { name: 'fresh', projectId: 'anything' } })), undefined, 'free: a success (the project is not used)')
  t.match(err(await api.features.validateName({ params: {}, body: { name: 'source' } })), { _tag: 'NameExistsError', message: 'A flag with that name already exists' })
  t.match(err(await api.features.validateName({ params: {}, body: { name: 'shelved' } })), { _tag: 'NameExistsError', message: 'An archived flag with that name already exists' })
  t.same(err(await api.features.validateName({ params: {}, body: { name: 'bad name' } })).details.map((d) => d.path), ['/body/name'])
  t.same(plain(api.state()), before)
})

t.test("the dependency dialog's reads: possible parents, a parent's variants, and whether any feature has a parent", async (t) => {
  const api = await seeded()
  for (const name of ['other', 'shelved']) ok(await api.features.create({ params: project, body: { name } }))
  ok(await api.features.archive({ params: { ...project, featureName: 'shelved' } }))
  ok(await api.projects.create({ params: {}, body: { id: 'elsewhere', name: 'Elsewhere' } }))
  ok(await api.features.create({ params: { projectId: 'elsewhere' }, body: { name: 'far' } }))
  t.same(ok(await api.features.possibleParents({ params: { ...project, featureName: 'other' } })), ['parent'], 'live features of its project that depend on none: not a child, not archived, not another project, not itself')
  t.same(ok(await api.features.possibleParents({ params: { ...project, featureName: 'ghost' } })), [])
  ok(await api.strategies.add({ params: { ...source, environment: 'development' }, body: { name: 'default', variants: [{ name: 'red', weight: 0, weightType: 'variable', stickiness: 'default' }, { name: 'blue', weight: 0, weightType: 'variable', stickiness: 'default' }] } }))
  t.same(ok(await api.features.parentVariants({ params: source })), ['blue', 'red'], "its strategies' and environments' variants, once each, sorted")
  t.same(ok(await api.features.parentVariants({ params: { ...project, featureName: 'ghost' } })), [])
  t.equal(ok(await api.features.anyDependencies({ params: { projectId: 'elsewhere' } })), true, 'asked of the whole instance, as Unleash asks it')
  ok(await api.features.removeDependency({ params: { ...source, parent: 'parent' } }))
  t.equal(ok(await api.features.anyDependencies({ params: project })), false)
})
