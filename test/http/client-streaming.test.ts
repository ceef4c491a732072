import t from 'tap'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { Unleash } from 'unleash-client'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { listen } from '../../adapters/http/node.js'
import { openFileStorage } from '../../adapters/storage/file.js'
import { createAdminApi, type AdminApi } from '../../src/api/admin-api.js'
import { internalsOf } from '../../src/api/internals.js'
import { createHttpHandler } from '../../src/http/handler.js'
import { systemClock } from '../../src/ports/clock.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { ADMIN_TOKEN, ok } from '../support/api.js'
import { recorded } from '../support/openapi.js'
import { databaseUrl, freshStoreName, openStore } from '../storage/fixtures/postgres.js'

const admin = { authorization: ADMIN_TOKEN }

const facade = (storage: StoragePort) => createAdminApi({ storage, auth: tokenAuth({ adminTokens: [ADMIN_TOKEN] }), clock: systemClock })

const clientToken = async (api: AdminApi, projects = ['default']) =>
  ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: `sdk-${projects.join('-')}`, type: 'client', environment: 'development', projects } })).secret

const toggle = async (api: AdminApi, name: string, on: boolean) => {
  const params = { projectId: 'default', featureName: name, environment: 'development' }
  ok(await (on ? api.features.enableEnvironment({ ...admin, params }) : api.features.disableEnvironment({ ...admin, params })))
}

/** Unleash's Node SDK in streaming mode against `url`, and a way to wait until it holds what a predicate asks. */
const streamingSdk = (t: Tap, url: string, token: string) => {
  const unleash = new Unleash({
    url: `${url}/api/`,
    appName: 'shop',
    instanceId: 'shop-1',
    customHeaders: { Authorization: token },
    refreshInterval: 60_000,
    disableMetrics: true,
    skipInstanceCountWarning: true,
    experimentalMode: { type: 'streaming' },
  })
  const warnings: unknown[] = []
  unleash.on('warn', (w) => warnings.push(w))
  unleash.on('error', (e) => warnings.push(e))
  t.teardown(() => unleash.destroy())
  const until = (holds: () => boolean) =>
    new Promise<void>((resolve) => {
      if (holds()) return resolve()
      const check = () => {
        if (!holds()) return
        unleash.off('changed', check)
        resolve()
      }
      unleash.on('changed', check)
    })
  return { unleash, warnings, until }
}
type Tap = { teardown(f: () => unknown): void }

t.test("Unleash's Node SDK streaming from a server on the file store sees a flag flip, and only its token's projects", async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-stream-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const opened = await openFileStorage({ path: dir })
  if (E.isLeft(opened)) throw new Error(opened.left.message)
  const api = await facade(opened.right)
  t.teardown(() => opened.right.close())
  ok(await api.projects.create({ ...admin, params: {}, body: { id: 'other', name: 'Other' } }))
  ok(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name: 'checkout' } }))
  ok(await api.features.create({ ...admin, params: { projectId: 'other' }, body: { name: 'elsewhere' } }))
  const token = await clientToken(api)
  const held = recorded(createHttpHandler(api))
  const server = await listen(held.handler, { port: 0, host: '127.0.0.1' })
  t.teardown(() => server.close())

  const sdk = streamingSdk(t, server.url, token)
  await sdk.until(() => sdk.unleash.getFeatureToggleDefinition('checkout') !== undefined)
  t.equal(sdk.unleash.isEnabled('checkout'), false, 'hydrated: the flag is off')
  t.equal(sdk.unleash.getFeatureToggleDefinition('elsewhere'), undefined, "a project the token does not cover is not streamed")
  t.equal(internalsOf(api).streams.size(), 1, 'one stream is open')

  await toggle(api, 'checkout', true)
  await sdk.until(() => sdk.unleash.isEnabled('checkout'))
  t.pass('the flip arrived on the stream')
  await toggle(api, 'checkout', false)
  await sdk.until(() => !sdk.unleash.isEnabled('checkout'))
  ok(await api.features.archive({ ...admin, params: { projectId: 'default', featureName: 'checkout' } }))
  await sdk.until(() => sdk.unleash.getFeatureToggleDefinition('checkout') === undefined)
  t.pass('an archived flag is removed')
  t.same(sdk.warnings, [], 'the SDK warned of nothing')
  t.same(held.mismatches(), [], 'every answer matches the OpenAPI document')
})

const url = process.env.DATABASE_URL ?? (process.env.CI === 'true' ? databaseUrl(t) : null)
if (url === null) t.test('PostgreSQL, two servers', { skip: 'no DATABASE_URL: run through scripts/postgres.sh' })
else {
  t.test("PostgreSQL, two servers: a flag flipped through A reaches Unleash's Node SDK streaming from B", async (t) => {
    const name = freshStoreName('stream')
    const storeA = await openStore(url, name)
    const apiA = await facade(storeA)
    const storeB = await openStore(url, name)
    const apiB = await facade(storeB)
    t.teardown(async () => {
      await storeA.close()
      await storeB.close()
    })
    ok(await apiA.features.create({ ...admin, params: { projectId: 'default' }, body: { name: 'shared' } }))
    const token = await clientToken(apiA)
    const serverB = await listen(createHttpHandler(apiB), { port: 0, host: '127.0.0.1' })
    t.teardown(() => serverB.close())
    const sdk = streamingSdk(t, serverB.url, token)
    await sdk.until(() => sdk.unleash.getFeatureToggleDefinition('shared') !== undefined)
    t.equal(sdk.unleash.isEnabled('shared'), false)
    await toggle(apiA, 'shared', true)
    await sdk.until(() => sdk.unleash.isEnabled('shared'))
    t.pass("A's commit reached B's stream")
    t.same(sdk.warnings, [])
  })
}
