import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { immer } from '../../src/api/immer.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { deleteRow } from '../../src/store/table.js'
import { transact } from '../../src/store/transaction.js'
import { databaseUrl, freshStoreName, openStore } from './fixtures/postgres.js'
import { addTagType, admin, seed, tagTypeNames } from './fixtures/pg-helpers.js'

const url = databaseUrl(t)
const manual = { compactAfterCommits: 1_000_000, keepCommits: 0 }

/** Each snapshot part with the transaction that last wrote it. */
const partWriters = async (store: string): Promise<Map<string, string>> =>
  new Map((await admin<{ part: string; xmin: string }>(url!, 'SELECT part, xmin::text AS xmin FROM flagport_snapshot_part WHERE store = $1', [store])).map((r) => [r.part, r.xmin]))

const rewritten = (before: Map<string, string>, after: Map<string, string>): string[] => [...after].filter(([part, xmin]) => before.get(part) !== xmin).map(([part]) => part).sort()

const removeTagType = (port: StoragePort, name: string) => {
  const { state, version } = port.head()
  const { state: next, changes } = transact(state!, immer, (d) => void deleteRow(d.tagTypes, name))
  return port.commit({ baseVersion: version, changes, state: next })
}

const reopenedState = async (store: string): Promise<string> => {
  const again = await openStore(url!, store, { listen: false })
  try {
    return JSON.stringify(again.head().state)
  } finally {
    await again.close()
  }
}

if (url !== null) {
  t.test('compaction rewrites only the rows changed since the snapshot it wrote', async (t) => {
    const store = freshStoreName('compaction')
    const a = await openStore(url, store, manual)
    t.teardown(() => a.close())
    await seed(a)
    t.same(await a.compact(), E.right('written'))
    const first = await partWriters(store)
    t.ok(first.has('row:tagTypes:simple') && first.has('state'), 'a part per row, and the state part')

    t.same(await addTagType(a, 'added'), E.right(2))
    t.same(await a.compact(), E.right('written'))
    const second = await partWriters(store)
    t.same(rewritten(first, second), ['row:tagTypes:added', 'state'], 'only the added row and the state part are written')

    t.same(await removeTagType(a, 'added'), E.right(3))
    t.same(await a.compact(), E.right('written'))
    const third = await partWriters(store)
    t.notOk(third.has('row:tagTypes:added'), 'a removed row’s part is gone')
    t.same(rewritten(second, third).filter((part) => !part.startsWith('row:tagTypes:')), ['state'], 'no other table is written')
    t.equal(await reopenedState(store), JSON.stringify(a.head().state), 'the snapshot reads back as the state')
  })

  t.test('an instance compacting after another one rewrites the snapshot whole: no row removed meanwhile stays', async (t) => {
    const store = freshStoreName('compaction')
    // Commits are kept, so b replays them rather than reloading the newer snapshot.
    const a = await openStore(url, store, { ...manual, keepCommits: 100 })
    t.teardown(() => a.close())
    await seed(a)
    t.same(await a.compact(), E.right('written'))
    const b = await openStore(url, store, { ...manual, listen: false })
    t.teardown(() => b.close())
    t.same(await addTagType(a, 'ghost'), E.right(2))
    t.same(await a.compact(), E.right('written'))
    t.same(await removeTagType(a, 'ghost'), E.right(3))
    t.ok(E.isRight(await b.sync()))
    t.notOk(tagTypeNames(b.head().state).includes('ghost'))
    t.same(await b.compact(), E.right('written'), 'b compacts on a snapshot it did not write')
    t.notOk((await partWriters(store)).has('row:tagTypes:ghost'), 'the row removed since is not in the snapshot')
    t.equal(await reopenedState(store), JSON.stringify(a.head().state), 'the snapshot reads back as the state')
  })
}
