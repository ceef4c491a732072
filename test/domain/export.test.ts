import t from 'tap'
import { ExportResult } from '../../src/model/export.js'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

type Api = Awaited<ReturnType<typeof makeApi>>['api']

const dev = (featureName: string) => ({ projectId: 'default', featureName, environment: 'development' })

/** The store of the recorded exchanges (sample 01). */
const oracle = async () => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'oracle-feature-a', description: 'first oracle feature', type: 'release' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'oracle-feature-b', type: 'experiment' } }))
  const ids = [
    ok(await api.strategies.add({ params: dev('oracle-feature-a'), body: { name: 'default', title: 'first' } })).id,
    ok(await api.strategies.add({ params: dev('oracle-feature-a'), body: { name: 'flexibleRollout', title: 'second', parameters: { groupId: 'oracle-feature-a', rollout: '50', stickiness: 'default' } } })).id,
    ok(await api.strategies.add({ params: dev('oracle-feature-a'), body: { name: 'remoteAddress', title: 'third', parameters: { IPs: '127.0.0.1' } } })).id,
  ]
  ok(await api.features.enableEnvironment({ params: dev('oracle-feature-a') }))
  ok(await api.featureTags.add({ params: { featureName: 'oracle-feature-a' }, body: { type: 'simple', value: 'oracle-tag' } }))
  return { api, ids }
}

/** Sample 01's answer, with flagport's strategy ids. */
const sampleBody = (ids: string[], featureNames = ['oracle-feature-a', 'oracle-feature-b']) => {
  const features = [
    { name: 'oracle-feature-a', description: 'first oracle feature', type: 'release', project: 'default', stale: false, impressionData: false, archived: false },
    { name: 'oracle-feature-b', description: null, type: 'experiment', project: 'default', stale: false, impressionData: false, archived: false },
  ].filter((f) => featureNames.includes(f.name))
  const strategy = (i: number, name: string, title: string, parameters: Record<string, string>) => ({
    name, id: ids[i], featureName: 'oracle-feature-a', title, parameters, constraints: [], variants: [], disabled: false, segments: [],
  })
  return {
    features,
    featureStrategies: [
      strategy(0, 'default', 'first', {}),
      strategy(1, 'flexibleRollout', 'second', { groupId: 'oracle-feature-a', rollout: '50', stickiness: 'default' }),
      strategy(2, 'remoteAddress', 'third', { IPs: '127.0.0.1' }),
    ],
    featureEnvironments: [
      { enabled: true, featureName: 'oracle-feature-a', environment: 'development', variants: [], name: 'oracle-feature-a' },
      { enabled: false, featureName: 'oracle-feature-b', environment: 'development', variants: [], name: 'oracle-feature-b' },
    ].filter((e) => featureNames.includes(e.name)),
    contextFields: [],
    featureTags: [{ featureName: 'oracle-feature-a', tagType: 'simple', tagValue: 'oracle-tag' }],
    segments: [],
    tagTypes: [{ name: 'simple', description: 'Used to simplify filtering of features', icon: '#', color: '#FFFFFF' }],
    dependencies: [],
    links: [],
  }
}

const EMPTY = { features: [], featureStrategies: [], featureEnvironments: [], contextFields: [], featureTags: [], segments: [], tagTypes: [], dependencies: [], links: [] }

const exported = async (api: Api, body: unknown) => ok(await api.batch.exportFeatures({ params: {}, body: raw(body) }))
const names = async (api: Api, body: unknown) => (await exported(api, body)).body.features.map((f) => f.name)

t.test('sample 01: by feature list, by tag value, by project and by an empty list give the recorded result', async (t) => {
  const { api, ids } = await oracle()
  t.same(await exported(api, { environment: 'development', features: ['oracle-feature-a', 'oracle-feature-b'] }), { body: sampleBody(ids) })
  t.same(await exported(api, { environment: 'development', tag: 'oracle-tag' }), { body: sampleBody(ids, ['oracle-feature-a']) })
  t.same(await exported(api, { environment: 'development', project: 'default' }), { body: sampleBody(ids) })
  t.same(await exported(api, { environment: 'development', features: [] }), { body: sampleBody(ids) })
  t.ok(ExportResult.is((await exported(api, { environment: 'development', project: 'default' })).body), 'the answer matches its codec')
})

t.test('sample 01: a tag given as type:value, or unknown names, select nothing', async (t) => {
  const { api } = await oracle()
  t.same(await exported(api, { environment: 'development', tag: 'simple:oracle-tag' }), { body: EMPTY })
  t.same(await exported(api, { environment: 'development', features: ['does-not-exist'] }), { body: EMPTY })
  t.match(api.events(1)[0], { type: 'features-exported', data: { environment: 'development', features: [] } }, 'an empty export is still recorded')
})

t.test('sample 01: an unknown environment lists the features and tags, no strategies or environments', async (t) => {
  const { api } = await oracle()
  const { body } = await exported(api, { environment: 'no-such-env', features: ['oracle-feature-a'] })
  t.same(body, { ...sampleBody([], ['oracle-feature-a']), featureStrategies: [], featureEnvironments: [] })
})

t.test('selection order: tag, then non-empty features, then project, then every live feature', async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  for (const [projectId, name] of [['default', 'b-archived'], ['default', 'a-live'], ['other', 'c-other']] as const) ok(await api.features.create({ params: { projectId }, body: { name } }))
  for (const name of ['a-live', 'b-archived']) ok(await api.featureTags.add({ params: { featureName: name }, body: { type: 'simple', value: 'shared' } }))
  ok(await api.tagTypes.create({ params: {}, body: { name: 'area' } }))
  ok(await api.featureTags.add({ params: { featureName: 'c-other' }, body: { type: 'area', value: 'shared' } }))
  ok(await api.features.archive({ params: { projectId: 'default', featureName: 'b-archived' } }))
  const environment = 'development'
  t.same(await names(api, { environment, tag: 'shared' }), ['a-live', 'b-archived', 'c-other'], 'any tag type; archived included; sorted')
  t.same(await names(api, { environment, tag: 'shared', features: ['a-live'], project: 'other' }), ['a-live', 'b-archived', 'c-other'], 'tag wins')
  t.same(await names(api, { environment, features: ['c-other', 'b-archived', 'nope', 'c-other'], project: 'default' }), ['b-archived', 'c-other'], 'names win over project; archived kept, unknown dropped')
  t.same(await names(api, { environment, features: [], project: 'other' }), ['c-other'], 'an empty list falls through to the project')
  t.same(await names(api, { environment, project: 'default' }), ['a-live'], 'a project gives its live features')
  t.same(await names(api, { environment, features: [] }), ['a-live', 'c-other'], 'otherwise every live feature')
  t.same((await exported(api, { environment, features: ['b-archived'] })).body.features[0], { name: 'b-archived', description: null, type: 'release', project: 'default', stale: false, impressionData: false, archived: true })
  t.same(await names(api, { environment, features: ['a-live'], project: 'no-such-project' }), ['a-live'], 'a project that is not used for the selection is not looked up')
  const before = plain(api.state())
  const e = err(await api.batch.exportFeatures({ params: {}, body: { environment, project: 'no-such-project' } }))
  t.same([e._tag, e.message], ['NotFoundError', 'Could not find project with id "no-such-project".'])
  t.same(plain(api.state()), before, 'a refused export records nothing')
})

t.test('the body: environment and one of features, tag or project', async (t) => {
  const { api } = await oracle()
  const before = plain(api.state())
  for (const [body, paths] of [
    [{ features: ['oracle-feature-a'] }, ['/body/environment']],
    [{ environment: 'development' }, ['/body']],
    [{}, ['/body/environment', '/body']],
    [{ environment: 'development', features: [''] }, ['/body/features/0']],
    [{ environment: 'development', tag: 3, downloadFile: 'yes' }, ['/body/tag', '/body/downloadFile']],
    [[], ['/body']],
  ] as const) {
    const e = err(await api.batch.exportFeatures({ params: {}, body: raw(body) }))
    t.equal(e._tag, 'ValidationError', JSON.stringify(body))
    t.same(e.details.map((d) => d.path), paths, JSON.stringify(body))
  }
  const none = err(await api.batch.exportFeatures({ params: {}, body: { environment: 'development' } }))
  t.equal(none.details[0]!.message, 'The `/body` property must be an object with environment and one of features, tag or project. You sent {"environment":"development"}.')
  t.same(plain(api.state()), before)
  t.same((await exported(api, { environment: 'development', project: 'default', extra: 1 })).body.features.length, 2, 'extra fields are ignored, as Unleash')
})

t.test('downloadFile adds the file name; every export records an event and changes nothing else', async (t) => {
  const { api } = await oracle()
  const withoutEvents = (s: unknown) => {
    const p = plain(s) as { events: unknown; counters: { event: number } }
    return { ...p, events: null, counters: { ...p.counters, event: 0 } }
  }
  const before = withoutEvents(api.state())
  const answer = await exported(api, { environment: 'development', features: ['oracle-feature-a'], downloadFile: true })
  t.equal(answer.filename, 'export-development-2026-01-01_00-00-00.json')
  t.equal((await exported(api, { environment: 'development', features: ['oracle-feature-a'], downloadFile: false })).filename, undefined)
  t.match(api.events(1)[0], { type: 'features-exported', environment: 'development', data: { environment: 'development', features: ['oracle-feature-a'] } })
  t.match((await exported(api, { environment: 'a "b"/c', project: 'default', downloadFile: true })).filename, /^export-a__b__c-2026-01-01_00-00-00\.json$/)
  t.match(api.events(1)[0], { type: 'features-exported', project: 'default' })
  t.same(withoutEvents(api.state()), before)
})

t.test('context fields, segments and tag types: only those the exported data uses', async (t) => {
  const { api } = await makeApi()
  for (const name of ['tenant', 'sticky', 'strategyVariant', 'envVariant', 'override', 'inSegment', 'unused']) {
    ok(await api.contextFields.create({ params: {}, body: { name, description: `${name} field`, legalValues: [{ value: 'v1' }] } }))
  }
  ok(await api.segments.create({ params: {}, body: { name: 'used', constraints: [{ contextName: 'inSegment', operator: 'IN', values: ['1'] }] } }))
  ok(await api.segments.create({ params: {}, body: { name: 'unused', constraints: [{ contextName: 'unused', operator: 'IN', values: ['1'] }] } }))
  ok(await api.tagTypes.create({ params: {}, body: { name: 'area' } }))
  for (const name of ['flag', 'other']) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  ok(
    await api.strategies.add({
      params: dev('flag'),
      body: {
        name: 'flexibleRollout',
        parameters: { rollout: '10', stickiness: 'sticky', groupId: 'g' },
        segments: [1],
        constraints: [{ contextName: 'tenant', operator: 'IN', values: ['v1'] }, { contextName: 'userId', operator: 'IN', values: ['1'] }, { contextName: 'noSuchField', operator: 'IN', values: ['x'] }],
        variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'strategyVariant' }],
      },
    }),
  )
  ok(
    await api.features.setVariants({
      params: { projectId: 'default', featureName: 'flag' },
      body: { environments: ['development'], variants: [{ name: 'x', weight: 1000, stickiness: 'envVariant', overrides: [{ contextName: 'override', values: ['1'] }] }] },
    }),
  )
  ok(await api.featureTags.add({ params: { featureName: 'flag' }, body: { type: 'simple', value: 'team' } }))
  ok(await api.featureTags.add({ params: { featureName: 'other' }, body: { type: 'area', value: 'checkout' } }))
  ok(await api.strategies.add({ params: { ...dev('other'), environment: 'production' }, body: { name: 'default', constraints: [{ contextName: 'unused', operator: 'IN', values: ['v1'] }] } }))
  const { body } = await exported(api, { environment: 'development', features: ['flag'] })
  t.same(body.contextFields.map((f) => f.name), ['envVariant', 'inSegment', 'override', 'sticky', 'strategyVariant', 'tenant', 'userId'])
  t.same(body.contextFields[0], { name: 'envVariant', description: 'envVariant field', stickiness: false, sortOrder: 0, legalValues: [{ value: 'v1' }] })
  t.same(body.segments, [{ id: 1, name: 'used', description: null, project: null, constraints: [{ contextName: 'inSegment', operator: 'IN', values: ['1'], caseInsensitive: false, inverted: false }] }])
  t.same(body.tagTypes.map((x) => x.name), ['simple'])
  t.same(body.featureEnvironments[0]!.variants, [{ name: 'x', weight: 1000, weightType: 'variable', stickiness: 'envVariant', overrides: [{ contextName: 'override', values: ['1'] }] }])
  const production = (await exported(api, { environment: 'production', features: ['flag', 'other'] })).body
  t.same(production.contextFields.map((f) => f.name), ['unused'], "another environment's data uses other fields")
  t.same(production.tagTypes.map((x) => x.name), ['area', 'simple'])
  t.same(production.segments, [])
})

t.test('dependencies are exported by child, with their variants ([] when any will do, as Unleash answers)', async (t) => {
  const { api } = await makeApi()
  for (const name of ['child', 'parent', 'loner', 'any', 'off']) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'child' }, body: { feature: 'parent', variants: ['blue'] } }))
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'any' }, body: { feature: 'parent' } }))
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'off' }, body: { feature: 'parent', enabled: false, variants: ['blue'] } }))
  const { body } = await exported(api, { environment: 'development', project: 'default' })
  t.same(body.dependencies, [
    { feature: 'any', dependencies: [{ feature: 'parent', enabled: true, variants: [] }] },
    { feature: 'child', dependencies: [{ feature: 'parent', enabled: true, variants: ['blue'] }] },
    { feature: 'off', dependencies: [{ feature: 'parent', enabled: false, variants: [] }] },
  ])
})

t.test('export needs no permission, and keys such as __proto__ survive', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: '__proto__' } }))
  ok(await api.strategies.add({ params: dev('__proto__'), body: JSON.parse('{"name":"default","parameters":{"__proto__":"x"}}') }))
  const viewer = { authenticate: () => ({ _tag: 'Right' as const, right: { kind: 'user' as const, actor: { id: 9, name: 'viewer' }, permissions: [] } }) }
  const { api: asViewer } = await makeApi({ auth: viewer, storage: internalsOf(api).storage })
  const { body } = ok(await asViewer.batch.exportFeatures({ params: {}, body: { environment: 'development', features: ['__proto__'] } }))
  t.same(body.features.map((f) => f.name), ['__proto__'])
  t.same(Object.keys(body.featureStrategies[0]!.parameters), ['__proto__'])
  t.equal(JSON.stringify(body.featureStrategies[0]!.parameters), '{"__proto__":"x"}')
})
