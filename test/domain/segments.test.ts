import * as E from 'fp-ts/lib/Either.js'
import t, { type Test } from 'tap'
import type { AuthPort } from '../../src/ports/auth.js'
import { makeApi, ok, err, plain } from '../support/api.js'
import { raw } from '../support/raw.js'
import { internalsOf } from '../../src/api/internals.js'

type Api = Awaited<ReturnType<typeof makeApi>>['api']

const beta = { name: 'beta-users', description: 'early adopters', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }] }
const path = { projectId: 'default', featureName: 'flag', environment: 'development' }

const refused = async (t: Test, api: Api, call: () => Promise<unknown>, tag: string, paths: (string | undefined)[]) => {
  const before = plain(api.state())
  const e = err((await call()) as never) as { _tag: string; message: string; details: { path?: string; message: string }[] }
  t.equal(e._tag, tag)
  t.same(e.details.map((d) => d.path), paths)
  t.same(plain(api.state()), before, 'the store is unchanged')
  return e
}

t.test('a segment is created with the next id, listed, read, updated and deleted, each recorded', async (t) => {
  const { api } = await makeApi()
  const created = ok(await api.segments.create({ params: {}, body: raw(beta)}))
  t.same(Object.entries(created), Object.entries({
    id: 1,
    name: 'beta-users',
    description: 'early adopters',
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'], caseInsensitive: false, inverted: false }],
    createdBy: 'unknown',
    createdAt: '2026-01-01T00:00:00.000Z',
  }), "Unleash's keys in its order: no project when it has none")
  t.match(api.events(1)[0], { type: 'segment-created', data: { id: 1, name: 'beta-users' } })
  const second = ok(await api.segments.create({ params: {}, body: { name: 'by-version', constraints: [{ contextName: 'version', operator: 'SEMVER_GT', value: '1.0.0' }], project: 'default' } }))
  t.equal(second.id, 2)
  t.equal(second.project, 'default')
  t.same(ok(await api.segments.list({ params: {} })).segments.map((s) => [s.name, s.usedInProjects, s.usedInFeatures]), [['beta-users', 0, 0], ['by-version', 0, 0]], 'by name, with their use')
  t.same(ok(await api.segments.get({ params: { segmentId: '1' } })), created)
  const updated = ok(await api.segments.update({ params: { segmentId: '1' }, body: { name: 'beta', constraints: [] } }))
  t.same([updated.id, updated.name, updated.description, updated.constraints], [1, 'beta', 'early adopters', []], 'the description left out is kept, as in Unleash')
  t.match(api.events(1)[0], { type: 'segment-updated', preData: { name: 'beta-users' }, data: { name: 'beta' } })
  ok(await api.segments.delete({ params: { segmentId: '1' } }))
  t.match(api.events(1)[0], { type: 'segment-deleted', preData: { id: 1 } })
  t.same(ok(await api.segments.list({ params: {} })).segments.map((s) => s.id), [2])
  const third = ok(await api.segments.create({ params: {}, body: raw(beta)}))
  t.equal(third.id, 3, 'ids are never reused')
})

t.test('unknown segment ids are 404 for get, update and delete; ids that are not integers 400', async (t) => {
  const { api } = await makeApi()
  for (const segmentId of ['1', '-2']) {
    const e = err(await api.segments.get({ params: { segmentId } }))
    t.same([e._tag, e.message], ['NotFoundError', `No segment exists with ID "${segmentId}"`], "Unleash's words")
    await refused(t, api, () => api.segments.update({ params: { segmentId }, body: raw(beta)}), 'NotFoundError', [undefined])
    await refused(t, api, () => api.segments.delete({ params: { segmentId } }), 'NotFoundError', [undefined])
  }
  // Unleash's schema declares the id an integer: anything else is a 400 naming it.
  for (const segmentId of ['abc', '__proto__']) {
    await refused(t, api, () => api.segments.get({ params: { segmentId } }), 'ValidationError', ['/params/segmentId'])
    await refused(t, api, () => api.segments.update({ params: { segmentId }, body: raw(beta)}), 'ValidationError', ['/params/segmentId'])
    await refused(t, api, () => api.segments.delete({ params: { segmentId } }), 'ValidationError', ['/params/segmentId'])
  }
})

t.test('segment names are unique; constraints are checked like a strategy\'s; the project must exist', async (t) => {
  const { api } = await makeApi()
  ok(await api.segments.create({ params: {}, body: raw(beta)}))
  const other = ok(await api.segments.create({ params: {}, body: { name: 'other', constraints: [] } }))
  const taken = await refused(t, api, () => api.segments.create({ params: {}, body: raw(beta)}), 'NameExistsError', [undefined])
  t.equal(taken.message, 'Segment name already exists', "Unleash's words")
  await refused(t, api, () => api.segments.update({ params: { segmentId: String(other.id) }, body: raw(beta)}), 'NameExistsError', [undefined])
  ok(await api.segments.update({ params: { segmentId: '1' }, body: raw({ ...beta, description: 'same name is fine for itself' })}))
  await refused(
    t,
    api,
    () => api.segments.create({ params: {}, body: { name: 'bad', project: 'nowhere', constraints: [{ contextName: 'n', operator: 'NUM_GT', value: 'ten' }, { contextName: 'u', operator: 'IN', values: [] }] } }),
    'ValidationError',
    ['/body/project', '/body/constraints/0/value', '/body/constraints/1/values'],
  )
  await refused(t, api, () => api.segments.create({ params: {}, body: raw({ name: '  ', constraints: [{ contextName: 'u', operator: 'LIKE' }] })}), 'ValidationError', ['/body/name', '/body/constraints/0/operator'])
  await refused(t, api, () => api.segments.create({ params: {}, body: raw({ name: 'no-constraints' })}), 'ValidationError', ['/body/constraints'])
})

t.test('limits: at most `segments` segments and `segmentValues` values in one segment', async (t) => {
  const { api } = await makeApi({ config: { resourceLimits: { segments: 1, segmentValues: 3, constraintValues: 1 } } })
  const values = (n: number) => Array.from({ length: n }, (_, i) => String(i))
  // Three values in one constraint: over constraintValues, but a segment answers to segmentValues.
  ok(await api.segments.create({ params: {}, body: { name: 'three', constraints: [{ contextName: 'userId', operator: 'IN', values: values(3) }] } }))
  const many = await refused(t, api, () => api.segments.create({ params: {}, body: { name: 'second', constraints: [] } }), 'ExceedsLimitError', [undefined])
  t.equal(many.message, "Failed to create segment. You can't create more than the established limit of 1.")
  const over = await refused(
    t,
    api,
    () => api.segments.update({ params: { segmentId: '1' }, body: { name: 'three', constraints: [{ contextName: 'userId', operator: 'IN', values: values(2) }, { contextName: 'appName', operator: 'IN', values: values(2) }] } }),
    'ExceedsLimitError',
    [undefined],
  )
  t.equal(over.message, "Failed to create segment values. You can't create more than the established limit of 3.")
})

t.test("the list is by name and counts the live projects and features whose strategies use each segment, as Unleash's does", async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'shop', name: 'Shop' } }))
  const zeta = ok(await api.segments.create({ params: {}, body: { name: 'zeta', constraints: [] } }))
  const alpha = ok(await api.segments.create({ params: {}, body: { name: 'alpha', constraints: [] } }))
  for (const [projectId, featureName, segment] of [['default', 'a', zeta.id], ['default', 'b', zeta.id], ['shop', 'c', zeta.id], ['shop', 'd', alpha.id]] as const) {
    ok(await api.features.create({ params: { projectId }, body: { name: featureName } }))
    for (const environment of ['development', 'production']) ok(await api.strategies.add({ params: { projectId, featureName, environment }, body: { name: 'default', segments: [segment] } }))
  }
  ok(await api.features.archive({ params: { projectId: 'shop', featureName: 'd' } }))
  const listed = ok(await api.segments.list({ params: {} })).segments
  t.same(listed.map((s) => [s.name, s.usedInProjects, s.usedInFeatures]), [['alpha', 0, 0], ['zeta', 2, 3]], 'archived features not counted')
  ok(await api.strategies.add({ params: { projectId: 'default', featureName: 'a', environment: 'development' }, body: { name: 'default', segments: [alpha.id] } }))
  t.same(ok(await api.segments.list({ params: {} })).segments.map((s) => s.usedInFeatures), [1, 3], 'counted afresh after a change')
})

t.test('strategies use segments by id; a segment in use cannot be deleted', async (t) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  const segment = ok(await api.segments.create({ params: {}, body: raw(beta)}))
  const strategy = ok(await api.strategies.add({ params: path, body: { name: 'default', segments: [segment.id] } }))
  t.same(strategy.segments, [1])
  await refused(t, api, () => api.strategies.add({ params: path, body: { name: 'default', segments: [99] } }), 'NotFoundError', [undefined])
  const inUse = await refused(t, api, () => api.segments.delete({ params: { segmentId: '1' } }), 'ConflictError', [undefined])
  t.equal(inUse.message, 'Segment 1 is in use; remove it from these strategies first.')
  t.same(inUse.details.map((d) => d.message), [`Used by strategy ${strategy.id} of feature "flag" in environment "development".`])
  // Archived features keep their strategies, and can be revived: still in use.
  ok(await api.features.archive({ params: { projectId: 'default', featureName: 'flag' } }))
  await refused(t, api, () => api.segments.delete({ params: { segmentId: '1' } }), 'ConflictError', [undefined])
  ok(await api.features.revive({ params: { featureName: 'flag' } }))
  ok(await api.strategies.delete({ params: { ...path, strategyId: strategy.id } }))
  ok(await api.segments.delete({ params: { segmentId: '1' } }))
})

t.test('a segment used in one project cannot be moved into another', async (t) => {
  const { api } = await makeApi()
  ok(await api.projects.create({ params: {}, body: { id: 'other', name: 'Other' } }))
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  ok(await api.segments.create({ params: {}, body: raw(beta)}))
  ok(await api.strategies.add({ params: path, body: { name: 'default', segments: [1] } }))
  const e = await refused(t, api, () => api.segments.update({ params: { segmentId: '1' }, body: raw({ ...beta, project: 'other' })}), 'ValidationError', ['/body/project'])
  t.match(e.details[0]!.message, /cannot move to project "other".*feature "flag".*\(project "default"\)/)
  t.equal(ok(await api.segments.update({ params: { segmentId: '1' }, body: raw({ ...beta, project: 'default' })})).project, 'default')
})

t.test('segments need CREATE_SEGMENT to be created', async (t) => {
  const { api } = await makeApi()
  const auth: AuthPort = { authenticate: () => E.right({ kind: 'user', actor: { id: 3, name: 'v' }, permissions: ['UPDATE_SEGMENT'] }) }
  const { api: limited } = await makeApi({ auth, storage: internalsOf(api).storage })
  const e = await refused(t, api, () => limited.segments.create({ params: {}, body: raw(beta)}), 'NoAccessError', [undefined])
  t.match(e.message, /"CREATE_SEGMENT"/)
  t.same(ok(await limited.segments.list({ params: {} })), { segments: [] }, 'listing needs no permission')
})

t.test("the strategies using a segment or a context field, and a strategy's segments, as Unleash's UI lists them", async (t) => {
  const { api } = await makeApi()
  const beta = ok(await api.segments.create({ params: {}, body: { name: 'beta', constraints: [] } }))
  const gamma = ok(await api.segments.create({ params: {}, body: { name: 'gamma', constraints: [] } }))
  for (const name of ['b-flag', 'a-flag']) ok(await api.features.create({ params: { projectId: 'default' }, body: { name } }))
  const at = (featureName: string, environment = 'development') => ({ projectId: 'default', featureName, environment })
  const first = ok(await api.strategies.add({ params: at('b-flag'), body: { name: 'default', segments: [beta.id, gamma.id], constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }] } }))
  const second = ok(await api.strategies.add({ params: at('a-flag', 'production'), body: { name: 'flexibleRollout', segments: [beta.id] } }))
  const third = ok(await api.strategies.add({ params: at('a-flag'), body: { name: 'default', constraints: [{ contextName: 'appName', operator: 'IN', values: ['api'] }] } }))
  ok(await api.features.archive({ params: { projectId: 'default', featureName: 'a-flag' } }))

  t.same(ok(await api.segments.strategies({ params: { segmentId: String(beta.id) } })), {
    strategies: [
      { id: second.id, projectId: 'default', featureName: 'a-flag', strategyName: 'flexibleRollout', environment: 'production' },
      { id: first.id, projectId: 'default', featureName: 'b-flag', strategyName: 'default', environment: 'development' },
    ],
    changeRequestStrategies: [],
  }, 'by project, feature and environment; an archived feature\'s too, as in Unleash')
  t.match(err(await api.segments.strategies({ params: { segmentId: '99' } })), { _tag: 'NotFoundError', message: 'No segment exists with ID "99"' })

  t.same(ok(await api.segments.ofStrategy({ params: { strategyId: first.id } })).segments.map((s) => s.name), ['beta', 'gamma'])
  t.same(ok(await api.segments.ofStrategy({ params: { strategyId: 'ghost' } })), { segments: [] }, 'an unknown strategy has none, as in Unleash')

  t.same(ok(await api.contextFields.strategies({ params: { contextName: 'appName' } })).strategies.map((s) => [s.id, s.featureName]), [[third.id, 'a-flag'], [first.id, 'b-flag']], 'constraints on it')
  t.same(ok(await api.contextFields.strategies({ params: { contextName: 'ghost' } })), { strategies: [] })
})
