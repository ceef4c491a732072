import * as E from 'fp-ts/lib/Either.js'
import pg from 'pg'
import t, { type Test } from 'tap'
import { openAuth } from '../../adapters/auth/open.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { immer } from '../../src/api/immer.js'
import { initialState } from '../../src/domain/seed.js'
import { getRow, rows, setRow } from '../../src/store/table.js'
import { transact } from '../../src/store/transaction.js'
import { admin } from './fixtures/pg-helpers.js'
import { databaseUrl, freshStoreName, openStore } from './fixtures/postgres.js'
import { freeze, ownCluster, restart } from './fixtures/pg-cluster.js'

/**
 * Faults of the database under two instances writing at once (two stores and facades in this
 * process, so an unheard driver 'error' would end the test run): backends terminated in a
 * loop, an immediate restart, the whole cluster frozen. Each must end with both instances
 * alive and writing again within seconds, every write answered either 2xx or a 503 within the
 * configured deadline, and every acknowledged write stored.
 */

/** The deadline the instances are given: short, so that a freeze of a few seconds outlasts it. */


const TIMEOUT_MS = 500
const WRITERS = 4
const LIMITS = { featureFlags: 1_000_000 }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const instance = async (url: string, store: string) => {
  const storage = await openStore(url, store, { timeoutMs: TIMEOUT_MS, connectTimeoutMs: TIMEOUT_MS, heartbeatMs: 200, compactAfterCommits: 50, keepCommits: 20 })
  const api = await createAdminApi({ storage, auth: openAuth(), config: { resourceLimits: LIMITS } })
  return { storage, api }
}

type Instance = Awaited<ReturnType<typeof instance>>

interface Outcome {
  readonly acknowledged: string[]
  /** When each instance first acknowledged a write after the fault ended, in ms after it. */
  readonly recoveredMs: number[]
  readonly ok: number
  readonly unavailable: number
  readonly other: unknown[]
  /** The longest a refused write took. */
  readonly slowestRefusalMs: number
}

/** Writers on both instances before, during and after `fault`, each creating features of unique names. */
const underLoad = async (label: string, instances: Instance[], fault: () => Promise<void>): Promise<Outcome> => {
  const acknowledged: string[] = []
  const other: unknown[] = []
  let ok = 0
  let unavailable = 0
  let slowestRefusalMs = 0
  let faultEnded = Infinity
  const recovered = instances.map(() => Infinity)
  let stop = false
  const writer = async (k: number, w: number) => {
    const { api } = instances[k]!
    for (let i = 0; !stop; i++) {
      const name = `${label}-${k}-${w}-${i}`
      const began = performance.now()
      const r = await api.features.create({ params: { projectId: 'default' }, body: { name } })
      const took = performance.now() - began
      if (E.isRight(r)) {
        ok++
        acknowledged.push(name)
        if (began >= faultEnded) recovered[k] = Math.min(recovered[k]!, performance.now() - faultEnded)
      } else {
        if ((r.left as { _tag?: string })._tag === 'StorageError') unavailable++
        else other.push(r.left)
        slowestRefusalMs = Math.max(slowestRefusalMs, took)
        await sleep(10)
      }
    }
  }
  const running = instances.flatMap((_, k) => Array.from({ length: WRITERS }, (_, w) => writer(k, w)))
  await sleep(200)
  await fault()
  faultEnded = performance.now()
  for (let waited = 0; recovered.some((r) => r === Infinity) && waited < 20_000; waited += 20) await sleep(20)
  await sleep(200)
  stop = true
  await Promise.all(running)
  return { acknowledged, recoveredMs: recovered.map(Math.round), ok, unavailable, other, slowestRefusalMs: Math.round(slowestRefusalMs) }
}

/** What a fresh handle reads: the names of the features stored. */
const storedNames = async (url: string, store: string): Promise<Set<string>> => {
  const reader = await openStore(url, store, { listen: false })
  try {
    return new Set(rows(reader.head().state!.features).map((feature) => feature.name))
  } finally {
    await reader.close()
  }
}

if (databaseUrl(t) !== null) {
  t.test('database faults under two writing instances', async (t) => {
    const cluster = await ownCluster()
    t.teardown(() => cluster.stop())

    const check = async (t: Test, label: string, fault: (store: string) => Promise<void>) => {
      const store = freshStoreName(label)
      const a = await instance(cluster.url, store)
      const b = await instance(cluster.url, store)
      t.teardown(() => Promise.all([a.storage.close(), b.storage.close()]))
      const outcome = await underLoad(label, [a, b], () => fault(store))
      t.comment(`${label}: ${outcome.ok} x 2xx, ${outcome.unavailable} x 503, slowest 503 ${outcome.slowestRefusalMs} ms, writes again after ${outcome.recoveredMs.join(' and ')} ms`)
      t.same(outcome.other, [], 'every write answered 2xx or 503')
      t.ok(outcome.recoveredMs.every((ms) => ms < 5_000), 'both instances write again within seconds')
      t.ok(outcome.slowestRefusalMs < 2 * TIMEOUT_MS + 1_000, 'a refusal comes within the deadline (a read and a commit, each bounded)')
      for (const { storage } of [a, b]) t.ok(E.isRight(await storage.sync()), 'the instance reads again')
      const stored = await storedNames(cluster.url, store)
      t.same(outcome.acknowledged.filter((name) => !stored.has(name)), [], `0 of ${outcome.acknowledged.length} acknowledged writes lost`)
      return outcome
    }

    await t.test('every flagport backend terminated, again and again', async (t) => {
      const killer = new pg.Client({ connectionString: cluster.url, application_name: 'test-killer' })
      killer.on('error', () => undefined)
      await killer.connect()
      t.teardown(() => killer.end())
      let killed = 0
      await check(t, 'terminated', async () => {
        for (let round = 0; round < 20; round++) {
          const r = await killer.query<{ n: string }>("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE application_name LIKE 'flagport%'")
          killed += Number(r.rows[0]!.n)
          await sleep(100)
        }
      })
      t.comment(`${killed} backends terminated`)
      t.ok(killed >= 20, 'backends were terminated')
    })

    await t.test('a compaction’s connection terminated while idle in its transaction', async (t) => {
      const store = freshStoreName('compaction')
      const storage = await openStore(cluster.url, store, { compactAfterCommits: 1_000_000 })
      t.teardown(() => storage.close())
      const state = initialState('faults', '2026-01-01T00:00:00.000Z')
      const template = getRow(state.tagTypes, 'simple')!
      // Rows enough that writing the snapshot's parts leaves the transaction idle a while.
      const big = transact(state, immer, (d) => {
        for (let i = 0; i < 20_000; i++) setRow(d.tagTypes, `type-${i}`, { ...template, name: `type-${i}` })
      }).state
      t.ok(E.isRight(await storage.commit({ baseVersion: 0, changes: [{ op: 'state', state: big }], state: big })))
      const killer = new pg.Client({ connectionString: cluster.url, application_name: 'test-killer' })
      killer.on('error', () => undefined)
      await killer.connect()
      t.teardown(() => killer.end())
      let killed = 0
      let compacting = true
      const kill = (async () => {
        while (compacting && killed === 0) {
          const r = await killer.query<{ n: string }>(
            "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE application_name = 'flagport' AND state = 'idle in transaction'",
          )
          killed += Number(r.rows[0]!.n)
        }
      })()
      const compacted = await storage.compact()
      compacting = false
      await kill
      t.equal(killed, 1, 'its backend was terminated mid-transaction')
      t.equal(E.isLeft(compacted) && compacted.left._tag, 'StorageFailure', 'that compaction failed, as a value')
      t.same(await storage.compact(), E.right('written'), 'the next one is written, on another connection')
      t.ok(E.isRight(await storage.sync()), 'the store reads on')
    })

    await t.test('an exclusive section’s connection terminated', async (t) => {
      const store = freshStoreName('exclusive')
      const storage = await openStore(cluster.url, store, { timeoutMs: TIMEOUT_MS })
      t.teardown(() => storage.close())
      const ran = await storage.exclusive(async () => {
        await admin(cluster.url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'flagport' AND query LIKE '%pg_advisory_lock%'")
        await sleep(100)
        return 'ran'
      })
      t.same(ran, E.right('ran'), 'the section ran to its end')
      t.same(await storage.exclusive(async () => 'again'), E.right('again'), 'the next section takes the lock on a new connection')
    })

    await t.test('an immediate restart of the cluster', async (t) => {
      await check(t, 'restarted', async () => {
        t.equal(await restart(cluster.dir), 0, 'the cluster restarted')
      })
    })

    await t.test('the cluster frozen (SIGSTOP) for longer than the deadline', async (t) => {
      const outcome = await check(t, 'frozen', () => freeze(cluster.dir, 4 * TIMEOUT_MS))
      t.ok(outcome.unavailable > 0, 'writes during the freeze were refused with a 503')
    })
  })
}
