import t from 'tap'
import { createAnswerCache } from '../../src/api/answer-cache.js'
import type { Feature } from '../../src/model/feature.js'
import { ok } from '../support/api.js'
import { FEATURES, serve } from './support.js'

/** A record with the given fields, in the given order (featureJson keeps any order). */
const record = (fields: Record<string, unknown>): Feature => fields as unknown as Feature

t.test('featureJson writes exactly what JSON.stringify writes', async (t) => {
  const { featureJson } = createAnswerCache()
  const environments = [{ name: 'development', strategies: [{ parameters: { 'a"b': '\u2028' } }] }]
  const cases: Record<string, Feature> = {
    'environments in the middle': record({ name: 'f', description: 'say "environments":[]', environments, variants: [], tags: [] }),
    'environments first': record({ environments, name: 'f' }),
    'environments last': record({ name: 'f', environments }),
    'environments alone': record({ environments }),
    'no environments': record({ name: 'f', environments: [] }),
    'fields left out of JSON': record({ name: 'f', archivedAt: undefined, environments, lastSeenAt: null }),
  }
  for (const [name, value] of Object.entries(cases)) {
    t.equal(featureJson(value), JSON.stringify(value), name)
    t.equal(featureJson(value), JSON.stringify(value), `${name}, written again`)
  }
})

t.test('over HTTP, feature answers are the JSON of the facade record, through every change', async (t) => {
  const s = await serve('fetch', { tokens: false })
  t.teardown(s.close)
  const PATH = `${FEATURES}/checkout`
  const DEV = `${PATH}/environments/development`
  const facade = async () => JSON.stringify(ok(await s.api.features.get({ params: { projectId: 'default', featureName: 'checkout' } })))
  const same = async (answer: { status: number; text: string }, status: number, what: string) => {
    t.equal(answer.status, status, `${what}: status`)
    t.equal(answer.text, await facade(), `${what}: body`)
  }
  // A write answers the record without this hour's usage counts, which only a read shows.
  const withoutUsage = (json: string) => JSON.stringify(JSON.parse(json), (key, value: unknown) => (key === 'yes' || key === 'no' ? undefined : value))
  const sameWritten = async (answer: { status: number; text: string }, status: number, what: string) => {
    t.equal(answer.status, status, `${what}: status`)
    t.equal(answer.text, withoutUsage(await facade()), `${what}: body`)
  }

  const created = await s.call('POST', FEATURES, { body: { name: 'checkout', description: 'new' } })
  t.equal(created.status, 201, 'created')
  await same(await s.call('GET', PATH), 200, 'read after the create')
  const strategy = await s.call('POST', `${DEV}/strategies`, { body: { name: 'flexibleRollout', parameters: { rollout: '50' } } })
  t.equal(strategy.status, 200)
  await same(await s.call('GET', PATH), 200, 'read')
  await sameWritten(await s.call('PUT', PATH, { body: { description: 'changed' } }), 200, 'description changed')
  await same(await s.call('GET', PATH), 200, 'read after the description')
  t.equal((await s.call('POST', `${DEV}/on`)).status, 200)
  await same(await s.call('GET', PATH), 200, 'read after enabling development')
  const variants = { environments: ['development'], variants: [{ name: 'red', weight: 1000, weightType: 'variable', stickiness: 'default' }] }
  const set = await s.call('PUT', `${PATH}/variants-batch`, { body: variants })
  t.same([set.status, set.json.version, set.json.variants.map((v: { name: string }) => v.name)], [200, 1, ['red']], 'variants set: answered as Unleash does')
  await same(await s.call('GET', PATH), 200, 'read after the variants')
  t.equal((await s.call('DELETE', `${DEV}/strategies/${strategy.json.id}`)).status, 200)
  await same(await s.call('GET', PATH), 200, 'read after removing the strategy')
  await sameWritten(await s.call('PUT', PATH, { body: { stale: true } }), 200, 'marked stale')

  const list = await s.call('GET', FEATURES)
  t.equal(list.text, JSON.stringify(ok(await s.api.features.listInProject({ params: { projectId: 'default' } }))), 'the list')
})
