import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { importFeaturesOp } from '../../src/api/operations/batch-import.js'
import { createSegmentOp } from '../../src/api/operations/segments.js'
import { addFeatureTagOp, createTagTypeOp, deleteTagOp } from '../../src/api/operations/tags.js'
import { createFeatureOp, updateFeatureOp } from '../../src/api/operations/features.js'
import { addStrategyOp } from '../../src/api/operations/strategies.js'
import { deleteSegmentOp } from '../../src/api/operations/segments.js'
import { replaceStateOp } from '../../src/api/operations/state.js'
import { internalsOf } from '../../src/api/internals.js'
import { err, makeApi, ok } from '../support/api.js'

/** An import whose strategy uses the segment `beta` by name only: it must exist by then. */
const importUsingBeta = {
  op: importFeaturesOp,
  request: {
    params: {},
    body: {
      project: 'default',
      environment: 'development',
      data: {
        features: [{ name: 'checkout' }],
        featureStrategies: [{ name: 'default', featureName: 'checkout', segments: [7] }],
        tagTypes: [],
        segments: [{ id: 7, name: 'beta' }],
      },
    },
  },
}
const createBeta = { op: createSegmentOp, request: { params: {}, body: { name: 'beta', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] } } }
const createArea = { op: createTagTypeOp, request: { params: {}, body: { name: 'area' } } }

t.test('steps run on what the steps before them made, and commit once', async (t) => {
  const { api } = await makeApi()
  const version = internalsOf(api).storage.head().version
  ok(await internalsOf(api).runAll([createArea, createBeta, importUsingBeta]))
  t.equal(internalsOf(api).storage.head().version, version + 1, 'one commit')
  const beta = ok(await api.segments.list({})).segments.find((s) => s.name === 'beta')!
  const flag = ok(await api.features.get({ params: { projectId: 'default', featureName: 'checkout' } }))
  t.same(flag.environments.find((e) => e.name === 'development')!.strategies.map((s) => s.segments), [[beta.id]], 'the import found the segment made two steps before')
  t.ok(E.isRight(await api.tagTypes.get({ params: { name: 'area' } })))
})

t.test('a refused step leaves the store as it was and is named by its index', async (t) => {
  const { api } = await makeApi()
  const before = api.state()
  const refused = err(await internalsOf(api).runAll([createArea, createBeta, { ...createBeta, request: { params: {}, body: { name: 'beta', constraints: 'none' } } }]))
  t.equal(refused.index, 2)
  t.match(refused.error, { _tag: 'ValidationError', details: [{ path: '/body/constraints' }] })
  t.equal(api.state(), before, 'nothing committed')

  const conflicting = err(await internalsOf(api).runAll([createArea, createArea]))
  t.match(conflicting, { index: 1, error: { _tag: 'NameExistsError' } })
  t.equal(api.state(), before)
})

t.test('without commit the steps are checked and dropped', async (t) => {
  const { api } = await makeApi()
  const before = api.state()
  ok(await internalsOf(api).runAll([createBeta, importUsingBeta], false))
  t.equal(api.state(), before, 'nothing committed')
  t.match(err(await internalsOf(api).runAll([importUsingBeta], false)), { index: 0, error: { _tag: 'ValidationError' } }, 'the segment is not there without its step')
})

t.test('steps that are not steps are a ValidationError, not an exception', async (t) => {
  const { api } = await makeApi()
  const { runAll } = internalsOf(api)
  const run = runAll as (steps: unknown) => ReturnType<typeof runAll>
  t.match(err(await run('nope')), { error: { _tag: 'ValidationError' } })
  t.match(err(await run([createArea, { op: { kind: 'read' } }])), { index: 1, error: { _tag: 'ValidationError' } })
  t.match(err(await run([{ op: createTagTypeOp, request: 7 }])), { index: 0, error: { _tag: 'ValidationError' } })
})

const createCheckout = { op: createFeatureOp, request: { params: { projectId: 'default' }, body: { name: 'checkout' } } }

t.test('a whole-store scan in a later step reads what the steps before it made', async (t) => {
  const { api } = await makeApi()
  const beta = ok(await api.segments.create({ body: { name: 'beta', constraints: [] } }))
  const before = api.state()
  const useBeta = { op: addStrategyOp, request: { params: { projectId: 'default', featureName: 'checkout', environment: 'development' }, body: { name: 'default', segments: [beta.id] } } }
  const deleteBeta = { op: deleteSegmentOp, request: { params: { segmentId: String(beta.id) } } }
  const refused = err(await internalsOf(api).runAll([createCheckout, useBeta, deleteBeta]))
  t.match(refused, { index: 2, error: { _tag: 'ConflictError', details: [{ message: /strategy .* of feature "checkout"/ }] } }, 'the scan found the strategy of step 1')
  t.equal(api.state(), before, 'nothing committed')

  // Step 2 scans for the tag's carriers (the feature tagged in step 1), and step 3 changes that feature again.
  const version = internalsOf(api).storage.head().version
  ok(await internalsOf(api).runAll([
    createCheckout,
    { op: addFeatureTagOp, request: { params: { featureName: 'checkout' }, body: { type: 'simple', value: 'xy' } } },
    { op: deleteTagOp, request: { params: { type: 'simple', value: 'xy' } } },
    { op: updateFeatureOp, request: { params: { projectId: 'default', featureName: 'checkout' }, body: { description: 'after the scan' } } },
  ]))
  t.equal(internalsOf(api).storage.head().version, version + 1, 'one commit')
  const checkout = ok(await api.features.get({ params: { projectId: 'default', featureName: 'checkout' } }))
  t.same(checkout.tags ?? [], [], 'the tag left the feature the scan found')
  t.equal(checkout.description, 'after the scan')
  t.notOk([...api.state().tags.rows()].some((tag) => tag.value === 'xy'), 'the tag is gone')
})

t.test('a system step replaces the whole state, only when the batch admits system steps', async (t) => {
  const { api } = await makeApi()
  const start = api.state()
  ok(await api.tagTypes.create({ body: { name: 'area' } }))
  const replace = { op: replaceStateOp(start), request: { params: {} } }
  t.match(err(await internalsOf(api).runAll([replace])), { index: 0, error: { _tag: 'NoAccessError' } }, 'refused to a caller')
  const storage = internalsOf(api).storage
  const done = internalsOf(api).runAll([replace, createArea], true, { asSystem: true, onHead: true })
  t.ok(storage.head().state!.tagTypes.has('area') && storage.head().state !== start, 'the head moved before the promise settled')
  ok(await done)
  t.ok(E.isRight(await api.tagTypes.get({ params: { name: 'area' } })), 'the step after the replacement applied to it')
  ok(await internalsOf(api).runAll([replace], true, { asSystem: true, onHead: true }))
  t.equal(api.state(), start, 'the replacing state itself')
})
