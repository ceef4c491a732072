import t from 'tap'
import { makeApi, ok, plain } from '../support/api.js'
import { refused } from '../support/refused.js'
import { raw } from '../support/raw.js'

type Api = Awaited<ReturnType<typeof makeApi>>['api']

const development = { projectId: 'default', environment: 'development' }
const rollout40 = {
  name: 'flexibleRollout',
  title: 'Forty',
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }],
  parameters: { rollout: 40, stickiness: 'userId', groupId: '' },
  variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default' }],
}


const turnedOn = async (api: Api, featureName: string, environment = 'development') => {
  const params = { projectId: 'default', featureName, environment }
  ok(await api.features.enableEnvironment({ params }))
  return ok(await api.features.getEnvironment({ params }))
}

t.test('a default strategy is stored as sent, parameters as strings, answered and recorded', async (t) => {
  const { api } = await makeApi()
  const set = ok(await api.projects.setDefaultStrategy({ params: development, body: raw(rollout40)}))
  t.same(set, {
    name: 'flexibleRollout',
    title: 'Forty',
    disabled: false,
    segments: [],
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'], caseInsensitive: false, inverted: false }],
    variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    parameters: { rollout: '40', stickiness: 'userId', groupId: '' },
  })
  t.match(api.events(1)[0], { type: 'default-strategy-updated', project: 'default', environment: 'development', data: set, preData: null })
  set.parameters = { rollout: '1' }
  const listed = ok(await api.environments.ofProject({ params: { projectId: 'default' } })).environments
  t.same(listed.map((e) => [e.name, e.defaultStrategy?.parameters]), [['development', { rollout: '40', stickiness: 'userId', groupId: '' }], ['production', undefined]], "the project's environments show it, and the answer was a copy")
  t.same(Object.keys(listed[0]!).slice(-2), ['defaultStrategy', 'visible'], "where Unleash puts it")
  t.notOk('defaultStrategy' in listed[1]!, 'left out where none is set')

  const replaced = ok(await api.projects.setDefaultStrategy({ params: development, body: { name: 'flexibleRollout', parameters: { rollout: '10' }, sortOrder: 3 } }))
  t.same([replaced.sortOrder, replaced.parameters], [3, { rollout: '10' }])
  t.match(api.events(1)[0], { type: 'default-strategy-updated', data: { parameters: { rollout: '10' } }, preData: { title: 'Forty' } })
  const unchanged = plain(api.state())
  ok(await api.projects.setDefaultStrategy({ params: development, body: { name: 'flexibleRollout', parameters: { rollout: 10 }, sortOrder: 3 } }))
  t.same(plain(api.state()), unchanged, 'the default it has: nothing changes, nothing is recorded')
})

t.test('turning a feature on with no strategy adds the project environment default, as Unleash does', async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.setDefaultStrategy({ params: development, body: raw(rollout40)}))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f1' } }))
  const on = await turnedOn(api, 'f1')
  t.equal(on.enabled, true)
  t.match(on.strategies, [
    {
      name: 'flexibleRollout',
      title: 'Forty',
      featureName: 'f1',
      sortOrder: 0,
      constraints: [{ contextName: 'userId', values: ['a'] }],
      variants: [{ name: 'v', weight: 1000 }],
      parameters: { rollout: '40', stickiness: 'userId', groupId: 'f1' },
    },
  ], 'an empty groupId becomes the feature name')
  t.same(api.events(2).map((e) => e.type), ['feature-environment-enabled', 'feature-strategy-add'])
  t.match(api.events(2)[1], { data: { title: 'Forty', parameters: { groupId: 'f1' } } })

  const production = await turnedOn(api, 'f1', 'production')
  t.match(production.strategies, [{ title: null, parameters: { rollout: '100', stickiness: 'default', groupId: 'f1' } }], 'an environment without a default gets the rollout to everyone')

  ok(await api.projects.setDefaultStrategy({ params: development, body: { name: 'flexibleRollout', parameters: { rollout: '5', groupId: 'shared' }, sortOrder: 7 } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f2' } }))
  ok(await api.strategies.add({ params: { projectId: 'default', featureName: 'f2', environment: 'development' }, body: { name: 'default', disabled: true, sortOrder: 9 } }))
  const f2 = await turnedOn(api, 'f2')
  t.same(f2.strategies.map((s) => [s.name, s.sortOrder, s.parameters['groupId'], s.parameters['stickiness']]), [['flexibleRollout', 7, 'shared', 'default'], ['default', 9, undefined, undefined]], "beside disabled ones, in its sortOrder, a groupId that is set kept; stickiness the project's default")

  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f3' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f4' } }))
  ok(await api.features.enableEnvironmentOfMany({ params: development, body: { features: ['f3', 'f4'] } }))
  for (const name of ['f3', 'f4']) {
    const env = ok(await api.features.getEnvironment({ params: { projectId: 'default', featureName: name, environment: 'development' } }))
    t.same(env.strategies.map((s) => [s.parameters['rollout'], s.parameters['groupId']]), [['5', 'shared']], `${name}: a bulk switch uses it too`)
  }
})

t.test('an import that turns on a feature with no strategy gives it the default too, as Unleash imports through its switch', async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.setDefaultStrategy({ params: development, body: { name: 'flexibleRollout', title: 'imported on', parameters: { rollout: '30' } } }))
  const data = { features: [{ name: 'imported' }], featureStrategies: [], featureEnvironments: [{ featureName: 'imported', enabled: true, variants: [] }], tagTypes: [] }
  ok(await api.batch.importFeatures({ params: {}, body: { project: 'default', environment: 'development', data } }))
  const env = ok(await api.features.getEnvironment({ params: { projectId: 'default', featureName: 'imported', environment: 'development' } }))
  t.same([env.enabled, env.strategies.map((s) => [s.title, s.parameters['rollout'], s.parameters['groupId']])], [true, [['imported on', '30', 'imported']]])
})

t.test('`*` sets the default in every environment of the project, recording each', async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.setDefaultStrategy({ params: { ...development, environment: 'production' }, body: { name: 'flexibleRollout', parameters: { rollout: '10' } } }))
  const set = ok(await api.projects.setDefaultStrategy({ params: { ...development, environment: '*' }, body: { name: 'flexibleRollout', parameters: { rollout: '10' } } }))
  t.same(set.parameters, { rollout: '10' })
  t.same(api.events(1).map((e) => [e.type, e.environment]), [['default-strategy-updated', 'development']], 'production already had it')
  const listed = ok(await api.environments.ofProject({ params: { projectId: 'default' } })).environments
  t.same(listed.map((e) => e.defaultStrategy?.parameters['rollout']), ['10', '10'])
})

t.test('a default strategy that cannot be one is refused, and nothing changes', async (t) => {
  const { api } = await makeApi()
  await refused(t, api, () => api.projects.setDefaultStrategy({ params: development, body: { name: 'default' } }), {
    _tag: 'ValidationError',
    details: [{ message: 'Only "flexibleRollout" strategy can be used as a default strategy for an environment' }],
  }, ['/body/name'])
  await refused(t, api, () => api.projects.setDefaultStrategy({ params: development, body: { name: 'flexibleRollout', parameters: { rollout: '400' } } }), { _tag: 'ValidationError' }, ['/body/parameters/rollout'])
  await refused(t, api, () => api.projects.setDefaultStrategy({ params: development, body: { name: 'flexibleRollout', constraints: [{ contextName: 'userId', operator: 'NOPE', values: [] }] } as never }), { _tag: 'ValidationError' }, ['/body/constraints/0/operator'])
  await refused(t, api, () => api.projects.setDefaultStrategy({ params: development, body: { name: 'flexibleRollout', variants: [{ name: 'a', weight: 1000, weightType: 'fix', stickiness: 'default' }] } }), {
    _tag: 'ValidationError',
    details: [{ message: 'There must be at least one "variable" variant' }],
  }, ['/body/variants'])
  await refused(t, api, () => api.projects.setDefaultStrategy({ params: development, body: { name: 'flexibleRollout', segments: [99] } }), { _tag: 'NotFoundError', message: 'No segment exists with ID "99"' })
  await refused(t, api, () => api.projects.setDefaultStrategy({ params: { ...development, projectId: 'ghost' }, body: { name: 'flexibleRollout' } }), { _tag: 'NotFoundError', message: 'Could not find project with id "ghost".' })
  await refused(t, api, () => api.projects.setDefaultStrategy({ params: { ...development, environment: 'staging' }, body: { name: 'flexibleRollout' } }), { _tag: 'NotFoundError', message: 'Environment "staging" is not enabled for project "default".' })
  await refused(t, api, () => api.projects.setDefaultStrategy({ params: development, body: { parameters: {} } as never }), { _tag: 'ValidationError' }, ['/body/name'])
})

t.test('a project environment loses its default when disconnected; what a default names cannot be deleted from under it', async (t) => {
  const { api } = await makeApi()
  const segment = ok(await api.segments.create({ params: {}, body: { name: 'beta', constraints: [] } }))
  ok(await api.contextFields.create({ params: {}, body: { name: 'region', legalValues: [{ value: 'eu' }, { value: 'us' }] } }))
  ok(await api.projects.setDefaultStrategy({
    params: { ...development, environment: 'production' },
    body: { name: 'flexibleRollout', segments: [segment.id], constraints: [{ contextName: 'region', operator: 'IN', values: ['us'] }] },
  }))
  await refused(t, api, () => api.segments.delete({ params: { segmentId: String(segment.id) } }), {
    _tag: 'ConflictError',
    details: [{ message: 'Used by the default strategy of project "default" in environment "production".' }],
  })
  await refused(t, api, () => api.contextFields.delete({ params: { contextName: 'region' } }), {
    _tag: 'ConflictError',
    details: [{ message: 'Used by the default strategy of project "default" in environment "production".' }],
  })
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  await refused(t, api, () => api.segments.update({ params: { segmentId: String(segment.id) }, body: { name: 'beta', constraints: [], project: 'other' } }), {
    _tag: 'ValidationError',
    details: [{ message: 'The segment cannot move to project "other": the default strategy of project "default" in environment "production" uses it.' }],
  }, ['/body/project'])

  // A legal value the default names, removed since: turning on is refused, as a conflict with what is stored.
  ok(await api.contextFields.removeLegalValue({ params: { contextName: 'region', legalValue: 'us' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }))
  await refused(t, api, () => api.features.enableEnvironment({ params: { projectId: 'default', featureName: 'f', environment: 'production' } }), {
    _tag: 'ConflictError',
    message: 'The default strategy of environment "production" in project "default" no longer passes a strategy\'s checks. Set it again (POST /api/admin/projects/default/environments/production/default-strategy).',
    details: [{ message: '"us" is not a legal value of the context field "region". Use one of its legal values.' }],
  })

  ok(await api.projects.disconnectEnvironment({ params: { ...development, environment: 'production' } }))
  t.same(api.state().projects.size, 2)
  const project = ok(await api.environments.ofProject({ params: { projectId: 'default' } })).environments
  t.same(project.map((e) => [e.name, e.visible, e.defaultStrategy]), [['development', true, undefined], ['production', false, undefined]])
  ok(await api.projects.connectEnvironment({ params: { projectId: 'default' }, body: { environment: 'production' } }))
  const on = await turnedOn(api, 'f', 'production')
  t.match(on.strategies, [{ parameters: { rollout: '100' }, segments: [], constraints: [] }], 'connected again, it has none')
  ok(await api.segments.delete({ params: { segmentId: String(segment.id) } }))
})
