import * as E from 'fp-ts/lib/Either.js'
import t, { type Test } from 'tap'
import { getRow } from '../../src/store/table.js'
import type { AuthPort } from '../../src/ports/auth.js'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

type Api = Awaited<ReturnType<typeof makeApi>>['api']

const at = (featureName: string, environment = 'development') => ({ projectId: 'default', featureName, environment })
const TYPES = ['release', 'experiment', 'operational', 'kill-switch', 'permission'] as const

/**
 * A store with many features: strategies with constraints, segments, strategy variants and
 * parameters; environment variants with overrides and payloads; enabled environments; tags of
 * two types; custom context fields; dependencies; stale and impression-data features.
 */
const richStore = async () => {
  const { api } = await makeApi()
  ok(await api.contextFields.create({ params: {}, body: { name: 'tenant', description: 'the customer', legalValues: [{ value: 'acme', description: 'Acme' }, { value: 'globex' }] } }))
  ok(await api.contextFields.create({ params: {}, body: { name: 'region', stickiness: true, sortOrder: 3 } }))
  ok(await api.contextFields.update({ params: { contextName: 'appName' }, body: { legalValues: [{ value: 'web' }] } }))
  ok(await api.tagTypes.create({ params: {}, body: { name: 'area', description: 'product area', icon: 'map', color: '#123456' } }))
  ok(await api.segments.create({ params: {}, body: { name: 'beta', description: 'beta tenants', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }] } }))
  ok(await api.segments.create({ params: {}, body: { name: 'eu', project: 'default', constraints: [{ contextName: 'region', operator: 'STR_STARTS_WITH', values: ['eu-'], caseInsensitive: true }] } }))
  for (let i = 0; i < 30; i++) {
    const name = `flag-${String(i).padStart(2, '0')}`
    ok(await api.features.create({ params: { projectId: 'default' }, body: { name, type: TYPES[i % 5], description: i % 3 === 0 ? null : `feature ${i}`, impressionData: i % 4 === 0 } }))
    if (i % 7 === 0) ok(await api.features.update({ params: { projectId: 'default', featureName: name }, body: { stale: true } }))
    const strategies = i % 4
    for (let s = 0; s < strategies; s++) {
      ok(
        await api.strategies.add({
          params: at(name),
          body: {
            name: s === 0 ? 'flexibleRollout' : s === 1 ? 'default' : 'remoteAddress',
            title: s === 1 ? null : `strategy ${s}`,
            disabled: s === 2,
            ...(s === 0 ? { parameters: { rollout: String(i * 3), stickiness: i % 2 ? 'region' : 'default', groupId: name } } : {}),
            ...(s === 2 ? { parameters: { IPs: '10.0.0.1' }, sortOrder: 10 + i } : {}),
            segments: s === 0 ? (i % 3 === 0 ? [1, 2] : [1]) : [],
            constraints: [
              { contextName: 'tenant', operator: 'IN', values: ['acme', 'globex'], inverted: i % 2 === 0 },
              { contextName: 'appName', operator: 'STR_CONTAINS', values: ['web'], caseInsensitive: true },
              ...(s === 1 ? [{ contextName: 'currentTime', operator: 'DATE_AFTER' as const, value: '2026-01-01T00:00:00.000Z' }, { contextName: 'userId', operator: 'NUM_GT' as const, value: String(i) }] : []),
            ],
            variants: s === 0 ? [{ name: 'a', weight: 0, weightType: 'variable', stickiness: 'default' }, { name: 'b', weight: 300, weightType: 'fix', stickiness: 'tenant', payload: { type: 'json', value: '{"x":1}' } }] : [],
          },
        }),
      )
    }
    if (i % 5 === 1) {
      ok(
        await api.features.setVariants({
          params: { projectId: 'default', featureName: name },
          body: {
            environments: ['development', 'production'],
            variants: [
              { name: 'red', weight: 0, stickiness: 'tenant', overrides: [{ contextName: 'userId', values: ['1', '2'] }] },
              { name: 'blue', weight: 250, weightType: 'fix', payload: { type: 'string', value: 'blue!' } },
            ],
          },
        }),
      )
    }
    if (i % 2 === 0 && strategies > 0) ok(await api.features.enableEnvironment({ params: at(name) }))
    if (i % 3 === 0) ok(await api.featureTags.add({ params: { featureName: name }, body: { type: 'simple', value: 'team-a' } }))
    if (i % 4 === 1) ok(await api.featureTags.add({ params: { featureName: name }, body: { type: 'area', value: 'checkout' } }))
    ok(await api.strategies.add({ params: at(name, 'production'), body: { name: 'default', constraints: [{ contextName: 'sessionId', operator: 'IN', values: ['s'] }] } }))
  }
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'flag-01' }, body: { feature: 'flag-00' } }))
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'flag-02' }, body: { feature: 'flag-00', variants: ['a'] } }))
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'flag-04' }, body: { feature: 'flag-03', enabled: false } }))
  return api
}

const exportOf = async (api: Api, body: Record<string, unknown> = { project: 'default' }) =>
  ok(await api.batch.exportFeatures({ params: {}, body: { environment: 'development', ...body } })).body

const importInto = (api: Api, data: unknown, project = 'default', environment = 'development') => api.batch.importFeatures({ params: {}, body: raw({ project, environment, data })})

t.test('round trip: exporting a rich store and importing into an empty one reproduces the same export', async (t) => {
  const source = await richStore()
  const exported = await exportOf(source)
  t.equal(exported.features.length, 30)
  t.ok(exported.featureStrategies.length > 40)
  t.same(exported.segments.map((s) => s.name), ['beta', 'eu'])
  t.same(exported.contextFields.map((f) => f.name), ['appName', 'currentTime', 'region', 'tenant', 'userId'])
  t.same(exported.tagTypes.map((x) => x.name), ['area', 'simple'])
  t.equal(exported.dependencies.length, 3)
  t.ok(exported.featureStrategies.some((s) => s.segments.length === 2 && s.variants.length === 2 && s.constraints.length === 2))
  t.ok(exported.featureStrategies.some((s) => s.disabled))
  t.ok(exported.featureEnvironments.some((e) => e.enabled && e.variants.length === 2))
  t.ok(exported.features.some((f) => f.stale && f.impressionData))
  t.equal(exported.featureTags.length, 18)

  const { api: target } = await makeApi()
  t.equal(ok(await importInto(target, plain(exported))), undefined)
  t.match(target.events(1)[0], { type: 'features-imported', project: 'default', environment: 'development', data: { features: exported.features.map((f) => f.name) } })
  t.same(await exportOf(target), exported, 'the same export from the target')
  t.same(ok(await target.contextFields.get({ params: { contextName: 'tenant' } })).legalValues, [{ value: 'acme', description: 'Acme' }, { value: 'globex' }])

  // Importing the same export again changes none of the exported data.
  ok(await importInto(target, plain(exported)))
  t.same(await exportOf(target), exported, 'a second import is stable')
})

t.test('round trip of archived features selected by name', async (t) => {
  const { api: source } = await makeApi()
  for (const name of ['kept', 'shelved']) ok(await source.features.create({ params: { projectId: 'default' }, body: { name } }))
  ok(await source.strategies.add({ params: at('shelved'), body: { name: 'default' } }))
  ok(await source.features.archive({ params: { projectId: 'default', featureName: 'shelved' } }))
  const exported = await exportOf(source, { features: ['kept', 'shelved'] })
  const { api: target } = await makeApi()
  ok(await importInto(target, plain(exported)))
  t.same(await exportOf(target, { features: ['kept', 'shelved'] }), exported)
  t.equal(target.state().features.size, 2)
})

t.test('an import replaces the strategies, tags, variants and dependencies of features that exist', async (t) => {
  const { api } = await makeApi()
  for (const name of ['flag', 'parent', 'old-parent']) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  ok(await api.strategies.add({ params: at('flag'), body: { name: 'default', title: 'old' } }))
  ok(await api.featureTags.add({ params: { featureName: 'flag' }, body: { type: 'simple', value: 'old-tag' } }))
  ok(await api.featureTags.add({ params: { featureName: 'flag' }, body: { type: 'simple', value: 'both' } }))
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'flag' }, body: { feature: 'old-parent' } }))
  const data = {
    features: [{ name: 'flag', description: 'imported', type: 'kill-switch', stale: true }],
    featureStrategies: [{ featureName: 'flag', name: 'flexibleRollout', id: 'kept-id', parameters: { rollout: '25', stickiness: 'default', groupId: 'flag' } }],
    featureEnvironments: [{ featureName: 'flag', enabled: true, variants: [{ name: 'only', weight: 1000 }] }],
    featureTags: [{ featureName: 'flag', tagType: 'simple', tagValue: 'both' }, { featureName: 'flag', tagType: 'simple', tagValue: 'new-tag' }],
    tagTypes: [],
    dependencies: [{ feature: 'flag', dependencies: [{ feature: 'parent', enabled: true }] }],
  }
  ok(await importInto(api, data))
  const f = ok(await api.features.get({ params: { projectId: 'default', featureName: 'flag' } }))
  t.same([f.description, f.type, f.stale], ['imported', 'kill-switch', true])
  const env = f.environments.find((e) => e.name === 'development')!
  t.same(env.strategies.map((s) => [s.id, s.name, s.sortOrder]), [['kept-id', 'flexibleRollout', 0]])
  t.equal(env.enabled, true)
  t.same(env.variants.map((v) => [v.name, v.weight, v.weightType, v.stickiness]), [['only', 1000, 'variable', 'default']])
  t.same(f.tags, [{ value: 'both', type: 'simple' }, { value: 'new-tag', type: 'simple' }])
  t.same(f.dependencies, [{ feature: 'parent', enabled: true, variants: [] }])
  t.same(ok(await api.features.get({ params: { projectId: 'default', featureName: 'old-parent' } })).children, [])
  t.same(f.environments.find((e) => e.name === 'production')!.strategies, [], 'other environments are left alone')
})

t.test('segments named like a target segment are used by its id; context fields gain missing legal values', async (t) => {
  const { api } = await makeApi()
  ok(await api.segments.create({ params: {}, body: { name: 'placeholder', constraints: [] } }))
  ok(await api.segments.create({ params: {}, body: { name: 'beta', constraints: [] } }))
  ok(await api.contextFields.create({ params: {}, body: { name: 'tenant', legalValues: [{ value: 'acme' }] } }))
  // Unleash's export gives segments as { id, name } only.
  const data = {
    features: [{ name: 'flag' }],
    featureStrategies: [{ featureName: 'flag', name: 'default', segments: [7], constraints: [{ contextName: 'tenant', operator: 'IN', values: ['globex'] }] }],
    segments: [{ id: 7, name: 'beta' }],
    contextFields: [{ name: 'tenant', legalValues: [{ value: 'globex' }, { value: 'acme' }] }],
    tagTypes: [],
  }
  ok(await importInto(api, data))
  t.same(ok(await api.strategies.list({ params: at('flag') }))[0]!.segments, [2])
  t.same(ok(await api.contextFields.get({ params: { contextName: 'tenant' } })).legalValues, [{ value: 'acme' }, { value: 'globex' }])
  t.equal(api.state().segments.size, 2, 'no segment was created')
})

// Exports recorded from Unleash 8.2: sample 01 of the shared reference; and a context field
// without a description, a constraint as Unleash stores it (no flags, jsonb's key order) and a
// dependency on any variant.
const UNLEASH_EXPORTS = [
  '{"features":[{"name":"oracle-feature-a","description":"first oracle feature","type":"release","project":"default","stale":false,"impressionData":false,"archived":false},{"name":"oracle-feature-b","description":null,"type":"experiment","project":"default","stale":false,"impressionData":false,"archived":false}],"featureStrategies":[{"name":"default","id":"01M805A3BCGT6AZ6Q5JY26SKQT","featureName":"oracle-feature-a","title":"first","parameters":{},"constraints":[],"variants":[],"disabled":false,"segments":[]},{"name":"flexibleRollout","id":"01M805A3GAMDJVBG8QFABWSBCY","featureName":"oracle-feature-a","title":"second","parameters":{"groupId":"oracle-feature-a","rollout":"50","stickiness":"default"},"constraints":[],"variants":[],"disabled":false,"segments":[]},{"name":"remoteAddress","id":"01M805A3P3JBTA50AEVW0RNAHB","featureName":"oracle-feature-a","title":"third","parameters":{"IPs":"127.0.0.1"},"constraints":[],"variants":[],"disabled":false,"segments":[]}],"featureEnvironments":[{"enabled":true,"featureName":"oracle-feature-a","environment":"development","variants":[],"name":"oracle-feature-a"},{"enabled":false,"featureName":"oracle-feature-b","environment":"development","variants":[],"name":"oracle-feature-b"}],"contextFields":[],"featureTags":[{"featureName":"oracle-feature-a","tagType":"simple","tagValue":"oracle-tag"}],"segments":[],"tagTypes":[{"name":"simple","description":"Used to simplify filtering of features","icon":"#","color":"#FFFFFF"}],"dependencies":[],"links":[]}',
  '{"features":[{"name":"ex1","description":null,"type":"release","project":"default","stale":false,"impressionData":false,"archived":false},{"name":"ex2","description":null,"type":"release","project":"default","stale":false,"impressionData":false,"archived":false}],"featureStrategies":[{"name":"default","id":"01M85YFVXD00DRJ7HSS3ARECX1","featureName":"ex1","title":null,"parameters":{},"constraints":[{"values":["eu"],"operator":"IN","contextName":"region"}],"variants":[],"disabled":false,"segments":[]}],"featureEnvironments":[{"enabled":false,"featureName":"ex1","environment":"development","variants":[],"name":"ex1"},{"enabled":false,"featureName":"ex2","environment":"development","variants":[],"name":"ex2"}],"contextFields":[{"name":"region","description":null,"stickiness":false,"sortOrder":0,"legalValues":[{"value":"eu"}]}],"featureTags":[],"segments":[],"tagTypes":[],"dependencies":[{"feature":"ex2","dependencies":[{"feature":"ex1","enabled":true,"variants":[]}]}],"links":[]}',
  // A tag type created with a name alone: Unleash 8.2 exports its description, icon and colour as null.
  '{"features":[{"name":"tagged-flag","description":null,"type":"release","project":"default","stale":false,"impressionData":false,"archived":false}],"featureStrategies":[],"featureEnvironments":[{"enabled":false,"featureName":"tagged-flag","environment":"development","variants":[],"name":"tagged-flag"}],"contextFields":[],"featureTags":[{"featureName":"tagged-flag","tagType":"minimal","tagValue":"bare"}],"segments":[],"tagTypes":[{"name":"minimal","description":null,"icon":null,"color":null}],"dependencies":[],"links":[]}',
]

/** What flagport's export adds to Unleash's: each constraint's two flags. */
const withOurDefaults = (sample: { featureStrategies: { constraints: object[] }[] }) => ({
  ...sample,
  featureStrategies: sample.featureStrategies.map((s) => ({ ...s, constraints: s.constraints.map((c) => ({ caseInsensitive: false, inverted: false, ...c })) })),
})

UNLEASH_EXPORTS.forEach((text, i) =>
  t.test(`Unleash's recorded export ${i + 1} imports into an empty store and exports back the same`, async (t) => {
    const sample = JSON.parse(text)
    const { api } = await makeApi()
    ok(await importInto(api, sample))
    t.same(await exportOf(api, { features: sample.features.map((f: { name: string }) => f.name) }), withOurDefaults(sample))
  }),
)

const refused = async (t: Test, api: Api, data: unknown, tag: string, paths: (string | undefined)[], project = 'default', environment = 'development') => {
  const before = plain(api.state())
  const e = err(await importInto(api, data, project, environment))
  t.equal(e._tag, tag)
  t.same(e.details.map((d) => d.path), paths)
  t.same(plain(api.state()), before, 'the store is unchanged')
  return e
}

t.test('every problem of an import is named by its path, and nothing is imported', async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  ok(await api.features.create({ params: { projectId: 'other' }, body: { name: 'elsewhere' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'shelved' } }))
  ok(await api.features.archive({ params: { projectId: 'default', featureName: 'shelved' } }))
  const data = {
    features: [{ name: 'fresh' }, { name: 'fresh' }, { name: 'elsewhere' }, { name: 'shelved' }, { name: 'fine' }],
    featureStrategies: [
      { featureName: 'fresh', name: 'no-such-strategy' },
      { featureName: 'ghost', name: 'default' },
      { featureName: 'fresh', name: 'default', constraints: [{ contextName: 'mystery', operator: 'IN', values: ['x'] }, { contextName: 'userId', operator: 'NUM_GT', value: 'ten' }] },
      { featureName: 'fresh', name: 'default', segments: [7] },
      { featureName: 'fine', name: 'flexibleRollout', segments: [5], parameters: { rollout: '200', stickiness: 'unknownSticky' } },
      { featureName: 'fine', name: 'default', id: 'dup' },
      { featureName: 'fine', name: 'default', id: 'dup' },
    ],
    featureEnvironments: [
      { featureName: 'fine', enabled: true, variants: [{ name: 'v', weight: 1001, weightType: 'fix', overrides: [{ contextName: 'mystery2', values: ['1'] }] }] },
      { featureName: 'fine', enabled: false },
    ],
    featureTags: [{ featureName: 'fine', tagType: 'no-type', tagValue: 'vv' }],
    segments: [{ id: 5, name: 'not-in-target' }],
    tagTypes: [],
    dependencies: [{ feature: 'fine', dependencies: [{ feature: 'missing-parent' }, { feature: 'fine' }] }, { feature: 'nobody', dependencies: [] }],
  }
  const D = '/body/data'
  const e = await refused(t, api, data, 'ValidationError', [
    `${D}/features/1/name`,
    `${D}/features/2/name`,
    `${D}/features/3/name`,
    `${D}/featureStrategies/0/name`,
    `${D}/featureStrategies/1/featureName`,
    `${D}/featureStrategies/2/constraints/1/value`,
    `${D}/featureStrategies/2/constraints/0/contextName`,
    `${D}/featureStrategies/3/segments/0`,
    `${D}/featureStrategies/4/parameters/rollout`,
    `${D}/featureStrategies/4/parameters/stickiness`,
    `${D}/featureStrategies/6/id`,
    `${D}/featureEnvironments/0/variants/0/weight`,
    `${D}/featureEnvironments/0/variants`,
    `${D}/featureEnvironments/0/variants/0/overrides/0/contextName`,
    `${D}/featureEnvironments/1/featureName`,
    `${D}/featureTags/0/tagType`,
    `${D}/segments/0`,
    `${D}/dependencies/0/dependencies/0/feature`,
    `${D}/dependencies/0/dependencies/1/feature`,
    `${D}/dependencies/1/feature`,
  ])
  const messages = e.details.map((d) => d.message)
  t.equal(messages[1], 'The feature "elsewhere" exists in project "other"; it cannot be imported into project "default".')
  t.equal(messages[2], 'The feature "shelved" is archived in the target; revive it before importing.')
  t.equal(messages[3], 'The strategy type "no-such-strategy" does not exist.')
  t.equal(messages[5], 'The `/body/data/featureStrategies/2/constraints/1/value` property must be a number for NUM_GT. You sent "ten".')
  t.equal(messages[6], `The context field "mystery" does not exist in the target and is not among the export's context fields.`)
  t.equal(messages[7], "The segment id 7 is not among the export's segments.")
  t.equal(messages[10], 'The strategy id "dup" appears twice for feature "fine".')
  t.equal(messages[15], `The tag type "no-type" does not exist in the target and is not among the export's tag types.`)
  t.equal(messages[16], 'The segment "not-in-target" does not exist in the target, and the export does not give its constraints.')
  t.equal(messages[17], 'The parent "missing-parent" is neither an imported feature nor a live feature of project "default".')
})

t.test("strategies meet the legal values and segments the target will have, each problem at the import's path", async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  ok(await api.contextFields.create({ params: {}, body: { name: 'tenant', legalValues: [{ value: 'acme' }] } }))
  ok(await api.segments.create({ params: {}, body: { name: 'theirs', project: 'other', constraints: [] } }))
  const strategies = [
    { featureName: 'flag', name: 'default', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme', 'globex', 'initech'] }] },
    { featureName: 'flag', name: 'default', segments: [4], constraints: [{ contextName: 'version', operator: 'SEMVER_EQ', value: '2.0.0' }, { contextName: 'version', operator: 'SEMVER_GT', value: '1.0.0' }] },
  ]
  // tenant gains globex from the export; version is created with 1.0.0 only.
  const data = {
    features: [{ name: 'flag' }],
    featureStrategies: strategies,
    segments: [{ id: 4, name: 'theirs' }],
    contextFields: [{ name: 'tenant', legalValues: [{ value: 'globex' }] }, { name: 'version', legalValues: [{ value: '1.0.0' }] }],
    tagTypes: [],
  }
  const D = '/body/data/featureStrategies'
  const e = await refused(t, api, data, 'ValidationError', [`${D}/0/constraints/0/values/2`, `${D}/1/constraints/0/value`, `${D}/1/segments/0`])
  t.same(e.details.map((d) => d.message), [
    '"initech" is not a legal value of the context field "tenant". Use one of its legal values.',
    '"2.0.0" is not a legal value of the context field "version". Use one of its legal values.',
    'The segment "theirs" (id 1) belongs to project "other", not "default".',
  ])

  // Into the segment's own project, with only legal values, the same export imports.
  const fixed = { ...data, featureStrategies: [{ ...strategies[0]!, constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme', 'globex'] }] }, { ...strategies[1]!, constraints: strategies[1]!.constraints.slice(1) }] }
  ok(await importInto(api, fixed, 'other'))
  t.same(ok(await api.contextFields.get({ params: { contextName: 'tenant' } })).legalValues, [{ value: 'acme' }, { value: 'globex' }])
  t.same(ok(await api.strategies.list({ params: { projectId: 'other', featureName: 'flag', environment: 'development' } })).map((s) => s.segments), [[], [1]])
})

t.test("the constraint limits are checked before anything is imported, at the import's paths", async (t) => {
  const { api } = await makeApi({ config: { resourceLimits: { constraints: 1, constraintValues: 2 } } })
  const tenant = (values: string[]) => ({ contextName: 'userId', operator: 'IN', values })
  const data = {
    features: [{ name: 'flag' }],
    featureStrategies: [
      { featureName: 'flag', name: 'default', constraints: [tenant(['1']), tenant(['2'])] },
      { featureName: 'flag', name: 'default', constraints: [tenant(['1', '2', '3'])] },
      { featureName: 'flag', name: 'default', constraints: [tenant(['1', '2'])] },
    ],
    tagTypes: [],
  }
  const e = await refused(t, api, data, 'ValidationError', ['/body/data/featureStrategies/0/constraints', '/body/data/featureStrategies/1/constraints'])
  t.same(e.details.map((d) => d.message), [
    "Failed to create constraints. You can't create more than the established limit of 1.",
    "Failed to create constraint values for userId. You can't create more than the established limit of 2.",
  ])
})

t.test('archiving a feature that keeps dependants is refused, as through the API', async (t) => {
  const { api } = await makeApi()
  for (const name of ['parent', 'kept-child', 'imported-child', 'archived-child']) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  for (const child of ['kept-child', 'imported-child', 'archived-child']) ok(await api.features.addDependency({ params: { projectId: 'default', featureName: child }, body: { feature: 'parent' } }))
  const withParent = [{ name: 'imported-child' }, { name: 'archived-child', archived: true }, { name: 'parent', archived: true }]
  const blocked = await refused(t, api, { features: withParent, featureStrategies: [], tagTypes: [] }, 'ValidationError', ['/body/data/features/2/archived'])
  t.equal(blocked.details[0]!.message, 'You can not archive "parent" since other features depend on it: "kept-child". Archive them or remove their dependency first.')
  const archivedChild = await refused(t, api, { features: withParent, featureStrategies: [], tagTypes: [], dependencies: [{ feature: 'archived-child', dependencies: [{ feature: 'x' }] }] }, 'ValidationError', ['/body/data/dependencies/0/feature', '/body/data/features/2/archived'])
  t.equal(archivedChild.details[0]!.message, '"archived-child" is archived in the export; an archived feature depends on nothing.')

  // Children the import archives or frees of the dependency no longer hold the parent back.
  ok(await importInto(api, { features: [{ name: 'kept-child' }, ...withParent], featureStrategies: [], tagTypes: [] }))
  const state = api.state()
  const row = (name: string) => getRow(state.features, name)!
  t.same(['parent', 'archived-child', 'kept-child', 'imported-child'].map((n) => [row(n).archived, row(n).dependencies, row(n).children]), [
    [true, [], []],
    [true, [], []],
    [false, [], []],
    [false, [], []],
  ])
})

t.test('into another project: project-scoped segments and context fields follow; missing strategy ids are generated', async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  const data = {
    features: [{ name: 'flag', project: 'default' }],
    featureStrategies: [{ featureName: 'flag', name: 'default', segments: [3], constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }] }],
    segments: [{ id: 3, name: 'scoped', project: 'default', constraints: [] }],
    contextFields: [{ name: 'plan', project: 'default' }],
    tagTypes: [],
  }
  ok(await importInto(api, data, 'other'))
  const [s] = ok(await api.strategies.list({ params: { projectId: 'other', featureName: 'flag', environment: 'development' } }))
  t.match(s!.id, /^[0-9a-f-]{36}$/)
  t.same(s!.segments, [1])
  t.equal(ok(await api.segments.get({ params: { segmentId: '1' } })).project, 'other')
  t.equal(ok(await api.contextFields.get({ params: { contextName: 'plan' } })).project, 'other')
})

t.test('dependencies stay one level deep and need live parents', async (t) => {
  const { api } = await makeApi()
  for (const name of ['grandparent', 'parent', 'child']) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'parent' }, body: { feature: 'grandparent' } }))
  const D = '/body/data'
  const deep = await refused(t, api, { features: [{ name: 'child' }], featureStrategies: [], tagTypes: [], dependencies: [{ feature: 'child', dependencies: [{ feature: 'parent' }] }] }, 'ValidationError', [`${D}/dependencies/0/dependencies/0/feature`])
  t.equal(deep.details[0]!.message, '"parent" depends on other features itself; dependencies are one level deep.')
  const hasChildren = await refused(t, api, { features: [{ name: 'grandparent' }], featureStrategies: [], tagTypes: [], dependencies: [{ feature: 'grandparent', dependencies: [{ feature: 'child' }] }] }, 'ValidationError', [`${D}/dependencies/0/dependencies/0/feature`])
  t.equal(hasChildren.details[0]!.message, '"grandparent" has features that depend on it, so it cannot depend on another.')
  const archived = await refused(t, api, { features: [{ name: 'x' }, { name: 'y', archived: true }], featureStrategies: [], tagTypes: [], dependencies: [{ feature: 'x', dependencies: [{ feature: 'y' }] }] }, 'ValidationError', [`${D}/dependencies/0/dependencies/0/feature`])
  t.equal(archived.details[0]!.message, 'The parent "y" is archived in the export; a dependency needs a live parent.')
  // Replacing parent's own dependency in the same import makes the chain legal.
  ok(await importInto(api, { features: [{ name: 'parent' }, { name: 'child' }], featureStrategies: [], tagTypes: [], dependencies: [{ feature: 'child', dependencies: [{ feature: 'parent' }] }] }))
  t.same(ok(await api.features.get({ params: { projectId: 'default', featureName: 'parent' } })).dependencies, [])
  t.same(ok(await api.features.get({ params: { projectId: 'default', featureName: 'child' } })).dependencies, [{ feature: 'parent', enabled: true, variants: [] }])
})

t.test('the target: an unknown project or an environment not enabled for it is 404', async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'prod-only', name: 'Prod only', environments: ['production'] } }))
  const data = { features: [], featureStrategies: [], tagTypes: [] }
  t.equal((await refused(t, api, data, 'NotFoundError', [undefined], 'nowhere')).message, 'Could not find project with id "nowhere".')
  t.equal((await refused(t, api, data, 'NotFoundError', [undefined], 'prod-only', 'development')).message, 'The environment "development" is not enabled for project "prod-only".')
  await refused(t, api, data, 'NotFoundError', [undefined], 'default', 'staging')
})

t.test('the body is decoded first: each malformed part named by its path', async (t) => {
  const { api } = await makeApi()
  await refused(t, api, { featureStrategies: [], tagTypes: [] }, 'ValidationError', ['/body/data/features'])
  await refused(
    t,
    api,
    { features: [{ name: 'has space' }], featureStrategies: [{ name: 'default', constraints: [{ contextName: 'a', operator: 'LIKE' }] }], tagTypes: [{ name: 'x' }], featureTags: [{ featureName: 'f', tagType: 'simple', tagValue: 'v' }] },
    'ValidationError',
    ['/body/data/features/0/name', '/body/data/featureStrategies/0/constraints/0/operator', '/body/data/featureStrategies/0/featureName', '/body/data/tagTypes/0/name', '/body/data/featureTags/0/tagValue'],
  )
  await refused(t, api, { features: [], featureStrategies: [], tagTypes: [{ name: 'area', owner: 'me' }] }, 'ValidationError', ['/body/data/tagTypes/0/owner'])
  const e = err(await api.batch.importFeatures({ params: {}, body: raw({ data: { features: [], featureStrategies: [], tagTypes: [] } })}))
  t.same(e.details.map((d) => d.path), ['/body/project', '/body/environment'])
})

t.test('resource limits apply to imported features, and a refusal imports nothing', async (t) => {
  const { api } = await makeApi({ config: { resourceLimits: { featureFlags: 1 } } })
  const e = await refused(t, api, { features: [{ name: 'one' }, { name: 'two' }], featureStrategies: [], tagTypes: [{ name: 'area' }] }, 'ExceedsLimitError', [undefined])
  t.equal(e.message, "Failed to create feature flag. You can't create more than the established limit of 1.")
})

t.test('import needs CREATE_FEATURE', async (t) => {
  const { api } = await makeApi()
  const viewer: AuthPort = { authenticate: () => E.right({ kind: 'user', actor: { id: 9, name: 'viewer' }, permissions: ['UPDATE_FEATURE'] }) }
  const { api: asViewer } = await makeApi({ auth: viewer, storage: internalsOf(api).storage })
  const before = plain(api.state())
  const e = err(await asViewer.batch.importFeatures({ params: {}, body: { project: 'default', environment: 'development', data: { features: [{ name: 'x' }], featureStrategies: [], tagTypes: [] } } }))
  t.equal(e._tag, 'NoAccessError')
  t.match(e.message, /"CREATE_FEATURE"/)
  t.same(plain(api.state()), before)
})
