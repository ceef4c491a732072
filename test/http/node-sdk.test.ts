import t from 'tap'
import { Unleash } from 'unleash-client'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { listen } from '../../adapters/http/node.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { createHttpHandler } from '../../src/http/handler.js'
import { getRow } from '../../src/store/table.js'
import { systemClock } from '../../src/ports/clock.js'
import { ADMIN_TOKEN, ok } from '../support/api.js'
import { recorded } from '../support/openapi.js'

const admin = { authorization: ADMIN_TOKEN }

t.test("Unleash's Node SDK registers and sends metrics with no warning, and the flag's lastSeenAt moves", async (t) => {
  // The SDK dates its buckets by the real clock, so the server must read the same one.
  const api = await createAdminApi({ storage: createMemoryStorage(), auth: tokenAuth({ adminTokens: [ADMIN_TOKEN] }), clock: systemClock })
  ok(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name: 'checkout' } }))
  ok(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name: 'unused' } }))
  ok(await api.features.enableEnvironment({ ...admin, params: { projectId: 'default', featureName: 'checkout', environment: 'development' } }))
  const token = ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: 'shop', type: 'client', environment: 'development', projects: ['default'] } })).secret
  const seen = (feature: string) => getRow(api.state().features, feature)!.environments['development']!.lastSeenAt
  t.equal(seen('checkout'), null, 'never seen yet')

  const held = recorded(createHttpHandler(api))
  const server = await listen(held.handler, { port: 0, host: '127.0.0.1' })
  t.teardown(() => server.close())
  const unleash = new Unleash({
    url: `${server.url}/api/`,
    appName: 'shop',
    instanceId: 'shop-1',
    customHeaders: { Authorization: token },
    refreshInterval: 60_000,
    metricsInterval: 100,
    metricsJitter: 0,
    skipInstanceCountWarning: true,
  })
  const warnings: unknown[] = []
  /** The next of `event`, or of a warning or an error, which the SDK gives instead when a call fails. */
  const next = (event: string) =>
    new Promise<void>((resolve) => {
      const done = () => {
        for (const e of [event, 'warn', 'error']) unleash.off(e, done)
        resolve()
      }
      for (const e of [event, 'warn', 'error']) unleash.on(e, done)
    })
  unleash.on('warn', (w) => warnings.push(w))
  unleash.on('error', (e) => warnings.push(e))
  t.teardown(() => unleash.destroy())
  const registered = next('registered')
  await next('synchronized')
  await registered
  t.same(warnings, [], 'registered with no warning')

  for (let i = 0; i < 5; i++) t.equal(unleash.isEnabled('checkout'), true)
  t.equal(unleash.isEnabled('missing'), false, 'a name the store does not have is counted by the SDK and let be here')
  await next('sent')
  await unleash.destroyWithFlush()

  t.same(warnings, [], 'no warning, no error')
  t.match(seen('checkout'), /^\d{4}-\d\d-\d\dT/, 'lastSeenAt moved')
  t.equal(seen('unused'), null, 'a flag not evaluated stays unseen')
  const apps = ok(await api.metrics.applications({ ...admin, params: {} }))
  t.same(apps.applications.map((a) => [a.appName, a.strategies.includes('flexibleRollout'), a.usage]), [['shop', true, [{ project: 'default', environments: ['development'] }]]])
  const app = ok(await api.metrics.application({ ...admin, params: { appName: 'shop' } }))
  t.same(app.instances.map((i) => [i.instanceId, i.environment]), [['shop-1', 'development']])
  t.match(app.instances[0]!.sdkVersion, /^unleash-node-sdk:6\./)
  const usage = ok(await api.metrics.feature({ ...admin, params: { featureName: 'checkout' } }))
  t.equal(usage.totalUsage.reduce((n, u) => n + u.yes, 0), 5, 'every evaluation counted once')
  t.same(usage.seenApplications, ['shop'])
  t.same(held.mismatches(), [], 'every answer the SDK got is as the OpenAPI document says')
})
