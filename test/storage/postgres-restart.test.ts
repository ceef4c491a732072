import * as E from 'fp-ts/lib/Either.js'
import pg from 'pg'
import t from 'tap'
import { databaseUrl, freshStoreName, openStore } from './fixtures/postgres.js'
import { ownCluster, restart } from './fixtures/pg-cluster.js'
import { addTagType, seed, tagTypeNames } from './fixtures/pg-helpers.js'

/**
 * The database restarted while commits are in flight. On a cluster of its own, so that the
 * restart does not reach the other tests' connections.
 */
if (databaseUrl(t) !== null) {
  t.test('the database restarted mid-commit: every acknowledged commit is there, and commits go on', async (t) => {
    const cluster = await ownCluster()
    t.teardown(() => cluster.stop())
    const store = freshStoreName('restart')
    const port = await openStore(cluster.url, store)
    t.teardown(() => port.close())
    await seed(port)
    const acknowledged: string[] = []
    for (let i = 0; i < 10; i++) if (E.isRight(await addTagType(port, `before-${i}`))) acknowledged.push(`before-${i}`)
    t.equal(acknowledged.length, 10, 'commits before the restart')

    // Holds the head row, so that the next commit is certainly in flight when the database stops.
    const holder = new pg.Client({ connectionString: cluster.url })
    holder.on('error', () => undefined)
    await holder.connect()
    await holder.query('BEGIN')
    await holder.query('SELECT 1 FROM flagport_store WHERE id = $1 FOR UPDATE', [store])
    const inFlight = addTagType(port, 'in-flight')
    for (let waiting = 0; waiting === 0; ) {
      const r = await holder.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'flagport' AND wait_event_type = 'Lock'")
      waiting = Number(r.rows[0]!.n)
    }
    t.equal(await restart(cluster.dir), 0, 'the database restarted')
    const lost = await inFlight
    t.equal(E.isLeft(lost) && lost.left._tag, 'StorageFailure', 'the commit in flight failed, unacknowledged')

    let after = 0
    for (let i = 0; after < 5 && i < 1_000; i++) {
      const synced = await port.sync()
      const r = E.isRight(synced) ? await addTagType(port, `after-${i}`) : synced
      if (E.isRight(r)) {
        acknowledged.push(`after-${i}`)
        after += 1
      } else await new Promise((resolve) => setTimeout(resolve, 20))
    }
    t.equal(after, 5, 'commits go on once it is back')
    const again = await openStore(cluster.url, store)
    t.teardown(() => again.close())
    const stored = new Set(tagTypeNames(again.head().state))
    t.same(acknowledged.filter((name) => !stored.has(name)), [], 'none of the acknowledged commits is lost')
    t.notOk(stored.has('in-flight'), 'the one that failed was not written')
    t.equal(again.head().version, 1 + acknowledged.length, 'one version per acknowledged commit')
  })
}
