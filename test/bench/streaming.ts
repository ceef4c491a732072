import * as E from 'fp-ts/lib/Either.js'
import { randomUUID } from 'node:crypto'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { listen } from '../../adapters/http/node.js'
import { openPostgresStorage } from '../../adapters/storage/postgres.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { internalsOf } from '../../src/api/internals.js'
import { createHttpHandler } from '../../src/http/handler.js'
import { startInstance, stopInstances } from './instance.js'
import type { Row } from './measure.js'
import { openStreamClients } from './streaming-clients.js'

const ADMIN = '*:*.bench-stream-admin'
const quiet = { error: () => undefined, warn: () => undefined }
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

const heap = () => {
  globalThis.gc?.()
  const m = process.memoryUsage()
  return m.heapUsed + m.external + m.arrayBuffers
}

/**
 * Two instances on one PostgreSQL store, `perServer` SDK streams open on each (the clients in a
 * worker thread): a flag toggled through A `rounds` times, each time from the call on A to the
 * update arriving at the last stream of each instance; and what the server holds per stream.
 */
export const streamingRows = async (url: string, perServer = 1000, rounds = 100): Promise<Row[]> => {
  const store = `bench-stream-${randomUUID()}`
  const open = async () => {
    const opened = await openPostgresStorage({ connectionString: url, store, logger: quiet })
    if (E.isLeft(opened)) throw new Error(opened.left.message)
    return opened.right
  }
  const storeA = await open()
  const auth = tokenAuth({ adminTokens: [ADMIN] })
  const limits = { streaming: { maxStreamsPerToken: perServer, maxStreams: perServer } }
  const apiA = await createAdminApi({ storage: storeA, auth, config: limits })
  const admin = { authorization: ADMIN }
  for (let i = 0; i < 20; i++) {
    const created = await apiA.features.create({ ...admin, params: { projectId: 'default' }, body: { name: `streamed-${i}` } })
    if (E.isLeft(created)) throw new Error(JSON.stringify(created.left))
  }
  const token = await apiA.apiTokens.create({ ...admin, params: {}, body: { tokenName: 'bench-sdk', type: 'client', environment: 'development', projects: ['*'] } })
  if (E.isLeft(token)) throw new Error(JSON.stringify(token.left))
  const serverA = await listen(createHttpHandler(apiA), { port: 0 })
  // B is a process of its own, as a second instance is: its fan-out does not wait for A's.
  const serverB = await startInstance({ DATABASE_URL: url, FLAGPORT_STORE: store, PORT: '0', HOST: '127.0.0.1', FLAGPORT_ADMIN_TOKENS: ADMIN })

  const before = heap()
  const clients = await openStreamClients([serverA.url, serverB.url], token.right.secret, perServer)
  const streams = internalsOf(apiA).streams.size()
  const perStream = Math.round((heap() - before) / streams)

  const delays: number[][] = [[], []]
  const firsts: number[][] = [[], []]
  const acks: number[] = []
  const busyBefore = performance.eventLoopUtilization()
  for (let k = 1; k <= rounds; k++) {
    const params = { projectId: 'default', featureName: 'streamed-0', environment: 'development' }
    const start = performance.timeOrigin + performance.now()
    const toggled = await (k % 2 === 1 ? apiA.features.enableEnvironment({ ...admin, params }) : apiA.features.disableEnvironment({ ...admin, params }))
    if (E.isLeft(toggled)) throw new Error(JSON.stringify(toggled.left))
    acks.push(performance.timeOrigin + performance.now() - start)
    const arrived = await clients.arrived(k)
    arrived.last.forEach((at, s) => delays[s]!.push(at - start))
    arrived.first.forEach((at, s) => firsts[s]!.push(at - start))
  }
  // What A's thread was busy with over the rounds (its commits, and writing each update to its streams).
  const busyMs = performance.eventLoopUtilization(busyBefore).active
  await clients.stop()
  await stopInstances(serverB)
  await serverA.close()
  await storeA.close()

  const row = (name: string, d: number[], note = `${rounds} toggles through A, ${perServer} streams on each instance; from the call on A`): Row => {
    const sorted = [...d].sort((x, y) => x - y)
    return {
      section: 'streaming: postgres',
      operation: name,
      storeSize: 20,
      opsPerSec: 1000 / percentile(sorted, 0.5),
      p50us: percentile(sorted, 0.5) * 1000,
      p99us: percentile(sorted, 0.99) * 1000,
      note,
    }
  }
  return [
    row('toggle on A acknowledged (commit)', acks, 'the part of each figure below that is the commit itself'),
    row('toggle on A to the first of A\'s streams', firsts[0]!),
    row('toggle on A to the last of A\'s streams', delays[0]!),
    row('toggle on A to the first of B\'s streams', firsts[1]!),
    row('toggle on A to the last of B\'s streams', delays[1]!),
    row('toggle on A to the last of all streams', delays[0]!.map((a, i) => Math.max(a, delays[1]![i]!))),
    {
      section: 'streaming: postgres',
      operation: "A's thread busy per toggle",
      storeSize: 20,
      note: `${(busyMs / rounds).toFixed(1)} ms: the commit, and the update written to ${perServer} streams (${((busyMs * 1000) / rounds / perServer).toFixed(1)} µs a stream with the commit spread over them)`,
    },
    { section: 'streaming: postgres', operation: 'server heap per open stream', storeSize: 20, note: `${perStream} bytes (A's ${streams} streams: JS heap and buffers of its thread)` },
  ]
}
