import * as E from 'fp-ts/lib/Either.js'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { getRow } from '../../src/store/table.js'
import { change, mustOpen, seed, startCommitter, tempDir } from './fixtures/helpers.js'

/**
 * A process killed again and again, each time as soon as it has opened the store (a crash
 * loop), still compacts: opening compacts a journal past the threshold before serving, so
 * the journal stays bounded however short each life is.
 */
const THRESHOLD = 4 << 10
const KILLS = 4

t.test(`a store reopened and killed ${KILLS} times right after opening keeps its journal bounded`, async (t) => {
  const dir = await tempDir(t)
  const journal = () => stat(join(dir, 'journal.jsonl')).then((s) => s.size)
  // A long journal, written by a handle that never compacts.
  const writer = await mustOpen({ path: dir, compactAfterBytes: 1 << 30 })
  await seed(writer)
  const users = writer.head().state!.counters.user
  let written = 0
  for (let i = 0; i < 200; i++) if (E.isRight(await change(writer, (d) => void (d.counters.user += 1)))) written++
  t.equal(written, 200, 'a long journal written')
  await writer.close()
  const before = await journal()
  t.ok(before > 4 * THRESHOLD, `the journal is long (${before} bytes)`)

  const sizes: number[] = []
  const acknowledged: string[] = []
  for (let i = 0; i < KILLS; i++) {
    const kid = await startCommitter(dir, `c${i}-`, 0, 1, THRESHOLD)
    await kid.ready
    kid.kill()
    const exit = await kid.exited
    t.equal(exit.signal, 'SIGKILL', `life ${i} ended by the kill`)
    acknowledged.push(...kid.acks().map(([, name]) => name))
    sizes.push(await journal())
  }
  t.comment(`journal before: ${before} bytes; after each kill: ${sizes.join(', ')} bytes`)
  t.ok(sizes[0]! < THRESHOLD, 'the first life compacted before it was killed')
  t.ok(sizes.every((size) => size < 2 * THRESHOLD), 'the journal stays bounded across the kills')
  const store = await mustOpen({ path: dir })
  t.teardown(() => store.close())
  t.equal(store.head().state!.counters.user, users + 200, 'every commit of the long journal is kept')
  t.same(acknowledged.filter((name) => getRow(store.head().state!.tagTypes, name) === undefined), [], 'and every one acknowledged between the kills')
})
