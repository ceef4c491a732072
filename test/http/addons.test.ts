import * as E from 'fp-ts/lib/Either.js'
import { mkdtemp, rm } from 'node:fs/promises'
import { type IncomingHttpHeaders, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { openAuth } from '../../adapters/auth/open.js'
import { type IntegrationOptions, startIntegrations } from '../../adapters/integrations/deliveries.js'
import { openFileStorage } from '../../adapters/storage/file.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { internalsOf } from '../../src/api/internals.js'
import { systemWrite } from '../../src/api/system-write.js'
import { claimBatches } from '../../src/domain/addon/delivery.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { databaseUrl, freshStoreName, openStore } from '../storage/fixtures/postgres.js'
import { FEATURES, serve } from './support.js'

const ADDONS = '/api/admin/addons'

/** A webhook receiver on loopback: answers `statuses` in turn (then 200), and hands over each request. */
const receiver = async (statuses: number[] = []) => {
  const got: { headers: IncomingHttpHeaders; body: string }[] = []
  let waiting: (() => void)[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.statusCode = statuses.shift() ?? 200
      res.end()
      for (const wake of waiting) wake()
      waiting = []
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got,
    /** Resolves once `n` requests arrived. */
    received: async (n: number) => {
      while (got.length < n) await new Promise<void>((resolve) => waiting.push(resolve))
      return got
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const webhook = (url: string, more: Record<string, unknown> = {}) => ({
  provider: 'webhook',
  enabled: true,
  description: 'to the receiver',
  parameters: { url, authorization: 'Bearer hook-secret', customHeaders: '{"x-extra":"extra-secret"}' },
  events: ['feature-environment-enabled'],
  projects: ['default'],
  environments: ['development'],
  ...more,
})

/** Rounds driven by the test alone: no timers, a clock it moves. */
const manual = (start = Date.parse('2026-01-01T00:00:00.000Z')) => {
  let now = start
  const options: IntegrationOptions = { now: () => now, watch: false, logger: { error: () => undefined, warn: () => undefined } }
  return { options, advance: (ms: number) => (now += ms) }
}

t.test('the addons API answers Unleash\'s shapes, validates, and never echoes a sensitive parameter', async (t) => {
  const s = await serve('fetch')
  const listed = await s.call('GET', ADDONS)
  t.equal(listed.status, 200)
  t.same(listed.json.addons, [])
  const provider = listed.json.providers.find((p: { name: string }) => p.name === 'webhook')
  t.same(provider.parameters.map((p: { name: string }) => p.name), ['url', 'contentType', 'authorization', 'customHeaders', 'bodyTemplate'])
  t.ok(provider.events.includes('feature-environment-enabled'))

  const missing = await s.call('POST', ADDONS, { body: { provider: 'webhook', enabled: true, parameters: {}, events: [] } })
  t.equal(missing.status, 400)
  t.same(missing.json.details.map((d: { path: string }) => d.path), ['/body/parameters/url'])
  t.equal((await s.call('POST', ADDONS, { body: { provider: 'nope', enabled: true, parameters: { url: 'http://x' }, events: [] } })).json.details[0].path, '/body/provider')
  t.equal((await s.call('POST', ADDONS, { body: { ...webhook('ftp://x') } })).json.details[0].path, '/body/parameters/url')
  t.equal((await s.call('POST', ADDONS, { body: { provider: 'webhook', enabled: 'x', parameters: { url: 'http://x' }, events: [] } })).json.details[0].path, '/body/enabled')
  t.equal(s.api.state().addons.size, 0, 'nothing refused was stored')

  const created = await s.call('POST', ADDONS, { body: webhook('http://127.0.0.1:9/hook', { parameters: { url: 'http://127.0.0.1:9/hook', authorization: 'Bearer hook-secret', bodyTemplate: '{"t":"{{event.type}}"}' } }) })
  t.equal(created.status, 200)
  t.match(created.json, { id: 1, provider: 'webhook', enabled: true, parameters: { url: '*****', authorization: '*****', bodyTemplate: '{"t":"{{event.type}}"}' }, events: ['feature-environment-enabled'] })
  t.notMatch(created.text, /hook-secret|127\.0\.0\.1:9/, 'the answer holds no secret')
  t.notMatch((await s.call('GET', `${ADDONS}/1`)).text, /hook-secret/)
  t.notMatch((await s.call('GET', '/api/admin/events')).text, /hook-secret/, 'the event log holds no secret')

  // The Admin UI sends masked values back: they keep what is stored.
  const updated = await s.call('PUT', `${ADDONS}/1`, { body: webhook('*****', { parameters: { url: '*****', authorization: '*****' }, enabled: false, description: 'off' }) })
  t.equal(updated.status, 200)
  t.equal(updated.json.description, 'off')
  t.same(s.api.state().addons.get('1')!.parameters, { url: 'http://127.0.0.1:9/hook', authorization: 'Bearer hook-secret' })
  t.equal((await s.call('PUT', `${ADDONS}/1`, { body: { ...webhook('http://x'), provider: 'nope' } })).status, 400)
  t.equal((await s.call('PUT', `${ADDONS}/9`, { body: webhook('http://x') })).json.message, 'Could not find addon')
  t.equal((await s.call('GET', `${ADDONS}/9`)).status, 404)
  t.equal((await s.call('GET', `${ADDONS}/abc`)).status, 400)
  t.same((await s.call('GET', `${ADDONS}/1/events`)).json, { integrationEvents: [] })
  t.equal((await s.call('GET', `${ADDONS}/1/events?limit=x`)).status, 400)
  t.same((await s.call('GET', '/api/admin/events')).json.events.slice(0, 2).map((e: { type: string }) => e.type), ['addon-config-updated', 'addon-config-created'])

  t.equal((await s.call('DELETE', `${ADDONS}/1`)).status, 200)
  t.equal((await s.call('DELETE', `${ADDONS}/1`)).status, 404)
  t.equal(s.api.state().addons.size, 0)
})

t.test('a toggled flag reaches the webhook with its headers, and the delivery is logged without secrets', async (t) => {
  const hook = await receiver()
  t.teardown(hook.close)
  const s = await serve('fetch')
  const integrations = startIntegrations(s.api, { logger: { error: () => undefined, warn: () => undefined } })
  t.teardown(() => integrations.close())
  t.equal((await s.call('POST', ADDONS, { body: webhook(hook.url) })).status, 200)
  await s.call('POST', FEATURES, { body: { name: 'hooked' } })
  await s.call('POST', `${FEATURES}/hooked/environments/production/on`)
  await s.call('POST', `${FEATURES}/hooked/environments/development/on`)
  const [got] = await hook.received(1)
  t.equal(got!.headers.authorization, 'Bearer hook-secret')
  t.equal(got!.headers['x-extra'], 'extra-secret')
  t.equal(got!.headers['content-type'], 'application/json')
  t.match(JSON.parse(got!.body), { type: 'feature-environment-enabled', featureName: 'hooked', environment: 'development', project: 'default' })
  // The delivery is logged once it is settled.
  let log
  for (;;) {
    log = await s.call('GET', `${ADDONS}/1/events`)
    if (log.json.integrationEvents.length > 0) break
    await new Promise((resolve) => setImmediate(resolve))
  }
  t.match(log.json.integrationEvents, [{ id: '1', integrationId: 1, state: 'success', stateDetails: 'Webhook request was successful with status code: 200.', event: { featureName: 'hooked' } }])
  t.notMatch(log.text, /hook-secret|extra-secret|127\.0\.0\.1/)
  t.equal(hook.got.length, 1, 'the production toggle and the flag\'s creation were not sent')
})

t.test('a body template is rendered as mustache renders it', async (t) => {
  const hook = await receiver()
  t.teardown(hook.close)
  const s = await serve('fetch')
  const { options } = manual()
  const integrations = startIntegrations(s.api, options)
  t.teardown(() => integrations.close())
  await s.call('POST', ADDONS, { body: webhook(hook.url, { parameters: { url: hook.url, contentType: 'text/plain', bodyTemplate: '{{event.type}} {{event.data.description}} {{&event.data.description}} {{event.nope.x}}|{{{eventJson}}}' }, events: ['feature-created'], environments: [] }) })
  await s.call('POST', FEATURES, { body: { name: 'templated', description: 'a&b <c>' } })
  t.equal(await integrations.deliverDue(), 1)
  const [got] = hook.got
  t.equal(got!.headers['content-type'], 'text/plain')
  t.equal(got!.body.slice(0, got!.body.indexOf('|')), 'feature-created a&amp;b &lt;c&gt; a&b <c> ')
  t.equal(JSON.parse(got!.body.slice(got!.body.indexOf('|') + 1)).featureName, 'templated')
})

t.test('a failing receiver is retried with backoff, then given up on', async (t) => {
  const hook = await receiver([500, 503, 500])
  t.teardown(hook.close)
  const s = await serve('fetch')
  const clock = manual()
  const integrations = startIntegrations(s.api, { ...clock.options, maxAttempts: 3 })
  t.teardown(() => integrations.close())
  await s.call('POST', ADDONS, { body: webhook(hook.url, { events: ['feature-created'], environments: [] }) })
  await s.call('POST', FEATURES, { body: { name: 'first' } })
  await s.call('POST', FEATURES, { body: { name: 'second' } })
  t.equal(await integrations.deliverDue(), 1)
  t.equal(hook.got.length, 1, 'the first failed')
  t.match(s.api.state().addons.get('1')!.delivery, { attempts: 1, retryAt: '2026-01-01T00:00:01.000Z', claim: null })
  t.equal(await integrations.deliverDue(), 0, 'nothing is sent during the backoff')
  clock.advance(1000)
  t.equal(await integrations.deliverDue(), 1)
  t.equal(hook.got.length, 2)
  clock.advance(1999)
  t.equal(await integrations.deliverDue(), 0, 'the second backoff is twice as long')
  clock.advance(1)
  t.equal(await integrations.deliverDue(), 1)
  // The third failure gives the first event up; the second goes through in the same round.
  t.same(hook.got.map((g) => JSON.parse(g.body).featureName), ['first', 'first', 'first', 'second'])
  const log = (await s.call('GET', `${ADDONS}/1/events`)).json.integrationEvents
  t.same(log.map((e: { state: string }) => e.state), ['success', 'failed', 'failed', 'failed'])
  t.equal(log[1].stateDetails, 'Webhook request failed with status code: 500.')
  t.equal(await integrations.deliverDue(), 0, 'nothing is owed')
})

/** A file store in a fresh directory: each call opens another handle on it. */
const fileStore = async (t: Tap) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-addons-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return async (): Promise<StoragePort> => {
    const opened = await openFileStorage({ path: dir })
    if (E.isLeft(opened)) throw new Error(opened.left.message)
    t.teardown(() => opened.right.close())
    return opened.right
  }
}
type Tap = { teardown(fn: () => unknown): void }

/** Creates a webhook and a flag, then toggles the flag on: one event owed. */
const owe = async (storage: StoragePort, url: string) => {
  const s = await serve('fetch', { storage })
  await s.call('POST', ADDONS, { body: webhook(url) })
  await s.call('POST', FEATURES, { body: { name: 'owed' } })
  await s.call('POST', `${FEATURES}/owed/environments/development/on`)
  return s
}

t.test('what was not delivered before a restart is delivered after it', async (t) => {
  const hook = await receiver()
  t.teardown(hook.close)
  const open = await fileStore(t)
  const first = await open()
  await owe(first, hook.url)
  await first.close()
  t.equal(hook.got.length, 0)
  const reopened = await open()
  const api = await createAdminApi({ storage: reopened, auth: openAuth() })
  const integrations = startIntegrations(api, manual().options)
  t.teardown(() => integrations.close())
  t.equal(await integrations.deliverDue(), 1)
  t.match(JSON.parse(hook.got[0]!.body), { type: 'feature-environment-enabled', featureName: 'owed' })
  t.equal(api.state().addons.get('1')!.delivery.cursor, api.state().events.last, 'the cursor is past what was sent')
})

t.test('a claim that was never settled (a crash mid-send) is taken over once it runs out', async (t) => {
  const hook = await receiver()
  t.teardown(hook.close)
  const s = await owe(createMemoryStorage(), hook.url)
  const storage = internalsOf(s.api).storage
  // An instance claimed the batch and died before it settled it.
  const crashed = await systemWrite(storage, (draft) => claimBatches(draft, 'crashed', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z', 20))
  t.equal(E.isRight(crashed) && crashed.right.length, 1)
  const clock = manual()
  const integrations = startIntegrations(s.api, clock.options)
  t.teardown(() => integrations.close())
  t.equal(await integrations.deliverDue(), 0, 'the claim holds')
  clock.advance(60_000)
  t.equal(await integrations.deliverDue(), 1, 'then it is taken over')
  t.equal(hook.got.length, 1)
  t.equal(s.api.state().addons.get('1')!.delivery.claim, null)
})

/** Two instances on one store, each with its own delivery service, race for the same events. */
const deliverOnce = async (t: Tap & { equal(found: unknown, wanted: unknown, message: string): unknown }, open: () => Promise<StoragePort>) => {
  const hook = await receiver()
  t.teardown(hook.close)
  const one = await open()
  const two = await open()
  await owe(one, hook.url)
  const apis = [await createAdminApi({ storage: one, auth: openAuth() }), await createAdminApi({ storage: two, auth: openAuth() })]
  const services = apis.map((api, i) => startIntegrations(api, { ...manual().options, owner: `instance-${i}` }))
  t.teardown(() => Promise.all(services.map((s) => s.close())))
  const sent = await Promise.all(services.map((s) => s.deliverDue()))
  t.equal(sent[0]! + sent[1]!, 1, 'one instance claimed the batch')
  t.equal(hook.got.length, 1, 'the event was delivered once')
  t.equal((await Promise.all(services.map((s) => s.deliverDue()))).reduce((a, b) => a + b), 0, 'and is not owed any more')
  t.equal(hook.got.length, 1, 'nor sent again')
}

t.test('two instances on one file store deliver an event once', async (t) => deliverOnce(t, await fileStore(t)))

t.test('two instances on one PostgreSQL store deliver an event once', async (t) => {
  const url = databaseUrl(t)
  if (url === null) return
  const name = freshStoreName('addons')
  await deliverOnce(t, async () => {
    const store = await openStore(url, name)
    t.teardown(() => store.close())
    return store
  })
})
