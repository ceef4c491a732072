import * as E from 'fp-ts/lib/Either.js'
import t, { type Test } from 'tap'
import { exportBytes } from '../../src/http/export-bytes.js'
import { exportResultsCache } from '../../src/api/export-results.js'
import { createAnswerCache } from '../../src/api/answer-cache.js'
import { exportSharing } from '../../src/api/export-cache.js'
import { exportOf } from '../../src/domain/export/export.js'
import type { ExportQuery, ExportResult } from '../../src/model/export.js'
import type { State } from '../../src/model/state.js'
import { makeApi, ok } from '../support/api.js'
import { raw } from '../support/raw.js'

const at = (featureName: string) => ({ projectId: 'default', featureName, environment: 'development' })

/** Three features with a segment, a context field and a tag type in use, and one more outside the query. */
const store = async () => {
  const { api } = await makeApi()
  ok(await api.contextFields.create({ params: {}, body: { name: 'tenant' } }))
  ok(await api.tagTypes.create({ params: {}, body: { name: 'area' } }))
  ok(await api.segments.create({ params: {}, body: { name: 'beta', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['acme'] }] } }))
  for (const name of ['a', 'b', 'c', 'other']) {
    ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
    ok(await api.strategies.add({ params: at(name), body: { name: 'default', segments: [1], constraints: [{ contextName: 'tenant', operator: 'IN', values: ['x'] }] } }))
    ok(await api.featureTags.add({ params: { featureName: name }, body: { type: 'area', value: 'north' } }))
  }
  return api
}

const query: ExportQuery = { environment: 'development', features: ['a', 'b', 'c'] }
const right = (e: E.Either<unknown, ExportResult>): ExportResult => {
  if (E.isLeft(e)) throw new Error(`expected an export, got ${JSON.stringify(e.left)}`)
  return e.right
}
/** What the cache answers must always equal an export made afresh from the same state. */
const exportedBy = (cache: ReturnType<typeof exportResultsCache>, t: Test, state: State, q = query): ExportResult => {
  const result = right(cache(state, q))
  t.same(result, right(exportOf(state, q)), 'equal to an export made afresh')
  return result
}

t.test('the same export is answered again, deeply frozen, with the same bytes', async (t) => {
  const api = await store()
  const kept = createAnswerCache()
  const cache = kept.exports
  const first = exportedBy(cache, t, api.state())
  t.equal(Buffer.from(exportBytes(first, kept)).toString('utf8'), JSON.stringify(first), 'its bytes are its JSON')
  t.equal(exportBytes(first, kept), exportBytes(first, kept), 'kept, not written again')
  t.equal(right(cache(api.state(), { ...query, features: [...query.features!] })), first, 'an equal query gets the very same export')
  t.equal(right(cache(api.state(), { ...query, features: ['c', 'b', 'a', 'a'] })), first, 'so does one naming the same features otherwise')
  t.equal(right(cache(api.state(), { ...query, downloadFile: true })), first, 'downloadFile only names the file')
  for (const [name, value] of Object.entries(first)) t.ok(Object.isFrozen(value), `${name} is frozen`)
  t.ok(Object.isFrozen(first.segments[0]!.constraints[0]!.values) && Object.isFrozen(first.contextFields[0]) && Object.isFrozen(first.tagTypes[0]), 'down to the records read from other tables')
  t.throws(() => (first.features as unknown[]).push({}), TypeError, 'changing it throws')
  t.not(right(cache(api.state(), { ...query, environment: 'production' })), first, 'another environment has its own')
})

t.test('a change to what an export read makes a new one; a change to anything else does not', async (t) => {
  const api = await store()
  const cache = exportResultsCache(exportSharing())
  const first = exportedBy(cache, t, api.state())
  ok(await api.features.update({ params: { projectId: 'default', featureName: 'other' }, body: { description: 'elsewhere' } }))
  t.equal(exportedBy(cache, t, api.state()), first, 'a feature outside the export changed: the same export')
  ok(await api.features.update({ params: { projectId: 'default', featureName: 'b' }, body: { description: 'changed' } }))
  const second = exportedBy(cache, t, api.state())
  t.equal(second.features[1]!.description, 'changed', 'an exported feature changed: a new export')
  t.equal(first.features[1]!.description, null, 'the earlier export keeps its values')
  ok(await api.segments.update({ params: { segmentId: '1' }, body: { name: 'beta', constraints: [{ contextName: 'tenant', operator: 'IN', values: ['other'] }] } }))
  const third = exportedBy(cache, t, api.state())
  t.same(third.segments[0]!.constraints[0]!.values, ['other'], 'a segment changed: a new export')
  ok(await api.contextFields.update({ params: { contextName: 'tenant' }, body: raw({ name: 'tenant', description: 'who pays' })}))
  t.equal(exportedBy(cache, t, api.state()).contextFields[0]!.description, 'who pays', 'a context field changed: a new export')
  const fourth = exportedBy(cache, t, api.state())
  ok(await api.tagTypes.create({ params: {}, body: { name: 'unused' } }))
  t.not(exportedBy(cache, t, api.state()), fourth, 'the tag types changed: a new export')
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'd' } }))
  const byProject = { environment: 'development', project: 'default' }
  const all = exportedBy(cache, t, api.state(), byProject)
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'e' } }))
  t.equal(exportedBy(cache, t, api.state(), byProject).features.length, all.features.length + 1, 'a feature added to the project: a new export')
})

t.test('a query is not answered from a project that is gone', async (t) => {
  const { api } = await makeApi()
  const cache = exportResultsCache(exportSharing())
  ok(await api.projects.create({ params: {}, body: { id: 'empty', name: 'Empty' } }))
  const q = { environment: 'development', project: 'empty' }
  const before = api.state()
  t.same(right(cache(before, q)).features, [], 'an empty project exports no features')
  // Projects cannot be deleted through the API; a state whose features are the same objects
  // but without the project stands for one that could.
  const { api: fresh } = await makeApi()
  const gone = cache({ ...before, projects: fresh.state().projects }, q)
  t.ok(E.isLeft(gone) && gone.left._tag === 'NotFoundError', 'without it, the export is a NotFoundError, as one made afresh')
})

t.test('the `keep` most recently used exports are kept, and none of more than `largest` features', async (t) => {
  const api = await store()
  const cache = exportResultsCache(exportSharing(), undefined, 2, 3)
  const state = api.state()
  const [a, b, c] = ['a', 'b', 'c'].map((name) => right(cache(state, { environment: 'development', features: [name] })))
  t.not(right(cache(state, { environment: 'development', features: ['a'] })), a, 'the least recently used was dropped, and made again')
  t.equal(right(cache(state, { environment: 'development', features: ['c'] })), c, 'the most recent is kept')
  t.not(b, undefined)
  const large = { environment: 'development', features: ['a', 'b', 'c', 'other'] }
  const first = right(cache(state, large))
  t.not(right(cache(state, large)), first, 'an export of more than `largest` features is made each time')
  t.notOk(Object.isFrozen(first.features), 'and not frozen: nobody else holds it')
  t.same(first, right(exportOf(state, large)), 'equal to one made afresh')
})

t.test('through the facade and over HTTP, a repeated export answers the same, and a change shows at once', async (t) => {
  const api = await store()
  const body = { environment: 'development', features: ['a', 'b'] }
  const first = ok(await api.batch.exportFeatures({ params: {}, body })).body
  const second = ok(await api.batch.exportFeatures({ params: {}, body })).body
  t.equal(second, first, 'the same frozen export')
  t.equal(api.events(2).filter((e) => e.type === 'features-exported').length, 2, 'each export is still recorded')
  ok(await api.strategies.add({ params: at('a'), body: { name: 'default' } }))
  const third = ok(await api.batch.exportFeatures({ params: {}, body })).body
  t.equal(third.featureStrategies.length, first.featureStrategies.length + 1, 'the new strategy is in the next export')
})
