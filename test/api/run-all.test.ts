import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { importFeaturesOp } from '../../src/api/operations/batch-import.js'
import { createSegmentOp } from '../../src/api/operations/segments.js'
import { createTagTypeOp } from '../../src/api/operations/tags.js'
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
