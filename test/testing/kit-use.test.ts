import t from 'tap'
import { createTestKit, RefusedError, type Seed } from '../../adapters/testing/index.js'

const seed: Seed = {
  flags: {
    checkout: { environments: { development: { enabled: false }, production: { enabled: true } } },
    search: { environments: { development: { enabled: true, strategies: [{ name: 'flexibleRollout', parameters: { rollout: '0', stickiness: 'default', groupId: 'search' } }] } } },
  },
}

t.test('a flag flipped, a rollout changed and a variant added, each in one call, show in the evaluation', async (t) => {
  const kit = await createTestKit(seed)
  t.equal(kit.isEnabled('checkout'), false)
  await kit.enable('checkout')
  t.equal(kit.isEnabled('checkout'), true, 'enabled in development')
  await kit.disable('checkout', 'production')
  t.equal(kit.isEnabled('checkout', {}, 'production'), false, 'disabled in production')

  t.equal(kit.isEnabled('search', { userId: '1' }), false, 'rolled out to nobody')
  await kit.setRollout('search', 100)
  t.equal(kit.isEnabled('search', { userId: '1' }), true, 'rolled out to everybody')

  // Enabling a flag with no strategy added the project's default, a gradual rollout of 100%.
  await kit.setRollout('checkout', 0)
  t.equal(kit.isEnabled('checkout', { userId: '1' }), false, 'the rollout enabling added is the one changed')

  await kit.addVariant('search', { name: 'a', weight: 1000, payload: { type: 'string', value: 'hello' } })
  t.same(kit.getVariant('search', { userId: '1' }).payload, { type: 'string', value: 'hello' })
  await kit.addVariant('search', { name: 'b', weight: 0 })
  const names = new Set(Array.from({ length: 40 }, (_, i) => kit.getVariant('search', { userId: String(i) }).name))
  t.same([...names].sort(), ['a', 'b'], 'weights shared between both variants')
})

t.test('a refused change throws, naming the call and the reason, and changes nothing', async (t) => {
  const kit = await createTestKit(seed)
  const before = kit.state()
  await t.rejects(kit.enable('nope'), RefusedError)
  await t.rejects(kit.enable('checkout', 'staging'), { name: 'RefusedError', message: /enabling checkout in staging/ })
  await t.rejects(kit.setRollout('search', 101), { message: /rollout/ })
  await t.rejects(kit.addVariant('search', { name: 'x', weight: -5 }), RefusedError)
  t.equal(kit.state(), before, 'the state is the same value')
})

t.test('reset returns to the seeded state, and evaluations follow it', async (t) => {
  const kit = await createTestKit(seed)
  const seeded = kit.state()
  await kit.enable('checkout')
  await kit.api.features.create({ params: { projectId: 'default' }, body: { name: 'added' } })
  t.not(kit.state(), seeded)
  kit.reset()
  t.equal(kit.state(), seeded, 'the seeded value itself')
  t.equal(kit.isEnabled('checkout'), false)
  const listed = await kit.api.features.listInProject({ params: { projectId: 'default' } })
  t.same(listed._tag === 'Right' ? listed.right.features.map((f) => f.name).sort() : undefined, ['checkout', 'search'])
})

t.test('the admin and client APIs answer over the fetch handler, with no socket', async (t) => {
  const kit = await createTestKit(seed)
  const created = await kit.request('/api/admin/projects/default/features', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'over-http' }),
  })
  t.equal(created.status, 201)
  t.equal(((await created.json()) as { name: string }).name, 'over-http')
  t.ok(kit.state().features, 'committed')
  const bad = await kit.request('/api/admin/projects/default/features', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"no spaces"}' })
  t.equal(bad.status, 400)
  t.match(await bad.json(), { name: 'ValidationError', details: [{ path: '/body/name' }] })

  const client = await kit.request('/api/client/features?environment=production')
  t.equal(client.status, 200)
  t.ok(client.headers.get('etag'), 'an etag')
  const body = (await client.json()) as { features: { name: string; enabled: boolean }[] }
  t.same(body.features.map((f) => [f.name, f.enabled]).sort(), [['checkout', true], ['over-http', false], ['search', false]])
})

t.test('an export document seeds a kit that evaluates as the kit it came from', async (t) => {
  const source = await createTestKit(seed)
  const exported = await source.api.batch.exportFeatures({ body: { environment: 'development', project: 'default' } })
  if (exported._tag === 'Left') return t.fail(JSON.stringify(exported.left))
  const copy = await createTestKit({ exports: [{ data: exported.right.body, environment: 'development' }] })
  for (const name of ['checkout', 'search']) {
    for (const userId of ['1', '2', '3']) t.equal(copy.isEnabled(name, { userId }), source.isEnabled(name, { userId }), `${name} for ${userId}`)
  }
  t.same(copy.api.evaluator('development').features(), ['checkout', 'search'])
})
