import * as E from 'fp-ts/lib/Either.js'
import { randomUUID } from 'node:crypto'
import { openAuth } from '../../adapters/auth/open.js'
import { openPostgresStorage, type PostgresStorage } from '../../adapters/storage/postgres.js'
import { openFileStorage } from '../../adapters/storage/file.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import type { State } from '../../src/model/state.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { buildState, featureName } from './fixtures.js'
import { fire, SERVER, start, stop, TOKEN } from './http.js'
import { measure, type Row } from './measure.js'
import { fileStore } from './stores.js'

const LIMITS = { featureFlags: 10_000_000, projects: 10_000_000, apiTokens: 10_000_000 }
const quiet = { error: () => undefined, warn: () => undefined }

const openPg = async (url: string, store: string, timeoutMs?: number): Promise<PostgresStorage> => {
  const opened = await openPostgresStorage({ connectionString: url, store, logger: quiet, ...(timeoutMs === undefined ? {} : { timeoutMs }) })
  if (E.isLeft(opened)) throw new Error(`cannot open the PostgreSQL store: ${opened.left.message}`)
  return opened.right
}

/** A PostgreSQL store (a name of its own in the database) holding `state`. */
const seededPg = async (url: string, state: State): Promise<{ store: string; storage: PostgresStorage }> => {
  const store = `bench-${randomUUID()}`
  // Seeding writes the whole store in one commit: not measured, and given the time it takes.
  const storage = await openPg(url, store, 120_000)
  const committed = await storage.commit({ baseVersion: 0, changes: [{ op: 'state', state }], state })
  if (E.isLeft(committed)) throw new Error(`cannot seed: ${JSON.stringify(committed.left)}`)
  await storage.compact()
  return { store, storage }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

/** How long after `a` acknowledges a commit `b` tells its subscribers of it, `n` times. */
const propagation = async (a: StoragePort, b: StoragePort, n: number): Promise<{ p50us: number; p99us: number }> => {
  const api = await createAdminApi({ storage: a, auth: openAuth(), config: { resourceLimits: LIMITS } })
  const delays: number[] = []
  for (let i = 0; i < n; i++) {
    let heardAt = 0
    let target = Number.MAX_SAFE_INTEGER
    const stopListening = b.subscribe!((s) => {
      if (s.version >= target && heardAt === 0) heardAt = performance.now()
    })
    const r = await api.features.update({ params: { projectId: 'default', featureName: featureName(i % 100) }, body: { description: `propagated ${i}` } })
    if (E.isLeft(r)) throw new Error(JSON.stringify(r.left))
    const acknowledged = performance.now()
    target = a.head().version
    if (b.head().version >= target) heardAt = acknowledged
    while (heardAt === 0) await new Promise((resolve) => setImmediate(resolve))
    stopListening()
    delays.push((heardAt - acknowledged) * 1000)
  }
  delays.sort((x, y) => x - y)
  return { p50us: percentile(delays, 0.5), p99us: percentile(delays, 0.99) }
}

/**
 * Two instances updating features of one store at once, `writers` requests in flight on each,
 * for `seconds`: their combined rate, and whether the store's version rose by exactly the
 * number of acknowledged updates (each is one commit: none lost, none doubled).
 */
const combined = async (a: StoragePort, b: StoragePort, seconds: number, writers = 16, features = 1000) => {
  // Descriptions no earlier run wrote: an update to what a feature already holds commits nothing.
  const run = randomUUID().slice(0, 8)
  const apis = await Promise.all([a, b].map((storage) => createAdminApi({ storage, auth: openAuth(), config: { resourceLimits: LIMITS } })))
  await a.sync()
  const before = a.head().version
  const deadline = performance.now() + seconds * 1000
  let acknowledged = 0
  let failed = 0
  const writer = async (api: (typeof apis)[number], w: number) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const r = await api.features.update({ params: { projectId: 'default', featureName: featureName((w * 37 + i) % features) }, body: { description: `${run} w${w} ${i}` } })
      if (E.isRight(r)) acknowledged++
      else failed++
    }
  }
  const started = performance.now()
  await Promise.all(apis.flatMap((api, k) => Array.from({ length: writers }, (_, w) => writer(api, k * writers + w))))
  const elapsed = (performance.now() - started) / 1000
  await a.sync()
  return { perSec: acknowledged / elapsed, lost: acknowledged - (a.head().version - before), failed }
}

/** The PostgreSQL section: only when DATABASE_URL names a database. */
export const postgresRows = async (url: string, seconds: number): Promise<Row[]> => {
  const size = 1000
  const rows: Row[] = []
  const state = buildState(size)

  // Sequential commits, beside the file store.
  const pg = await seededPg(url, state)
  const file = await fileStore(state)
  for (const [name, storage] of [['postgres', pg.storage], ['file', file.storage]] as const) {
    const api = await createAdminApi({ storage, auth: openAuth(), config: { resourceLimits: LIMITS } })
    rows.push(
      await measure(`store: ${name}`, 'commit (update feature), one at a time', size, (i) =>
        api.features.update({ params: { projectId: 'default', featureName: featureName((i * 7919) % size) }, body: { description: `bench ${i}` } }),
      { seconds },
      ),
    )
  }

  // Two instances on one store.
  const other = await openPg(url, pg.store)
  const both = await combined(pg.storage, other, Math.max(2, seconds * 2))
  rows.push({ section: 'store: postgres', operation: 'two instances, combined updates', storeSize: size, opsPerSec: both.perSec, note: `${both.lost} lost, ${both.failed} failed` })
  // Contention: 16 writers in all, through both instances, on the same 4 features.
  const contended = await combined(pg.storage, other, Math.max(2, seconds * 2), 8, 4)
  rows.push({ section: 'store: postgres', operation: 'two instances, 16 writers on 4 features', storeSize: size, opsPerSec: contended.perSec, note: `${contended.lost} lost, ${contended.failed} failed` })
  const fileOther = await (async () => {
    const opened = await openFileStorage({ path: file.dir! })
    if (E.isLeft(opened)) throw new Error(opened.left.message)
    return opened.right
  })()
  const fileBoth = await combined(file.storage, fileOther, Math.max(2, seconds * 2))
  rows.push({ section: 'store: file', operation: 'two handles, combined updates', storeSize: size, opsPerSec: fileBoth.perSec, note: `${fileBoth.lost} lost, ${fileBoth.failed} failed` })

  // Propagation from one instance to another.
  const heard = await propagation(pg.storage, other, 200)
  rows.push({ section: 'store: postgres', operation: 'propagation to another instance', storeSize: size, ...heard, note: 'acknowledged by one, told to the other’s subscribers' })
  const fileHeard = await propagation(file.storage, fileOther, 40)
  rows.push({ section: 'store: file', operation: 'propagation to another handle', storeSize: size, ...fileHeard, note: 'the file store polls' })
  await Promise.all([other.close(), pg.storage.close(), fileOther.close(), file.dispose()])

  // PUT feature over HTTP, the `npm start` server on PostgreSQL.
  const served = await seededPg(url, buildState(10_000))
  await served.storage.close()
  const server = await start(SERVER, { PORT: '0', DATABASE_URL: url, FLAGPORT_STORE: served.store, FLAGPORT_ADMIN_TOKENS: TOKEN })
  try {
    const load = { operation: 'update feature', method: 'PUT' as const, path: `/api/admin/projects/default/features/${featureName(1)}`, body: (i: number) => ({ description: `bench ${i}` }) }
    await fire(server, load, 1)
    const { result } = await fire(server, load, Math.max(2, Math.round(seconds * 3)))
    rows.push({
      section: 'http (postgres)',
      operation: 'update feature',
      storeSize: 10_000,
      opsPerSec: result.requests.average,
      p50us: result.latency.p50 * 1000,
      p99us: result.latency.p99 * 1000,
      note: `50 connections${result.non2xx + result.errors ? `, ${result.non2xx + result.errors} failed` : ''}`,
    })
  } finally {
    await stop(server.child)
  }
  return rows
}
