import t from 'tap'
import { plain } from '../support/api.js'
import { FEATURES, serve, strategiesOf } from './support.js'

const RULE = { contextName: 'userId', operator: 'IN', values: ['1'] }
const VARIANT = { name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default' }

/**
 * Where Unleash 8.2's schemas refuse other properties (a constraint, a variant, its override
 * and payload, a legal value, a tag, a project environment), an unknown property is a 400 at
 * its path, as the oracle answered each of these; the store is unchanged.
 */
const REFUSED: readonly [what: string, method: string, path: string, body: unknown, at: string][] = [
  ['a strategy variant', 'POST', strategiesOf('probe'), { name: 'default', variants: [{ ...VARIANT, extra: 1 }] }, '/body/variants/0/extra'],
  [
    "a strategy variant's payload",
    'POST',
    strategiesOf('probe'),
    { name: 'default', variants: [{ ...VARIANT, payload: { type: 'string', value: 'x', extra: 1 } }] },
    '/body/variants/0/payload/extra',
  ],
  ['a strategy constraint', 'POST', strategiesOf('probe'), { name: 'default', constraints: [{ ...RULE, extra: 1 }] }, '/body/constraints/0/extra'],
  ['a segment constraint', 'POST', '/api/admin/segments', { name: 'beta', constraints: [{ ...RULE, extra: 1 }] }, '/body/constraints/0/extra'],
  ['a variant', 'PUT', `${FEATURES}/probe/variants-batch`, { environments: ['development'], variants: [{ ...VARIANT, extra: 1 }] }, '/body/variants/0/extra'],
  [
    'an override',
    'PUT',
    `${FEATURES}/probe/variants-batch`,
    { environments: ['development'], variants: [{ ...VARIANT, overrides: [{ contextName: 'userId', values: ['1'], extra: 1 }] }] },
    '/body/variants/0/overrides/0/extra',
  ],
  [
    "a variant's payload",
    'PUT',
    `${FEATURES}/probe/variants-batch`,
    { environments: ['development'], variants: [{ ...VARIANT, payload: { type: 'string', value: 'x', extra: 1 } }] },
    '/body/variants/0/payload/extra',
  ],
  ['a tag', 'POST', '/api/admin/tags', { type: 'simple', value: 'vv', extra: 1 }, '/body/extra'],
  ['a legal value', 'POST', '/api/admin/context', { name: 'tenant', legalValues: [{ value: 'a', extra: 1 }] }, '/body/legalValues/0/extra'],
  ['a project environment', 'POST', '/api/admin/projects/default/environments', { environment: 'development', extra: 1 }, '/body/extra'],
]

t.test('unknown properties that Unleash refuses are refused, at their paths, and change nothing', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  t.equal((await s.call('POST', FEATURES, { body: { name: 'probe' } })).status, 201)
  const before = plain(s.api.state())
  for (const [what, method, path, body, at] of REFUSED) {
    const answer = await s.call(method, path, { body })
    t.same([answer.status, answer.json.name, answer.json.details?.map((d: { path: string }) => d.path)], [400, 'ValidationError', [at]], what)
  }
  t.same(plain(s.api.state()), before)
})

t.test('where Unleash allows other properties, they are still ignored', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  t.equal((await s.call('POST', FEATURES, { body: { name: 'probe', extra: 1 } })).status, 201, 'a feature')
  const strategy = await s.call('POST', strategiesOf('probe'), { body: { name: 'default', extra: 1 } })
  t.same([strategy.status, 'extra' in strategy.json], [200, false], 'a strategy: dropped')
  const overridden = await s.call('POST', strategiesOf('probe'), { body: { name: 'default', variants: [{ ...VARIANT, overrides: [{ contextName: 'userId', values: ['1'] }] }] } })
  t.same([overridden.status, overridden.json.variants], [200, [VARIANT]], "a strategy variant's overrides (Unleash's schema takes them): checked, and not kept")
  const badOverride = await s.call('POST', strategiesOf('probe'), { body: { name: 'default', variants: [{ ...VARIANT, overrides: [{ contextName: 'userId' }] }] } })
  t.same(badOverride.json.details?.map((d: { path: string }) => d.path), ['/body/variants/0/overrides/0/values'])
  t.equal((await s.call('PUT', `${FEATURES}/probe`, { body: { stale: true, extra: 1 } })).status, 200, 'a feature update')
  const tag = await s.call('POST', '/api/admin/tags', { body: { type: 'simple', value: 'blue', color: '#0000FF' } })
  t.same([tag.status, tag.json.tag], [201, { type: 'simple', value: 'blue' }], "a tag's colour is allowed, and ignored (a tag's colour is its type's)")
})
