import t from 'tap'
import { plain } from '../support/api.js'
import { FEATURES, serve, strategiesOf } from './support.js'

const JSON_RULE = "'value' must be a valid json string when 'type' is json"
const NUMBER_RULE = "'value' must be a number when 'type' is number"

const strategyVariant = (payload: unknown) => ({ name: 'a', weight: 1000, weightType: 'variable', stickiness: 'default', payload })
const featureVariant = (payload: unknown) => ({ name: 'a', weight: 1000, payload })

/** Every body that takes a variant, with the payload given, and where that payload's value sits. */
const bodies = (payload: unknown, strategyId: string): [what: string, method: string, path: string, body: unknown, at: string][] => [
  ['a strategy added', 'POST', strategiesOf('probe'), { name: 'default', variants: [strategyVariant(payload)] }, '/body/variants/0/payload/value'],
  ['a strategy replaced', 'PUT', `${strategiesOf('probe')}/${strategyId}`, { name: 'default', variants: [strategyVariant(payload)] }, '/body/variants/0/payload/value'],
  [
    'a strategy patched',
    'PATCH',
    `${strategiesOf('probe')}/${strategyId}`,
    [{ op: 'replace', path: '/variants', value: [strategyVariant(payload)] }],
    '/body/0/value/0/payload/value',
  ],
  ['a feature created', 'POST', FEATURES, { name: 'fresh', variants: [featureVariant(payload)] }, '/body/variants/0/payload/value'],
  ['variants-batch', 'PUT', `${FEATURES}/probe/variants-batch`, { environments: ['development'], variants: [featureVariant(payload)] }, '/body/variants/0/payload/value'],
  ["an environment's variants", 'PUT', `${FEATURES}/probe/environments/development/variants`, [featureVariant(payload)], '/body/0/payload/value'],
  [
    "an environment's variants patched",
    'PATCH',
    `${FEATURES}/probe/environments/development/variants`,
    [{ op: 'add', path: '/0', value: featureVariant(payload) }],
    '/body/0/value/payload/value',
  ],
  [
    'a default strategy',
    'POST',
    '/api/admin/projects/default/environments/development/default-strategy',
    { name: 'default', variants: [strategyVariant(payload)] },
    '/body/variants/0/payload/value',
  ],
  [
    'an import',
    'POST',
    '/api/admin/features-batch/import',
    {
      project: 'default',
      environment: 'development',
      data: {
        features: [{ name: 'imported', type: 'release', description: null, stale: false, impressionData: false, archived: false }],
        featureStrategies: [{ name: 'default', featureName: 'imported', variants: [strategyVariant(payload)] }],
        featureEnvironments: [{ featureName: 'imported', enabled: true, variants: [featureVariant(payload)] }],
        tagTypes: [],
      },
    },
    '/body/data/featureStrategies/0/variants/0/payload/value',
  ],
]

t.test('a json payload must hold a JSON object or array, a number payload a number, wherever a variant is taken', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  t.equal((await s.call('POST', FEATURES, { body: { name: 'probe' } })).status, 201)
  const strategyId = (await s.call('POST', strategiesOf('probe'), { body: { name: 'default' } })).json.id
  const before = plain(s.api.state())
  const refused: [payload: unknown, rule: string][] = [
    [{ type: 'json', value: '{not json' }, JSON_RULE],
    [{ type: 'json', value: '"a string"' }, JSON_RULE],
    [{ type: 'json', value: 'null' }, JSON_RULE],
    [{ type: 'number', value: 'ten' }, NUMBER_RULE],
    [{ type: 'number', value: ' ' }, NUMBER_RULE],
  ]
  for (const [payload, rule] of refused) {
    for (const [what, method, path, body, at] of bodies(payload, strategyId)) {
      const answer = await s.call(method, path, { body })
      const detail = answer.json.details?.find((d: { path: string }) => d.path === at)
      // A patch's problems are told as the patched document's ("The strategy after the patch: ...").
      t.same([answer.status, answer.json.name, detail?.message?.endsWith(rule)], [400, 'ValidationError', true], `${what}: ${JSON.stringify(payload)}`)
    }
  }
  t.same(plain(s.api.state()), before, 'nothing stored')
})

t.test('payloads that hold what their type says are stored as sent', async (t) => {
  const s = await serve('fetch')
  t.teardown(s.close)
  await s.call('POST', FEATURES, { body: { name: 'probe' } })
  // An environment's variants are replaced only where some are set already (Unleash's legacy rule).
  await s.call('POST', FEATURES, { body: { name: 'plain', variants: [featureVariant(undefined)] } })
  const valid = [
    { type: 'json', value: '{"colour":"blue"}' },
    { type: 'json', value: '[1,2]' },
    { type: 'number', value: '-1.5e3' },
    { type: 'string', value: '{not json' },
    { type: 'csv', value: 'a,b' },
  ]
  for (const payload of valid) {
    const added = await s.call('POST', strategiesOf('probe'), { body: { name: 'default', variants: [strategyVariant(payload)] } })
    t.same([added.status, added.json.variants?.[0]?.payload], [200, payload], JSON.stringify(payload))
    const set = await s.call('PUT', `${FEATURES}/plain/environments/development/variants`, { body: [featureVariant(payload)] })
    t.same([set.status, set.json.variants?.[0]?.payload], [200, payload], `environment variants: ${JSON.stringify(payload)}`)
  }
})
