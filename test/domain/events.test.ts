import t from 'tap'
import { makeApi, ok, err } from '../support/api.js'

t.test('events are listed newest first and filtered by project, feature and type', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'a' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'b' } }))
  ok(await api.features.update({ params: { projectId: 'default', featureName: 'a' }, body: { stale: true } }))
  const all = ok(await api.instance.listEvents({ params: {} }))
  t.same(all.events.map((e) => [e.type, e.featureName]), [
    ['feature-metadata-updated', 'a'],
    ['feature-created', 'b'],
    ['feature-created', 'a'],
  ])
  t.equal(all.totalEvents, 3)
  t.same(ok(await api.instance.listEvents({ params: {}, query: { feature: 'a' } })).events.map((e) => e.type), ['feature-metadata-updated', 'feature-created'])
  t.same(ok(await api.instance.listEvents({ params: {}, query: { type: 'feature-created', limit: '1' } })).events.map((e) => e.featureName), ['b'])
  t.equal(ok(await api.instance.listEvents({ params: {}, query: { project: 'elsewhere' } })).events.length, 0)
  t.match(all.events[0], { id: 3, createdBy: 'unknown', createdByUserId: -1, createdAt: '2026-01-01T00:00:00.000Z' })
})

t.test('a limit that is not an integer from 1 to 1000 is refused', async (t) => {
  const { api } = await makeApi()
  for (const limit of ['0', '1001', 'ten', '1.5']) {
    const e = err(await api.instance.listEvents({ params: {}, query: { limit } }))
    t.equal(e._tag, 'ValidationError')
    t.same(e.details.map((d) => d.path), ['/query/limit'])
  }
})

t.test('events are kept up to the retention; the oldest go first', async (t) => {
  const { api } = await makeApi({ config: { eventRetention: 300 } })
  for (let i = 0; i < 700; i++) ok(await api.features.create({ params: { projectId: 'default' }, body: { name: `f${i}` } }))
  const kept = api.events(10_000)
  t.equal(kept.length, 300)
  t.equal(kept[0]!.featureName, 'f699')
  t.equal(kept.find((e) => e.featureName === 'f0'), undefined)
})

t.test('a retention that is not a count is refused when the facade is created; Infinity keeps every event', async (t) => {
  for (const bad of [-1, Number.NaN, 2.5, '5']) {
    await t.rejects(makeApi({ config: { eventRetention: bad as number } }), /eventRetention must be a whole number of 0 or more, or Infinity/)
  }
  const { api } = await makeApi({ config: { eventRetention: Infinity } })
  for (let i = 0; i < 70; i++) ok(await api.features.create({ params: { projectId: 'default' }, body: { name: `f${i}` } }))
  t.equal(api.events(1000).length, 70)
  const { api: none } = await makeApi({ config: { eventRetention: 0 } })
  ok(await none.features.create({ params: { projectId: 'default' }, body: { name: 'f' } }))
  t.same(none.events(10), [], 'a retention of 0 keeps none')
})
