import t from 'tap'
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { listen } from '../../adapters/http/node.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { createHttpHandler } from '../../src/http/handler.js'
import { systemClock } from '../../src/ports/clock.js'
import { ADMIN_TOKEN, ok } from '../support/api.js'
import { recorded } from '../support/openapi.js'

const admin = { authorization: ADMIN_TOKEN }
const inDevelopment = (featureName: string) => ({ ...admin, params: { projectId: 'default', featureName, environment: 'development' } })

/** Flags for a frontend: one on for everyone with a variant, one on for the EU only, one off, one on in production only. */
const setUp = async () => {
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: tokenAuth({ adminTokens: [ADMIN_TOKEN] }), clock: systemClock })
  for (const name of ['banner', 'eu-only', 'off', 'prod-only']) ok(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name, impressionData: name === 'banner' } }))
  ok(
    await api.strategies.add({
      ...inDevelopment('banner'),
      body: { name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: 'banner' }, variants: [{ name: 'blue', weight: 1000, stickiness: 'default', weightType: 'variable', payload: { type: 'string', value: 'navy' } }] },
    }),
  )
  ok(await api.strategies.add({ ...inDevelopment('eu-only'), body: { name: 'default', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] } }))
  for (const name of ['banner', 'eu-only']) ok(await api.features.enableEnvironment(inDevelopment(name)))
  ok(await api.features.enableEnvironment({ ...admin, params: { projectId: 'default', featureName: 'prod-only', environment: 'production' } }))
  const token = ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: 'web', type: 'frontend', environment: 'development', projects: ['default'] } })).secret
  const held = recorded(createHttpHandler(api))
  const server = await listen(held.handler, { port: 0, host: '127.0.0.1' })
  return { api, token, server, held }
}

for (const usePOSTrequests of [false, true]) {
  t.test(`Unleash's frontend SDK reads the flags on for its context from /api/frontend (${usePOSTrequests ? 'POST' : 'GET'})`, async (t) => {
    const { api, token, server, held } = await setUp()
    t.teardown(() => server.close())
    const errors: unknown[] = []
    const client = new UnleashClient({
      url: `${server.url}/api/frontend`,
      clientKey: token,
      appName: 'web',
      fetch,
      storageProvider: new InMemoryStorageProvider(),
      refreshInterval: 0,
      metricsInterval: 0,
      usePOSTrequests,
      context: { userId: '42', properties: { region: 'eu' } },
    })
    // Ready once it read its flags; a failed read is an error instead, and the test goes on to fail.
    const ready = new Promise<void>((resolve) => {
      client.once('ready', () => resolve())
      client.on('error', (e: unknown) => (errors.push(e), resolve()))
    })
    await client.start()
    await ready
    t.same(errors, [], 'read with no error')
    // A client that never read its flags waits for them in `updateContext`: stop here.
    if (errors.length > 0) return client.stop()

    t.equal(client.isEnabled('banner'), true)
    t.same(client.getVariant('banner'), { name: 'blue', enabled: true, payload: { type: 'string', value: 'navy' }, feature_enabled: true, featureEnabled: true })
    t.equal(client.isEnabled('eu-only'), true, 'properties reach the constraint')
    t.equal(client.isEnabled('off'), false)
    t.equal(client.isEnabled('prod-only'), false, "the token's environment, not another")
    t.same(client.getAllToggles().map((f) => [f.name, f.impressionData]), [['banner', true], ['eu-only', false]], 'only the flags on, with impression data')

    await client.updateContext({ userId: '42', properties: { region: 'us' } })
    t.equal(client.isEnabled('eu-only'), false, 'a new context, a new answer')
    t.same(errors, [])

    // Its usage counts, sent as the client stops, land where the server SDKs' do.
    client.isEnabled('banner')
    client.stop()
    await client.sendMetrics()
    const apps = ok(await api.metrics.applications({ ...admin, params: {} }))
    t.ok(apps.applications.some((a) => a.appName === 'web'), 'the frontend app is seen')
    t.same(held.mismatches(), [], 'every answer the SDK got is as the OpenAPI document says')
  })
}
