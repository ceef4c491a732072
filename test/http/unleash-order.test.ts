import t from 'tap'
import { FEATURES, serve, strategiesOf } from './support.js'

const EXPORT = '/api/admin/features-batch/export'

t.test("a feature's tags are listed, read and exported by type, then value, whatever order they were added in", async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  await s.call('POST', '/api/admin/tag-types', { body: { name: 'area' } })
  for (const [type, value] of [['simple', 'zeta'], ['simple', 'alpha'], ['area', 'payments'], ['simple', 'Mid']]) {
    t.equal((await s.call('POST', '/api/admin/features/checkout/tags', { body: { type, value } })).status, 201)
  }
  const order = [['area', 'payments'], ['simple', 'Mid'], ['simple', 'alpha'], ['simple', 'zeta']]
  const listed = await s.call('GET', '/api/admin/features/checkout/tags')
  t.same(listed.json.tags.map((x: { type: string; value: string }) => [x.type, x.value]), order, 'listed')
  const feature = await s.call('GET', `${FEATURES}/checkout`)
  t.same(feature.json.tags.map((x: { type: string; value: string }) => [x.type, x.value]), order, 'in the feature record')
  const exported = await s.call('POST', EXPORT, { body: { environment: 'development', features: ['checkout'] } })
  t.same(exported.json.featureTags.map((x: { tagType: string; tagValue: string }) => [x.tagType, x.tagValue]), order, 'exported')
})

t.test("exported strategies carry no sortOrder, as Unleash's don't, and keep their order through an import", async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  const first = (await s.call('POST', strategiesOf('checkout'), { body: { name: 'default', title: 'first' } })).json.id
  const second = (await s.call('POST', strategiesOf('checkout'), { body: { name: 'default', title: 'second' } })).json.id
  await s.call('POST', `${strategiesOf('checkout')}/set-sort-order`, { body: [{ id: first, sortOrder: 9 }, { id: second, sortOrder: 4 }] })
  const exported = await s.call('POST', EXPORT, { body: { environment: 'development', features: ['checkout'] } })
  t.same(exported.json.featureStrategies.map((x: object) => 'sortOrder' in x), [false, false])
  t.same(exported.json.featureStrategies.map((x: { title: string }) => x.title), ['second', 'first'], 'in their order')

  await s.call('POST', '/api/admin/projects', { body: { id: 'copy', name: 'Copy' } })
  const data = { ...exported.json, features: exported.json.features.map((f: object) => ({ ...f, project: 'copy' })) }
  await s.call('DELETE', `${FEATURES}/checkout`)
  await s.call('DELETE', '/api/admin/archive/checkout')
  t.equal((await s.call('POST', '/api/admin/features-batch/import', { body: { project: 'copy', environment: 'development', data } })).status, 200)
  const imported = await s.call('GET', '/api/admin/projects/copy/features/checkout/environments/development/strategies')
  t.same(imported.json.map((x: { title: string; sortOrder: number }) => [x.title, x.sortOrder]), [['second', 0], ['first', 1]], 'an import appends them in order')
})
