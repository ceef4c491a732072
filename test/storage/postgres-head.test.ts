import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { databaseUrl, freshStoreName, openStore } from './fixtures/postgres.js'
import { addTagType, eventually, seed, tagTypeNames } from './fixtures/pg-helpers.js'

const url = databaseUrl(t)

if (url !== null) {
  t.test('with checked reads and no subscriber, the head moves on sync only', async (t) => {
    const store = freshStoreName('head')
    const a = await openStore(url, store)
    t.teardown(() => a.close())
    await seed(a)
    const b = await openStore(url, store)
    t.teardown(() => b.close())
    const witness = await openStore(url, store, { reads: 'notified' })
    t.teardown(() => witness.close())
    t.same(await addTagType(b, 'from-b'), E.right(2))
    // The same notification reached a's listener; a heartbeat or two passes on top.
    t.ok(await eventually(() => witness.head().version === 2), 'the commit was announced')
    await new Promise((r) => setTimeout(r, 500))
    t.equal(a.head().version, 1, 'a still holds the head it read')
    const stale = await addTagType(a, 'from-a')
    t.same(stale, E.left({ _tag: 'StorageConflict', expected: 1, actual: 2 }), 'a commit on it is a conflict')
    t.ok(E.isRight(await a.sync()), 'sync')
    t.equal(a.head().version, 2, 'brings the head')
    t.ok(tagTypeNames(a.head().state).includes('from-b'), 'and the other handle’s commit')
  })

  t.test('a subscriber added later hears what was announced meanwhile', async (t) => {
    const store = freshStoreName('head')
    const a = await openStore(url, store)
    t.teardown(() => a.close())
    await seed(a)
    const b = await openStore(url, store)
    t.teardown(() => b.close())
    t.same(await addTagType(b, 'late'), E.right(2))
    const heard: number[] = []
    a.subscribe((s) => heard.push(s.version))
    t.ok(await eventually(() => heard.includes(2)), 'heard version 2')
  })
}
