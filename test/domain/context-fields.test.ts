import t, { type Test } from 'tap'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

type Api = Awaited<ReturnType<typeof makeApi>>['api']

const refused = async (t: Test, api: Api, call: () => Promise<unknown>, tag: string, paths: (string | undefined)[]) => {
  const before = plain(api.state())
  const e = err((await call()) as never) as { _tag: string; message: string; details: { path?: string; message: string }[] }
  t.equal(e._tag, tag)
  t.same(e.details.map((d) => d.path), paths)
  t.same(plain(api.state()), before, 'the store is unchanged')
  return e
}

t.test('the seeded context fields are listed by name, as Unleash lists them', async (t) => {
  const { api } = await makeApi()
  const seeded = ok(await api.contextFields.list({ params: {} }))
  t.same(seeded.map((f) => f.name), ['appName', 'currentTime', 'environment', 'remoteAddress', 'sessionId', 'userId'])
  t.same(seeded.filter((f) => f.stickiness).map((f) => f.name), ['sessionId'], 'sessionId is a stickiness field, as Unleash seeds it')
})

t.test('a context field is created with defaults, read, updated partially and deleted, each recorded', async (t) => {
  const { api } = await makeApi()
  const created = ok(await api.contextFields.create({ params: {}, body: { name: 'tenant' } }))
  t.same(created, { name: 'tenant', description: null, stickiness: false, sortOrder: 0, legalValues: [], createdAt: '2026-01-01T00:00:00.000Z' }, "Unleash 8.2's defaults")
  t.match(api.events(1)[0], { type: 'context-field-created', data: { name: 'tenant' } })
  const full = ok(
    await api.contextFields.create({
      params: {},
      body: { name: 'region', description: 'where', stickiness: true, sortOrder: 1, legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'us' }], project: 'default' },
    }),
  )
  t.same(full, { name: 'region', description: 'where', stickiness: true, sortOrder: 1, legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'us' }], createdAt: '2026-01-01T00:00:00.000Z', project: 'default' })
  t.same(ok(await api.contextFields.get({ params: { contextName: 'region' } })), full)
  const updated = ok(await api.contextFields.update({ params: { contextName: 'region' }, body: { legalValues: [{ value: 'apac' }] } }))
  t.same([updated.description, updated.stickiness, updated.sortOrder, updated.legalValues], ['where', true, 1, [{ value: 'apac' }]], 'fields not sent are kept')
  t.match(api.events(1)[0], { type: 'context-field-updated', preData: { legalValues: [{ value: 'eu' }, { value: 'us' }] }, data: { legalValues: [{ value: 'apac' }] } })
  ok(await api.contextFields.delete({ params: { contextName: 'tenant' } }))
  t.match(api.events(1)[0], { type: 'context-field-deleted', preData: { name: 'tenant' } })
  t.equal(err(await api.contextFields.get({ params: { contextName: 'tenant' } })).message, 'Could not find context field with name tenant', "Unleash's words")
})

t.test('creating: 409 for a taken name; 400 for a bad name, duplicate legal values or an unknown project', async (t) => {
  const { api } = await makeApi()
  const taken = await refused(t, api, () => api.contextFields.create({ params: {}, body: { name: 'userId' } }), 'NameExistsError', [undefined])
  t.equal(taken.message, 'A context field with that name already exist', "Unleash's words, as written there")
  await refused(t, api, () => api.contextFields.create({ params: {}, body: raw({ name: 'has space', sortOrder: 1.5, stickiness: 'yes' })}), 'ValidationError', ['/body/name', '/body/stickiness', '/body/sortOrder'])
  await refused(
    t,
    api,
    () => api.contextFields.create({ params: {}, body: { name: 'tier', project: 'nowhere', legalValues: [{ value: 'gold' }, { value: 'silver' }, { value: 'gold' }] } }),
    'ValidationError',
    ['/body/project', '/body/legalValues/2/value'],
  )
  await refused(t, api, () => api.contextFields.create({ params: {}, body: { name: 'tier', legalValues: [{ value: '' }] } }), 'ValidationError', ['/body/legalValues/0/value'])
})

t.test('updating and deleting an unknown field is 404; duplicate legal values are refused', async (t) => {
  const { api } = await makeApi()
  await refused(t, api, () => api.contextFields.update({ params: { contextName: 'nope' }, body: {} }), 'NotFoundError', [undefined])
  await refused(t, api, () => api.contextFields.delete({ params: { contextName: 'nope' } }), 'NotFoundError', [undefined])
  await refused(t, api, () => api.contextFields.update({ params: { contextName: 'appName' }, body: { legalValues: [{ value: 'a' }, { value: 'a' }] } }), 'ValidationError', ['/body/legalValues/1/value'])
})

t.test('a context field in use by a constraint, a stickiness, a variant or a segment cannot be deleted', async (t) => {
  const { api } = await makeApi()
  for (const name of ['tenant', 'sticky', 'variantSticky', 'override', 'segmentField']) ok(await api.contextFields.create({ params: {}, body: { name } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  const path = { projectId: 'default', featureName: 'flag', environment: 'development' }
  const s = ok(
    await api.strategies.add({
      params: path,
      body: { name: 'flexibleRollout', parameters: { rollout: '50', stickiness: 'sticky', groupId: 'flag' }, constraints: [{ contextName: 'tenant', operator: 'IN', values: ['a'] }] },
    }),
  )
  ok(
    await api.features.setVariants({
      params: { projectId: 'default', featureName: 'flag' },
      body: { environments: ['production'], variants: [{ name: 'v', weight: 1000, stickiness: 'variantSticky', overrides: [{ contextName: 'override', values: ['x'] }] }] },
    }),
  )
  ok(await api.segments.create({ params: {}, body: { name: 'seg', constraints: [{ contextName: 'segmentField', operator: 'IN', values: ['1'] }] } }))
  const tenant = await refused(t, api, () => api.contextFields.delete({ params: { contextName: 'tenant' } }), 'ConflictError', [undefined])
  t.equal(tenant.message, 'This context field is in use by existing flags. To delete it, first remove its usage from all flags.', "Unleash's 409 and words")
  t.same(tenant.details.map((d) => d.message), [`Used by strategy ${s.id} of feature "flag" in environment "development".`])
  await refused(t, api, () => api.contextFields.delete({ params: { contextName: 'sticky' } }), 'ConflictError', [undefined])
  const variant = await refused(t, api, () => api.contextFields.delete({ params: { contextName: 'variantSticky' } }), 'ConflictError', [undefined])
  t.same(variant.details.map((d) => d.message), ['Used by the variants of feature "flag" in environment "production".'])
  await refused(t, api, () => api.contextFields.delete({ params: { contextName: 'override' } }), 'ConflictError', [undefined])
  const segment = await refused(t, api, () => api.contextFields.delete({ params: { contextName: 'segmentField' } }), 'ConflictError', [undefined])
  t.same(segment.details.map((d) => d.message), ['Used by segment 1 ("seg").'])
})

t.test("the list counts the live projects and features whose constraints name each field, as Unleash's does", async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'shop', name: 'Shop' } }))
  const constrained = (contextName: string) => ({ name: 'default', constraints: [{ contextName, operator: 'IN' as const, values: ['x'] }] })
  for (const [projectId, featureName, field] of [['default', 'a', 'region'], ['default', 'b', 'region'], ['shop', 'c', 'region'], ['shop', 'd', 'tenant']] as const) {
    ok(await api.features.create({ params: { projectId }, body: { name: featureName } }))
    ok(await api.strategies.add({ params: { projectId, featureName, environment: 'development' }, body: constrained(field) }))
    ok(await api.strategies.add({ params: { projectId, featureName, environment: 'production' }, body: constrained(field) }))
  }
  for (const name of ['region', 'tenant', 'unused']) ok(await api.contextFields.create({ params: {}, body: { name } }))
  ok(await api.features.archive({ params: { projectId: 'shop', featureName: 'd' } }))
  const listed = ok(await api.contextFields.list({ params: {} }))
  const counts = Object.fromEntries(listed.map((f) => [f.name, [f.usedInProjects, f.usedInFeatures]]))
  t.same([counts.region, counts.tenant, counts.unused], [[2, 3], [0, 0], [0, 0]], 'distinct projects and features; archived ones not counted')
  t.same(Object.keys(listed.find((f) => f.name === 'region')!), ['name', 'description', 'stickiness', 'sortOrder', 'legalValues', 'createdAt', 'usedInProjects', 'usedInFeatures'], "Unleash's key order")
})

t.test('__proto__ and constructor are ordinary context field names', async (t) => {
  const { api } = await makeApi()
  for (const name of ['__proto__', 'constructor']) ok(await api.contextFields.create({ params: {}, body: { name, sortOrder: -1 } }))
  t.same(ok(await api.contextFields.list({ params: {} })).slice(0, 2).map((f) => f.name), ['__proto__', 'appName'])
  ok(await api.contextFields.update({ params: { contextName: '__proto__' }, body: { description: 'odd' } }))
  t.equal(ok(await api.contextFields.get({ params: { contextName: '__proto__' } })).description, 'odd')
  ok(await api.contextFields.delete({ params: { contextName: 'constructor' } }))
  t.equal(api.state().contextFields.size, 7)
})

t.test('a legal value is added, its description changed, and removed, one at a time, as Unleash does', async (t) => {
  const { api } = await makeApi()
  ok(await api.contextFields.create({ params: {}, body: { name: 'region', legalValues: [{ value: 'eu' }] } }))
  const params = { contextName: 'region' }
  const values = async () => ok(await api.contextFields.get({ params })).legalValues
  ok(await api.contextFields.setLegalValue({ params, body: { value: 'us', description: 'United States' } }))
  t.same(await values(), [{ value: 'eu' }, { value: 'us', description: 'United States' }], 'added last')
  t.match(api.events(1)[0], { type: 'context-field-updated', preData: { legalValues: [{ value: 'eu' }] }, data: { legalValues: [{ value: 'eu' }, { value: 'us' }] } })
  ok(await api.contextFields.setLegalValue({ params, body: { value: 'us', description: 'changed' } }))
  t.same(await values(), [{ value: 'eu' }, { value: 'us', description: 'changed' }], 'the same value: its description changes, in its place')
  const unchanged = plain(api.state())
  ok(await api.contextFields.setLegalValue({ params, body: { value: 'us', description: 'changed' } }))
  ok(await api.contextFields.removeLegalValue({ params: { ...params, legalValue: 'absent' } }))
  t.same(plain(api.state()), unchanged, 'sending a value as it is, or removing one the field lacks, changes and records nothing')
  ok(await api.contextFields.removeLegalValue({ params: { ...params, legalValue: 'us' } }))
  t.same(await values(), [{ value: 'eu' }])

  t.match(err(await api.contextFields.setLegalValue({ params: { contextName: 'ghost' }, body: { value: 'x' } })), { _tag: 'NotFoundError', message: 'Could not find context field with name ghost' })
  t.match(err(await api.contextFields.removeLegalValue({ params: { contextName: 'ghost', legalValue: 'x' } })), { _tag: 'NotFoundError' })
  t.same(err(await api.contextFields.setLegalValue({ params, body: { value: 'x', extra: 1 } as never })).details.map((d) => d.path), ['/body/extra'], "other properties are refused, as Unleash's schema refuses them")
  t.same(err(await api.contextFields.setLegalValue({ params, body: { value: '' } })).details.map((d) => d.path), ['/body/value'])
})
