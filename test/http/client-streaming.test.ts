import t from 'tap'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { get as httpGet } from 'node:http'
import { toFetchHandler } from '../../adapters/http/fetch.js'
import { listen } from '../../adapters/http/node.js'
import { openFileStorage } from '../../adapters/storage/file.js'
import { createAdminApi, type AdminApi } from '../../src/api/admin-api.js'
import { internalsOf } from '../../src/api/internals.js'
import { createHttpHandler } from '../../src/http/handler.js'
import { systemClock } from '../../src/ports/clock.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { ADMIN_TOKEN, makeApi, ok } from '../support/api.js'
import { createStreamHub } from '../../src/api/client-stream/hub.js'
import { resolveStreamingLimits, type StreamingLimits } from '../../src/api/client-stream/limits.js'
import { createClientCache } from '../../src/api/client-cache.js'
import { stateOf } from '../../src/api/runner.js'
import { recorded } from '../support/openapi.js'
import { streamingSdk } from '../support/streaming-sdk.js'
import { databaseUrl, freshStoreName, openStore } from '../storage/fixtures/postgres.js'

const admin = { authorization: ADMIN_TOKEN }

const facade = (storage: StoragePort) => createAdminApi({ storage, auth: tokenAuth({ adminTokens: [ADMIN_TOKEN] }), clock: systemClock })

const clientToken = async (api: AdminApi, projects = ['default']) =>
  ok(await api.apiTokens.create({ ...admin, params: {}, body: { tokenName: `sdk-${projects.join('-')}`, type: 'client', environment: 'development', projects } })).secret

const toggle = async (api: AdminApi, name: string, on: boolean) => {
  const params = { projectId: 'default', featureName: name, environment: 'development' }
  ok(await (on ? api.features.enableEnvironment({ ...admin, params }) : api.features.disableEnvironment({ ...admin, params })))
}


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
  t.same(sdk.problems, [], 'the SDK warned of nothing')
  t.same(held.mismatches(), [], 'every answer matches the OpenAPI document')
})

const url = process.env.DATABASE_URL ?? (process.env.CI === 'true' ? databaseUrl(t) : null)
if (url === null) t.test('PostgreSQL, two servers', { skip: 'no DATABASE_URL: run through test/scripts/postgres.sh' }, () => undefined)
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
    t.same(sdk.problems, [])
  })
}

/** A sink that keeps what it is sent; `unread` stands for bytes its reader has not taken. */
const sink = () => {
  const chunks: string[] = []
  const text = new TextDecoder()
  const s = {
    chunks,
    unread: 0,
    closed: false,
    write: (chunk: Uint8Array) => void chunks.push(text.decode(chunk)),
    buffered: () => s.unread,
    close: () => void (s.closed = true),
    /** The events sent, parsed: name, id and data. */
    events: () =>
      chunks
        .filter((c) => !c.startsWith(':'))
        .map((c) => {
          const [, id, event, data] = /^id: (\d+)\nevent: ([a-z-]+)\ndata: (.*)\n\n$/s.exec(c)!
          return { id: Number(id), event: event!, data: JSON.parse(data!) as { events: { type: string; eventId: number; feature?: { name: string; enabled: boolean } }[] } }
        }),
  }
  return s
}

/** Timers that move only when told: `advance` runs what falls due. */
const manualTimers = () => {
  let now = 0
  let jobs: { at: number; run: () => void; every?: number }[] = []
  const add = (job: { at: number; run: () => void; every?: number }) => {
    jobs.push(job)
    return () => void (jobs = jobs.filter((j) => j !== job))
  }
  return {
    now: () => now,
    after: (ms: number, run: () => void) => add({ at: now + ms, run }),
    every: (ms: number, run: () => void) => add({ at: now + ms, run, every: ms }),
    advance: (ms: number) => {
      const end = now + ms
      for (;;) {
        const due = jobs.filter((j) => j.at <= end).sort((a, b) => a.at - b.at)[0]
        if (due === undefined) break
        now = due.at
        if (due.every !== undefined) due.at += due.every
        else jobs = jobs.filter((j) => j !== due)
        due.run()
      }
      now = end
    },
  }
}

/** A hub over a memory facade, with its change signal and timers in the test's hands. */
const hubOver = async (limits: Partial<StreamingLimits> = {}) => {
  const { api } = await makeApi()
  ok(await api.features.create({ params: { projectId: 'default' }, body: { name: 'storm' } }))
  const storage = internalsOf(api).storage
  const timers = manualTimers()
  let heard: (() => void) | undefined
  const signal = { listen: (l: () => void) => ((heard = l), () => void (heard = undefined)) }
  const hub = createStreamHub({
    cache: createClientCache(),
    head: () => ({ state: stateOf(storage), version: storage.head().version }),
    signal,
    limits: resolveStreamingLimits(limits),
    timers,
  })
  const flip = async (on: boolean) => {
    const params = { projectId: 'default', featureName: 'storm', environment: 'development' }
    ok(await (on ? api.features.enableEnvironment({ params }) : api.features.disableEnvironment({ params })))
    heard?.()
  }
  return { api, hub, timers, flip, scope: { environment: 'development', filter: {} }, listening: () => heard !== undefined }
}

t.test('a storm of commits is one event per coalescing window, the first at once', async (t) => {
  const { hub, timers, flip, scope, listening } = await hubOver({ coalesceMs: 100 })
  const s = sink()
  const stop = hub.stream(scope, 'token', undefined).open(s)
  t.ok(listening(), 'an open stream listens for changes')
  const [connected] = s.events()
  t.equal(connected!.event, 'unleash-connected')
  t.same(connected!.data.events.map((e) => e.type), ['hydration'])
  t.equal(connected!.data.events[0]!.eventId, connected!.id, 'the hydration carries the revision the SSE id names')

  await flip(true)
  timers.advance(0)
  t.same(s.events().map((e) => e.event), ['unleash-connected', 'unleash-updated'], 'the first change goes at once')
  for (const on of [false, true, false]) {
    await flip(on)
    timers.advance(10)
  }
  t.equal(s.events().length, 2, 'changes inside the window wait')
  timers.advance(100)
  const sent = s.events()
  t.equal(sent.length, 3, 'the rest of the storm is one event')
  const last = sent[2]!
  t.same(last.data.events.map((e) => [e.type, e.feature?.name, e.feature?.enabled]), [['feature-updated', 'storm', false]], 'it carries the end state')
  t.ok(last.id > sent[1]!.id && sent[1]!.id > connected!.id, 'revisions grow')
  await flip(true)
  await flip(false)
  timers.advance(100)
  t.equal(s.events().length, 3, 'a storm that ends where it began sends nothing')
  stop()
  t.equal(hub.size(), 0)
  t.notOk(listening(), 'the last stream gone, nothing listens')
})

t.test('a reconnecting stream gets what it missed since its Last-Event-ID; an unknown one a hydration', async (t) => {
  const { hub, timers, flip, scope } = await hubOver({ coalesceMs: 0 })
  const first = sink()
  const stop = hub.stream(scope, 'token', undefined).open(first)
  await flip(true)
  timers.advance(0)
  const seen = first.events()[1]!.id
  stop()
  const keeper = sink()
  hub.stream(scope, 'other', undefined).open(keeper)
  await flip(false)
  timers.advance(0)
  const again = sink()
  hub.stream(scope, 'token', String(seen)).open(again)
  const [resumed] = again.events()
  t.same(resumed!.data.events.map((e) => [e.type, e.feature?.enabled]), [['feature-updated', false]], 'only the change missed')
  t.equal(resumed!.id, keeper.events()[1]!.id, 'at the revision the other stream was sent')
  const lost = sink()
  hub.stream(scope, 'token', '1').open(lost)
  t.same(lost.events()[0]!.data.events.map((e) => e.type), ['hydration'], 'a revision no longer known: everything')
  const current = sink()
  hub.stream(scope, 'token', String(resumed!.id)).open(current)
  t.same(current.events()[0]!.data.events, [], 'up to date: no events')
})

t.test('streams are capped per token and in all; a slow reader is dropped; idle streams get heartbeats', async (t) => {
  const { hub, timers, flip, scope } = await hubOver({ maxStreams: 3, maxStreamsPerToken: 2, maxBufferedBytes: 1000, heartbeatMs: 5000, coalesceMs: 0 })
  const a1 = sink()
  const a2 = sink()
  hub.stream(scope, 'a', undefined).open(a1)
  hub.stream(scope, 'a', undefined).open(a2)
  const perToken = hub.refusal('a')
  t.equal(perToken?._tag, 'TooManyRequestsError', "a third stream of one token is refused")
  t.match(perToken?.message, /at most 2 streams/)
  const b = sink()
  t.equal(hub.refusal('b'), undefined, 'another token still has room')
  hub.stream(scope, 'b', undefined).open(b)
  t.match(hub.refusal('c')?.message, /at most 3 streams/, 'past the total, any token is refused')

  timers.advance(5000)
  t.equal(b.chunks.at(-1), ':\n\n', 'a heartbeat comment after the interval')
  a2.unread = 1001
  await flip(true)
  timers.advance(0)
  t.ok(a2.closed, 'the reader that left more than the limit untaken is closed')
  t.equal(hub.size(), 2, 'and no longer counted')
  t.equal(a1.events().at(-1)!.event, 'unleash-updated', 'the others got the change')
  t.equal(hub.refusal('c'), undefined, 'its place is free again')
})

t.test('GET /api/client/delta: a hydration, 304 at the same revision, then only what changed; scoped by the token', async (t) => {
  const { api } = await makeApi({ tokens: true, config: { streaming: { suggestStreaming: true, maxStreamsPerToken: 1 } } })
  ok(await api.projects.create({ ...admin, params: {}, body: { id: 'other', name: 'Other' } }))
  ok(await api.features.create({ ...admin, params: { projectId: 'default' }, body: { name: 'checkout' } }))
  ok(await api.features.create({ ...admin, params: { projectId: 'other' }, body: { name: 'elsewhere' } }))
  const token = await clientToken(api)
  const held = recorded(createHttpHandler(api))
  const get = (path: string, headers: Record<string, string> = {}) => held.handler({ method: 'GET', path, headers: { authorization: token, ...headers } })

  const first = await get('/api/client/delta')
  t.equal(first.status, 200)
  const hydrated = JSON.parse(first.body!) as { events: { type: string; features: { name: string }[] }[] }
  t.same(hydrated.events.map((e) => e.type), ['hydration'])
  t.same(hydrated.events[0]!.features.map((f) => f.name), ['checkout'], "only the token's project")
  t.match(first.headers.etag, /^"\d+"$/, 'the ETag is the revision')
  t.equal(first.headers['fetch-mode'], 'streaming', 'streaming is suggested while the token has room')
  t.equal((await get('/api/client/delta', { 'if-none-match': first.headers.etag! })).status, 304, 'nothing changed: 304')

  await toggle(api, 'checkout', true)
  const changed = await get('/api/client/delta', { 'if-none-match': first.headers.etag! })
  t.equal(changed.status, 200)
  t.same(JSON.parse(changed.body!).events.map((e: { type: string; feature: { name: string; enabled: boolean } }) => [e.type, e.feature.name, e.feature.enabled]), [['feature-updated', 'checkout', true]])
  t.not(changed.headers.etag, first.headers.etag, 'a new revision')
  const unknown = await get('/api/client/delta', { 'if-none-match': '"999999"' })
  t.same(JSON.parse(unknown.body!).events.map((e: { type: string }) => e.type), ['hydration'], 'a revision not known here: a hydration')
  t.equal((await get('/api/client/delta', { authorization: '' })).status, 401, 'no token: 401')

  const streamed = await get('/api/client/streaming')
  t.equal(streamed.status, 200)
  t.match(streamed.headers['content-type'], /^text\/event-stream/)
  const s = sink()
  const stop = streamed.stream!.open(s)
  t.teardown(stop)
  t.equal(s.events()[0]!.event, 'unleash-connected')
  const refused = await get('/api/client/streaming')
  t.equal(refused.status, 429, 'past the cap: 429, on which SDKs poll')
  t.match(refused.body, /at most 1 streams/)
  t.equal((await get('/api/client/features')).headers['fetch-mode'], undefined, 'a token with no room is not asked to stream')
  t.equal((await held.handler({ method: 'HEAD', path: '/api/client/streaming', headers: { authorization: token } })).stream, undefined, 'HEAD opens no stream')
  t.same(held.mismatches(), [])
})

t.test('a stream over the fetch adapter, and over node:http, which a stopping server ends rather than waits for', async (t) => {
  const { api } = await makeApi({ tokens: true })
  const token = await clientToken(api)
  const handler = createHttpHandler(api)
  const fetchHandler = toFetchHandler(handler)
  const response = await fetchHandler(new Request('http://flagport.test/api/client/streaming', { headers: { authorization: token } }))
  t.equal(response.status, 200)
  t.equal(response.headers.get('cache-control'), 'no-cache, no-transform')
  const reader = response.body!.getReader()
  const first = new TextDecoder().decode((await reader.read()).value)
  t.match(first, /^id: \d+\nevent: unleash-connected\ndata: \{"events":\[\{"eventId":\d+,"type":"hydration"/)
  t.equal(internalsOf(api).streams.size(), 1)
  await reader.cancel()
  t.equal(internalsOf(api).streams.size(), 0, 'a reader that cancels leaves no stream behind')

  // A grace longer than the test's timeout: close() resolves only because it ends the stream.
  const server = await listen(handler, { port: 0, host: '127.0.0.1', graceMs: 600_000 })
  const ended = new Promise<string>((resolve, reject) => {
    const req = httpGet(`${server.url}/api/client/streaming`, { headers: { authorization: token } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve(text))
    })
    req.on('error', reject)
  })
  while (internalsOf(api).streams.size() === 0) await new Promise((resolve) => setImmediate(resolve))
  await server.close()
  t.match(await ended, /event: unleash-connected/, 'the client got its events, then the end')
  t.equal(internalsOf(api).streams.size(), 0)
})
