import t from 'tap'
import { exportPartsCache, exportSharing } from '../../src/api/export-cache.js'
import { exportBytes } from '../../src/http/export-bytes.js'
import { buildExport, featureExport } from '../../src/domain/export/build.js'
import { getRow, rows } from '../../src/store/table.js'
import { makeApi, ok } from '../support/api.js'

/** The text of the bytes exportBytes writes; the buffer must be exactly as long as the text's UTF-8. */
const exportJson = (result: Parameters<typeof exportBytes>[0], sharing = exportSharing()): string => {
  const bytes = exportBytes(result, { isShared: sharing.isShared, bytesKeptBy: (_key, write) => write() })
  const text = Buffer.from(bytes).toString('utf8')
  if (Buffer.byteLength(text) !== bytes.length) throw new Error('exportBytes wrote a buffer of the wrong length')
  return text
}

const at = (featureName: string, environment = 'development') => ({ projectId: 'default', featureName, environment })

/** Features with strategies, segments, variants, tags of two types, dependencies, and one with no settings in production. */
const store = async () => {
  const { api } = await makeApi()
  ok(await api.contextFields.create({ params: {}, body: { name: 'tenant', legalValues: [{ value: 'acme', description: 'Acme' }] } }))
  ok(await api.tagTypes.create({ params: {}, body: { name: 'area', color: '#123456' } }))
  ok(await api.segments.create({ params: {}, body: { name: 'beta', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }] } }))
  for (let i = 0; i < 8; i++) {
    const name = `flag-${i}`
    ok(await api.features.create({ params: { projectId: 'default' }, body: { name, description: i % 2 ? null : `flag "${i}" \u2028 é` } }))
    if (i % 3 !== 2) {
      ok(await api.strategies.add({
        params: at(name),
        body: { name: 'flexibleRollout', segments: i % 2 ? [1] : [], constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }], variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'tenant' }] },
      }))
    }
    if (i % 4 === 1) ok(await api.features.setVariants({ params: { projectId: 'default', featureName: name }, body: { environments: ['development'], variants: [{ name: 'red', weight: 0, overrides: [{ contextName: 'tenant', values: ['acme'] }] }] } }))
    ok(await api.featureTags.add({ params: { featureName: name }, body: { type: i % 2 ? 'area' : 'simple', value: `tag-${i % 3}` } }))
  }
  ok(await api.features.addDependency({ params: { projectId: 'default', featureName: 'flag-1' }, body: { feature: 'flag-0', variants: ['v'] } }))
  return api
}

t.test('exportBytes writes exactly what JSON.stringify writes, in UTF-8, with kept parts and without', async (t) => {
  const api = await store()
  const state = api.state()
  const features = [...rows(state.features)].sort((a, b) => (a.name < b.name ? -1 : 1))
  const sharing = exportSharing()
  const cached = exportPartsCache(sharing)
  for (const environment of ['development', 'production']) {
    const fresh = buildExport(state, features, environment)
    const kept = buildExport(state, features, environment, cached)
    t.same(kept, fresh, `${environment}: the same export from kept parts`)
    t.equal(exportJson(kept, sharing), JSON.stringify(fresh), `${environment}: the same JSON from kept parts`)
    t.equal(exportJson(kept, sharing), JSON.stringify(kept), `${environment}: and again, from the serialized records`)
    t.equal(exportJson(fresh), JSON.stringify(fresh), `${environment}: the same JSON from fresh parts`)
  }
  const none = buildExport(state, [], 'development', cached)
  t.equal(exportJson(none, sharing), JSON.stringify(none), 'an export of no features: empty arrays')
})

t.test('a kept part is used while the feature is the same object, and made again once it changes', async (t) => {
  const api = await store()
  const cached = exportPartsCache(exportSharing())
  const before = getRow(api.state().features, 'flag-0')!
  const part = cached(before, 'development')
  t.equal(cached(before, 'development'), part, 'the same part for the same feature object')
  t.ok(Object.isFrozen(part.feature) && Object.isFrozen(part.strategies[0]!.constraints[0]!.values), 'deeply frozen: every export shares it')
  t.not(cached(before, 'production'), part, 'another environment has its own')
  ok(await api.features.update({ params: { projectId: 'default', featureName: 'flag-0' }, body: { description: 'changed' } }))
  const after = getRow(api.state().features, 'flag-0')!
  t.equal(cached(after, 'development').feature.description, 'changed', 'the changed feature gets a new part')
  t.same(cached(after, 'development'), featureExport(after, 'development'), 'equal to one made fresh')
})

t.test('the `limit` most recently used parts are kept, and at most twice as many', async (t) => {
  const api = await store()
  const cached = exportPartsCache(exportSharing(), 2)
  const [a, b, c, d, e] = ['flag-0', 'flag-1', 'flag-2', 'flag-3', 'flag-4'].map((name) => getRow(api.state().features, name)!)
  const partA = cached(a!, 'development')
  cached(b!, 'development')
  t.equal(cached(a!, 'development'), partA, 'a is kept, and now the most recent')
  cached(c!, 'development')
  const partD = cached(d!, 'development')
  const partE = cached(e!, 'development')
  t.equal(cached(d!, 'development'), partD, 'the two most recently used are kept')
  t.equal(cached(e!, 'development'), partE)
  const again = cached(a!, 'development')
  t.not(again, partA, 'a, used before four newer parts, was dropped')
  t.same(again, featureExport(a!, 'development'), 'and is made again')
})

t.test('an export larger than the cache keeps its first `limit` parts, and makes the rest without keeping them', async (t) => {
  const api = await store()
  const cached = exportPartsCache(exportSharing(), 2)
  const [a, b, c, d] = ['flag-0', 'flag-1', 'flag-2', 'flag-3'].map((name) => getRow(api.state().features, name)!)
  t.equal(cached.forExport(2), cached, 'an export the cache can hold keeps every part')
  const exportOnce = () => {
    const partOf = cached.forExport(4)
    return [a!, b!, c!, d!].map((feature) => partOf(feature, 'development'))
  }
  const first = exportOnce()
  const second = exportOnce()
  t.equal(second[0], first[0], 'the first `limit` parts are kept')
  t.equal(second[1], first[1])
  t.ok(Object.isFrozen(first[0]!.feature), 'and shared, frozen')
  t.not(second[2], first[2], 'a part past the limit is made each time')
  t.same(second[2], featureExport(c!, 'development'), 'equal to one made fresh')
  t.notOk(Object.isFrozen(first[2]!.feature), 'and not frozen: nobody else holds it')
  t.equal(cached(a!, 'development'), first[0], 'what the large export kept serves smaller ones')
  const features = [...rows(api.state().features)].sort((x, y) => (x.name < y.name ? -1 : 1))
  const large = buildExport(api.state(), features, 'development', cached.forExport(features.length))
  t.equal(exportJson(large), JSON.stringify(buildExport(api.state(), features, 'development')), 'the same export, and the same JSON, as one made fresh')
})

t.test('at most twice `environments` environments are kept, as names come from requests', async (t) => {
  const api = await store()
  const cached = exportPartsCache(exportSharing(), 10, 1)
  const feature = getRow(api.state().features, 'flag-0')!
  const inDevelopment = cached(feature, 'development')
  t.equal(cached(feature, 'development'), inDevelopment, 'kept')
  cached(feature, 'no-such-environment')
  t.equal(cached(feature, 'development'), inDevelopment, 'the most recently used environment is still kept beside a newer one')
  cached(feature, 'other-environment')
  cached(feature, 'third-environment')
  t.not(cached(feature, 'development'), inDevelopment, 'development was dropped for the two newer environments, and made again')
})

t.test('the facade and the HTTP route answer the same export as before a change, and the changed one after', async (t) => {
  const api = await store()
  const query = { environment: 'development', features: ['flag-0', 'flag-1', 'flag-7'] }
  const first = ok(await api.batch.exportFeatures({ params: {}, body: query })).body
  ok(await api.strategies.add({ params: at('flag-7'), body: { name: 'default' } }))
  const second = ok(await api.batch.exportFeatures({ params: {}, body: query })).body
  t.same(second.features, first.features, 'unchanged features export the same')
  t.equal(second.featureStrategies.filter((s) => s.featureName === 'flag-7').length, first.featureStrategies.filter((s) => s.featureName === 'flag-7').length + 1, 'the new strategy is in the next export')
  t.equal(exportJson(second), JSON.stringify(second))
})
