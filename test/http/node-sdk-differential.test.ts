import t from 'tap'
import { Unleash } from 'unleash-client'
import { listen } from '../../adapters/http/node.js'
import { createHttpHandler } from '../../src/http/handler.js'
import { ADMIN_TOKEN, FEATURES, type Served, serve, strategiesOf } from './support.js'

/**
 * Unleash's Node SDK, online against flagport, is the reference: for random contexts (ASCII and
 * non-ASCII ids, split stickiness) flagport's evaluator, playground and frontend API must give
 * the very answers the SDK gives from the payload flagport served it.
 */

const CONTEXTS = 10_000
/** Contexts per advanced-playground request: one varying id over a fixed rest. */
const PER_REQUEST = 100

/** A seeded generator (mulberry32), so a failure names contexts that can be replayed. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296
}

const ALPHABETS = ['abcdefghijklmnopqrstuvwxyz0123456789', 'éèüößçñøå', 'ДЖЯжяш', '日本語中文한국', '🎉🚀👍🏽', 'ab-_.@+']

const randomId = (random: () => number): string => {
  const length = 1 + Math.floor(random() * 12)
  const nonAscii = random() < 0.5
  let id = ''
  while (id.length < length) {
    const alphabet = [...ALPHABETS[nonAscii ? Math.floor(random() * ALPHABETS.length) : 0]!]
    id += alphabet[Math.floor(random() * alphabet.length)]!
  }
  return id
}

const variant = (name: string, weight: number, stickiness: string) => ({ name, weight, weightType: 'variable', stickiness, payload: { type: 'string', value: name } })

/** Flags that hash every way the SDKs hash (rollouts by default, by a field, split stickiness) and a REGEX constraint. */
const seed = async (s: Served) => {
  const flags: Record<string, { strategy?: string; parameters: Record<string, string>; variants?: ReturnType<typeof variant>[]; constraints?: object[] }> = {
    'rollout-default': { parameters: { rollout: '50', stickiness: 'default', groupId: 'rollout-default' } },
    'rollout-session': { parameters: { rollout: '30', stickiness: 'sessionId', groupId: 'shared-group' } },
    'rollout-tenant': { parameters: { rollout: '40', stickiness: 'tenant', groupId: 'rollout-tenant' }, variants: [variant('a', 300, 'default'), variant('b', 700, 'default')] },
    'split-stickiness': { parameters: { rollout: '100', stickiness: 'userId', groupId: 'split-stickiness' }, variants: [variant('x', 200, 'tenant'), variant('y', 300, 'tenant'), variant('z', 500, 'tenant')] },
    'variants-by-session': { parameters: { rollout: '80', stickiness: 'default', groupId: 'variants-by-session' }, variants: [variant('one', 1, 'sessionId'), variant('two', 2, 'sessionId')] },
    'variants-default': { parameters: { rollout: '100', stickiness: 'default', groupId: 'variants-default' }, variants: [variant('left', 500, 'default'), variant('right', 500, 'default')] },
    'variants-fall-back': { parameters: { rollout: '100', stickiness: 'tenant', groupId: 'variants-fall-back' }, variants: [variant('up', 1, ''), variant('down', 1, '')] },
    'regex-tenant': { parameters: { rollout: '100', stickiness: 'default', groupId: 'regex-tenant' }, constraints: [{ contextName: 'tenant', operator: 'REGEX', value: '^[a-m]', caseInsensitive: true }] },
    'default-strategy-variants': { strategy: 'default', parameters: {}, variants: [variant('on', 1, 'remoteAddress'), variant('off', 3, 'remoteAddress')] },
  }
  for (const [name, { strategy = 'flexibleRollout', parameters, variants, constraints }] of Object.entries(flags)) {
    await s.call('POST', FEATURES, { body: { name } })
    const added = await s.call('POST', strategiesOf(name), { body: { name: strategy, parameters, ...(variants ? { variants } : {}), ...(constraints ? { constraints } : {}) } })
    if (added.status !== 200) throw new Error(`strategy of ${name}: ${added.status} ${added.text}`)
    await s.call('POST', `${FEATURES}/${name}/environments/development/on`)
  }
  return Object.keys(flags).sort()
}

interface Flat {
  readonly appName: string
  readonly [field: string]: string
}

/** Groups of contexts as the advanced playground expands them: one field varies over `PER_REQUEST` ids. */
const contextGroups = (random: () => number): { playground: Record<string, string>; contexts: Flat[] }[] =>
  Array.from({ length: CONTEXTS / PER_REQUEST }, (_, g) => {
    const varying = g % 2 === 0 ? 'userId' : 'sessionId'
    const fixed: Record<string, string> = { appName: 'shop', remoteAddress: `10.0.${g % 256}.${Math.floor(random() * 256)}`, tenant: randomId(random) }
    // Every context has an id each stickiness reads, so no answer rests on a random draw.
    if (varying === 'userId') fixed['sessionId'] = randomId(random)
    const ids = new Set<string>()
    while (ids.size < PER_REQUEST) ids.add(randomId(random))
    return { playground: { ...fixed, [varying]: [...ids].join(',') }, contexts: [...ids].map((id) => ({ ...fixed, [varying]: id }) as Flat) }
  })

const sdkContext = ({ appName: _, tenant, ...standard }: Flat) => ({ ...standard, properties: { tenant: tenant! } })

type Answer = { enabled: boolean; variant: string; payload: string | undefined }
const show = (a: Answer) => `${a.enabled}/${a.variant}/${a.payload ?? '-'}`

t.test("flagport's evaluator, playground and frontend API answer as Unleash's Node SDK over random contexts", async (t) => {
  const s = await serve('fetch')
  const flags = await seed(s)
  const client = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'sdk', type: 'client', environment: 'development', projects: ['*'] } })).json.secret as string
  const frontend = (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'web', type: 'frontend', environment: 'development', projects: ['*'] } })).json.secret as string
  const server = await listen(s.handler, { port: 0, host: '127.0.0.1' })
  t.teardown(() => server.close())
  const unleash = new Unleash({ url: `${server.url}/api/`, appName: 'shop', customHeaders: { Authorization: client }, refreshInterval: 60_000, disableMetrics: true, skipInstanceCountWarning: true })
  t.teardown(() => unleash.destroy())
  await new Promise<void>((resolve, reject) => {
    unleash.once('synchronized', resolve)
    unleash.once('error', reject)
  })
  t.same(unleash.getFeatureToggleDefinitions().map((f) => f.name).sort(), flags, 'the SDK holds every flag')

  const evaluator = s.api.evaluator('development')
  // The bulk of the calls skip the OpenAPI check every other HTTP test makes of every answer:
  // this test is about the answers' values, and checking 10,000 of them would take most of its time.
  const handler = createHttpHandler(s.api)
  const post = async (path: string, authorization: string, body: unknown) => {
    const answer = await handler({ method: 'POST', path, headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: answer.status, text: answer.body ?? '', json: JSON.parse(answer.body ?? 'null') }
  }
  const sdk = (name: string, context: Flat): Answer => {
    const c = sdkContext(context)
    const v = unleash.getVariant(name, c)
    return { enabled: unleash.isEnabled(name, c), variant: v.name, payload: v.payload?.value }
  }
  const disagreements = { evaluator: 0, playground: 0, frontend: 0 }
  const examples: string[] = []
  const differ = (where: keyof typeof disagreements, name: string, context: Flat, expected: Answer, got: Answer) => {
    if (show(expected) === show(got)) return
    disagreements[where]++
    if (examples.length < 5) examples.push(`${where} ${name} ${JSON.stringify(context)}: sdk ${show(expected)}, flagport ${show(got)}`)
  }

  let evaluated = 0
  let rows = 0
  for (const group of contextGroups(seeded(50))) {
    const played = await post('/api/admin/playground/advanced', ADMIN_TOKEN, { environments: ['development'], projects: '*', context: group.playground })
    if (played.status !== 200) throw new Error(`playground: ${played.status} ${played.text}`)
    for (const feature of played.json.features as { name: string; environments: { development: { context: Flat; isEnabled: boolean; variant: { name: string; payload?: { value: string } } }[] } }[]) {
      rows += feature.environments.development.length
      for (const row of feature.environments.development) {
        differ('playground', feature.name, row.context, sdk(feature.name, row.context), { enabled: row.isEnabled, variant: row.variant.name, payload: row.variant.payload?.value })
      }
    }
    for (const context of group.contexts) {
      evaluated++
      const c = sdkContext(context)
      const on = (await post('/api/frontend', frontend, { context: c })).json.toggles as { name: string; variant: { name: string; payload?: { value: string } } }[]
      const toggles = new Map(on.map((toggle) => [toggle.name, toggle]))
      for (const name of flags) {
        const expected = sdk(name, context)
        const v = evaluator.getVariant(name, c)
        differ('evaluator', name, context, expected, { enabled: evaluator.isEnabled(name, c), variant: v.name, payload: v.payload?.value })
        const toggle = toggles.get(name)
        differ('frontend', name, context, expected, { enabled: toggle !== undefined, variant: toggle?.variant.name ?? 'disabled', payload: toggle?.variant.payload?.value })
      }
    }
  }
  t.equal(evaluated, CONTEXTS)
  t.equal(rows, CONTEXTS * flags.length, 'the playground evaluated every flag for every context')
  t.comment(`disagreements over ${CONTEXTS} contexts x ${flags.length} flags: ${JSON.stringify(disagreements)}`)
  t.same(disagreements, { evaluator: 0, playground: 0, frontend: 0 }, examples.join('\n'))
})
