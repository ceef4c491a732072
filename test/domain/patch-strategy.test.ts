import t from 'tap'
import type { JsonPatch } from '../../src/model/json-patch.js'
import { err, makeApi, ok, plain } from '../support/api.js'
import { raw } from '../support/raw.js'

const path = { projectId: 'default', featureName: 'flag', environment: 'development' }

const seeded = async () => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'flag' } }))
  const strategy = ok(
    await api.strategies.add({
      params: path,
      body: { name: 'flexibleRollout', parameters: { rollout: '50' }, constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }] },
    }),
  )
  return { api, params: { ...path, strategyId: strategy.id }, strategy }
}

t.test('a JSON Patch of a strategy changes what it names and saves the rest as it was, as Unleash applies one', async (t) => {
  const { api, params, strategy } = await seeded()
  const patched = ok(
    await api.strategies.patch({
      params,
      body: [
        { op: 'test', path: '/parameters/rollout', value: '50' },
        { op: 'replace', path: '/parameters/rollout', value: '75' },
        { op: 'add', path: '/constraints/-', value: { contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['web'] } },
        { op: 'replace', path: '/title', value: 'Half' },
        { op: 'add', path: '/variants/0', value: { name: 'v', weight: 0, weightType: 'variable', stickiness: 'default' } },
      ],
    }),
  )
  t.same(patched, {
    ...strategy,
    title: 'Half',
    parameters: { rollout: '75', stickiness: 'default', groupId: 'flag' },
    constraints: [...strategy.constraints, { contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['web'], caseInsensitive: false, inverted: false }],
    variants: [{ name: 'v', weight: 1000, weightType: 'variable', stickiness: 'default' }],
  })
  t.same(ok(await api.strategies.get({ params })), patched, 'stored as answered')
  t.match(api.events(1)[0], { type: 'feature-strategy-update', environment: 'development', data: { title: 'Half' }, preData: { title: null } })

  const same = ok(await api.strategies.patch({ params, body: [{ op: 'replace', path: '/id', value: 'other' }, { op: 'replace', path: '/featureName', value: 'other' }] }))
  t.same([same.id, same.featureName], [strategy.id, 'flag'], 'its id and feature stay its own, as in Unleash')
  const removed = ok(await api.strategies.patch({ params, body: [{ op: 'remove', path: '/constraints/0' }, { op: 'remove', path: '/title' }, { op: 'move', from: '/parameters/rollout', path: '/parameters/old' }] }))
  t.same([removed.constraints.map((c) => c.contextName), removed.title], [['appName'], null])
  t.same(removed.parameters, { old: '75', stickiness: 'default', groupId: 'flag', rollout: '100' }, "a flexibleRollout's missing rollout gets its default, as a PUT's does")
})

t.test('a patch that cannot be applied, or whose result is refused, is a 400 at the operation to blame, and changes nothing', async (t) => {
  const { api, params } = await seeded()
  const before = plain(api.state())
  const cases: [string, unknown, string[]][] = [
    ['a path the strategy lacks', [{ op: 'replace', path: '/parameters/nope/deeper', value: 1 }], ['/body/0/path']],
    ['a failed test', [{ op: 'test', path: '/title', value: 'x' }], ['/body/0/value']],
    ['an unknown operator, inside a value', [{ op: 'add', path: '/constraints/-', value: { contextName: 'a', operator: 'LIKE', values: ['x'] } }], ['/body/0/value/operator']],
    ['an unknown operator, at its field', [{ op: 'replace', path: '/constraints/0/operator', value: 'LIKE' }], ['/body/0/value']],
    ['a property Unleash refuses', [{ op: 'add', path: '/extra', value: 1 }], ['/body/0/value']],
    ['a property inside a constraint', [{ op: 'add', path: '/constraints/0/extra', value: 1 }], ['/body/0/value']],
    ['no name', [{ op: 'remove', path: '/name' }], ['/body/0/path']],
    ['a strategy type that does not exist', [{ op: 'replace', path: '/name', value: 'nope' }], ['/body/0/value']],
    ['a rollout past 100', [{ op: 'replace', path: '/parameters/rollout', value: '101' }], ['/body/0/value']],
    ['a value moved where it does not fit', [{ op: 'move', from: '/constraints', path: '/title' }], ['/body/0/from']],
    ['the whole strategy, not an object', [{ op: 'replace', path: '', value: [] }], ['/body/0/value']],
  ]
  for (const [what, body, paths] of cases) {
    const refused = err(await api.strategies.patch({ params, body: raw(body as JsonPatch)}))
    t.same([refused._tag, refused.details.map((d) => d.path)], ['ValidationError', paths], what)
  }
  t.match(err(await api.strategies.patch({ params, body: [{ op: 'add', path: '/constraints/0/extra', value: 1 }] })).details[0], {
    message: 'The strategy after the patch: The `/constraints/0` object does not allow additional properties. Your request included the `/constraints/0/extra` property.',
  })
  t.match(err(await api.strategies.patch({ params, body: [{ op: 'replace', path: '/segments', value: [42] }] })), { _tag: 'NotFoundError', message: 'No segment exists with ID "42"' })
  t.match(err(await api.strategies.patch({ params: { ...params, strategyId: 'nope' }, body: [] })), { _tag: 'NotFoundError', message: 'Could not find strategy with id=nope' })
  t.match(err(await api.strategies.patch({ params: { ...params, environment: 'staging' }, body: [] })), { _tag: 'NotFoundError' })
  t.same(plain(api.state()), before)
})
