import t from 'tap'
import { immer } from '../../src/api/immer.js'
import { transact } from '../../src/store/transaction.js'
import { clientFeatures } from '../../src/domain/client-projection.js'
import { getRow } from '../../src/store/table.js'
import { makeApi, ok, plain } from '../support/api.js'

const path = (featureName: string, environment = 'development') => ({ projectId: 'default', featureName, environment })

/** A facade with one feature per call, created in project `default`. */
const withFeatures = async (...names: string[]) => {
  const { api } = await makeApi()
  for (const name of names) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  return api
}

t.test('a feature is shaped as the client API sends it', async (t) => {
  const api = await withFeatures()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'checkout', description: 'new checkout', type: 'experiment', impressionData: true } }))
  ok(await api.strategies.add({
    params: path('checkout'),
    body: {
      name: 'flexibleRollout',
      title: 'half',
      parameters: { rollout: 50, stickiness: 'default', groupId: 'checkout' },
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }, { contextName: 'version', operator: 'SEMVER_GT', value: '1.2.0', inverted: true }],
      variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'b' } }],
    },
  }))
  ok(await api.features.setVariants({
    params: { projectId: 'default', featureName: 'checkout' },
    body: { environments: ['development'], variants: [{ name: 'red', weight: 1000, overrides: [{ contextName: 'userId', values: ['1'] }] }] },
  }))
  ok(await api.features.enableEnvironment({ params: path('checkout') }))

  t.same(plain(clientFeatures(api.state(), 'development')), {
    version: 2,
    features: [
      {
        name: 'checkout',
        type: 'experiment',
        description: 'new checkout',
        project: 'default',
        enabled: true,
        stale: false,
        impressionData: true,
        strategies: [
          {
            name: 'flexibleRollout',
            parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
            variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'b' } }],
            constraints: [
              { contextName: 'appName', operator: 'IN', values: ['web'], inverted: false, caseInsensitive: false },
              { contextName: 'version', operator: 'SEMVER_GT', values: [], inverted: true, caseInsensitive: false, value: '1.2.0' },
            ],
          },
        ],
        variants: [{ name: 'red', weight: 1000, weightType: 'variable', stickiness: 'default', overrides: [{ contextName: 'userId', values: ['1'] }] }],
      },
    ],
    segments: [],
  })
  const production = clientFeatures(api.state(), 'production').features[0]!
  t.equal(production.enabled, false, 'each environment has its own switch')
  t.same(production.strategies, [])
  t.same(production.variants, [])
})

t.test('strategies have no id, title or sortOrder, and keep their order', async (t) => {
  const api = await withFeatures('f')
  const first = ok(await api.strategies.add({ params: path('f'), body: { name: 'default', title: 'first' } }))
  ok(await api.strategies.add({ params: path('f'), body: { name: 'applicationHostname', parameters: { hostNames: 'web-1' } } }))
  ok(await api.strategies.add({ params: path('f'), body: { name: 'remoteAddress', parameters: { IPs: '10.0.0.1' } } }))
  const names = () => clientFeatures(api.state(), 'development').features[0]!.strategies!.map((s) => s.name)
  t.same(names(), ['default', 'applicationHostname', 'remoteAddress'])
  ok(await api.strategies.setSortOrder({ params: path('f'), body: [{ id: first.id, sortOrder: 9 }] }))
  t.same(names(), ['applicationHostname', 'remoteAddress', 'default'])
  const strategy = clientFeatures(api.state(), 'development').features[0]!.strategies![0]!
  t.same(Object.keys(strategy).sort(), ['constraints', 'name', 'parameters', 'variants'])
})

t.test('disabled strategies are dropped', async (t) => {
  const api = await withFeatures('f')
  ok(await api.strategies.add({ params: path('f'), body: { name: 'default', disabled: true } }))
  ok(await api.strategies.add({ params: path('f'), body: { name: 'remoteAddress', parameters: { IPs: '10.0.0.7' } } }))
  t.same(clientFeatures(api.state(), 'development').features[0]!.strategies!.map((s) => s.name), ['remoteAddress'])
})

t.test('parameters are strings, and a parameter named __proto__ stays a parameter', async (t) => {
  const api = await withFeatures('f')
  // Parsed, as a request body is: a literal `{ __proto__: ... }` would set the prototype instead.
  const parameters = JSON.parse('{"rollout": 5, "on": true, "__proto__": "x", "constructor": "y"}')
  ok(await api.strategies.add({ params: path('f'), body: { name: 'flexibleRollout', parameters } }))
  const sent = clientFeatures(api.state(), 'development').features[0]!.strategies![0]!.parameters!
  t.same(Object.entries(sent).sort(), [['__proto__', 'x'], ['constructor', 'y'], ['groupId', 'f'], ['on', 'true'], ['rollout', '5'], ['stickiness', 'default']])
  t.equal(Object.getPrototypeOf(sent), null)
  t.ok(Object.values(sent).every((v) => typeof v === 'string'))
})

t.test('archived features are dropped; the rest are sorted by name', async (t) => {
  const api = await withFeatures('b', 'a', '__proto__', 'c')
  ok(await api.features.archive({ params: { projectId: 'default', featureName: 'c' } }))
  t.same(clientFeatures(api.state(), 'development').features.map((f) => f.name), ['__proto__', 'a', 'b'])
})

t.test('dependencies: variants only when the parent is expected enabled', async (t) => {
  const api = await withFeatures('parent', 'on', 'on-variants', 'off', 'alone')
  const child = (featureName: string) => ({ projectId: 'default', featureName })
  ok(await api.features.addDependency({ params: child('on'), body: { feature: 'parent' } }))
  ok(await api.features.addDependency({ params: child('on-variants'), body: { feature: 'parent', variants: ['blue'] } }))
  ok(await api.features.addDependency({ params: child('off'), body: { feature: 'parent', enabled: false, variants: ['blue'] } }))
  const byName = new Map(clientFeatures(api.state(), 'development').features.map((f) => [f.name, f]))
  t.same(byName.get('on')!.dependencies, [{ feature: 'parent', enabled: true, variants: [] }])
  t.same(byName.get('on-variants')!.dependencies, [{ feature: 'parent', enabled: true, variants: ['blue'] }])
  t.same(byName.get('off')!.dependencies, [{ feature: 'parent', enabled: false }])
  t.notOk('variants' in byName.get('off')!.dependencies![0]!)
  t.notOk('dependencies' in byName.get('alone')!, 'no dependencies: no field')
})

t.test('filters: projects (`*` is all) and a name prefix', async (t) => {
  const api = await withFeatures('web-a', 'web-b', 'api-a')
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  ok(await api.features.create({ params: { projectId: 'other' }, body: { name: 'web-other' } }))
  const names = (filter: Parameters<typeof clientFeatures>[2]) => clientFeatures(api.state(), 'development', filter).features.map((f) => f.name)
  t.same(names({}), ['api-a', 'web-a', 'web-b', 'web-other'])
  t.same(names({ projects: ['*'] }), ['api-a', 'web-a', 'web-b', 'web-other'])
  t.same(names({ projects: ['other'] }), ['web-other'])
  t.same(names({ projects: ['default', 'other'], namePrefix: 'web-' }), ['web-a', 'web-b', 'web-other'])
  t.same(names({ projects: [] }), [])
  t.same(names({ projects: ['nope'] }), [])
})

t.test('an environment the feature does not have: listed, off, without strategies', async (t) => {
  const api = await withFeatures('f')
  ok(await api.strategies.add({ params: path('f'), body: { name: 'default' } }))
  ok(await api.features.enableEnvironment({ params: path('f') }))
  t.same(plain(clientFeatures(api.state(), 'staging').features), [
    { name: 'f', type: 'release', description: null, project: 'default', enabled: false, stale: false, impressionData: false, strategies: [], variants: [] },
  ])
})

t.test('segments: only those the strategies use, by name; ids or inlined constraints', async (t) => {
  const api = await withFeatures('f', 'g')
  const segment = async (name: string, value: string) =>
    ok(await api.segments.create({ params: {}, body: { name, constraints: [{ contextName: 'region', operator: 'IN', values: [value] }] } })).id
  const zeta = await segment('zeta', 'eu')
  const alpha = await segment('alpha', 'us')
  await segment('unused', 'ap')
  ok(await api.strategies.add({ params: path('f'), body: { name: 'default', segments: [zeta, alpha], constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }] } }))
  ok(await api.strategies.add({ params: path('g', 'production'), body: { name: 'default', segments: [alpha] } }))

  const payload = clientFeatures(api.state(), 'development')
  t.same(payload.features[0]!.strategies![0]!.segments, [zeta, alpha])
  t.same(plain(payload.segments), [
    { id: alpha, name: 'alpha', constraints: [{ contextName: 'region', operator: 'IN', values: ['us'], inverted: false, caseInsensitive: false }] },
    { id: zeta, name: 'zeta', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'], inverted: false, caseInsensitive: false }] },
  ])
  t.notOk('segments' in payload.features[1]!.strategies!, 'g has no strategy in development')
  t.same(clientFeatures(api.state(), 'development', { projects: ['nope'] }).segments, [], 'segments of filtered-out features are not sent')

  const inlined = clientFeatures(api.state(), 'development', { inlineSegmentConstraints: true })
  t.notOk('segments' in inlined, 'no segment list for SDKs that predate segments')
  const strategy = inlined.features[0]!.strategies![0]!
  t.notOk('segments' in strategy)
  t.same(strategy.constraints!.map((c) => c.values), [['web'], ['eu'], ['us']], 'own constraints, then each segment in turn')
})

t.test('a segment the store lacks: left out of the list, and inlined as a constraint that never holds', async (t) => {
  const api = await withFeatures('f')
  const id = ok(await api.segments.create({ params: {}, body: { name: 's', constraints: [] } })).id
  ok(await api.strategies.add({ params: path('f'), body: { name: 'default', segments: [id] } }))
  // Segments in use cannot be deleted through the API; a store edited by other means can still lack one.
  const { state: without } = transact(api.state(), immer, (draft) => {
    draft.segments.delete(String(id))
  })
  t.equal(getRow(without.segments, String(id)), undefined)
  t.same(clientFeatures(without, 'development').segments, [])
  t.same(plain(clientFeatures(without, 'development', { inlineSegmentConstraints: true }).features[0]!.strategies![0]!.constraints), [
    { contextName: 'segment', operator: 'IN', values: [], inverted: false, caseInsensitive: false },
  ])
})

t.test('the payload is a copy: changing it leaves the store alone', async (t) => {
  const api = await withFeatures('f')
  ok(await api.strategies.add({ params: path('f'), body: { name: 'default', constraints: [{ contextName: 'a', operator: 'IN', values: ['1'] }] } }))
  const before = plain(api.state())
  const payload = clientFeatures(api.state(), 'development') as unknown as { features: { strategies: { constraints: { values: string[] }[]; parameters: Record<string, string> }[] }[] }
  payload.features[0]!.strategies[0]!.constraints[0]!.values.push('2')
  payload.features[0]!.strategies[0]!.parameters['x'] = 'y'
  t.same(plain(api.state()), before)
})
