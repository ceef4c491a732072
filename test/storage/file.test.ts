import * as E from 'fp-ts/lib/Either.js'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { nodeFileSystem, openFileStorage, type FileStoreError, type FileSystem } from '../../adapters/storage/file.js'
import { getRow, setRow } from '../../src/store/table.js'
import { change, mustOpen, seed, tempDir, until } from './fixtures/helpers.js'

/** A promise with its resolver outside, to hold an fs call until the test lets it go. */
const gate = () => {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20))

/** A handle releases the lock just after acknowledging: wait for that before touching LOCK. */
const unlocked = (dir: string) => until(async () => !(await readdir(dir)).includes('LOCK'))

/**
 * Waits until the journal that was `ino` has been replaced by a compaction and the lock given
 * back: the whole switch-over done, not only its snapshot written (which comes first).
 */
const compactedSince = (dir: string, ino: number) =>
  until(async () => (await stat(join(dir, 'journal.jsonl'))).ino !== ino && !(await readdir(dir)).includes('LOCK'))

/**
 * A seeded store that compacts as soon as it can, its first compaction done. `hold()` makes its
 * next switch-over (the rename of a new journal into place) wait until `release()`; `held()`
 * tells whether one is waiting. `fs` replaces other calls as `mustOpen`'s does.
 */
const gatedCompaction = async (t: Parameters<typeof tempDir>[0], fs: Partial<FileSystem> = {}) => {
  const dir = await tempDir(t)
  let switchOver: ReturnType<typeof gate> | undefined
  let waiting = false
  const store = await mustOpen({
    path: dir,
    compactAfterBytes: 1,
    fs: {
      ...fs,
      rename: async (from, to) => {
        if (switchOver && to.endsWith('journal.jsonl')) {
          waiting = true
          await switchOver.opened
        }
        return nodeFileSystem.rename(from, to)
      },
    },
  })
  const opened = (await stat(join(dir, 'journal.jsonl'))).ino
  await seed(store)
  await compactedSince(dir, opened)
  return {
    dir,
    store,
    hold: () => void (switchOver = gate()),
    held: () => waiting,
    release: () => {
      switchOver?.open()
      switchOver = undefined
    },
  }
}

/** A commit larger than the snapshot (3,000 tag types), so that a compaction follows it at once. */
const growPastSnapshot = (store: Parameters<typeof change>[0], recipe: Parameters<typeof change>[1] = () => undefined) =>
  change(store, (d) => {
    recipe(d)
    const template = getRow(d.tagTypes, 'simple')!
    for (let i = 0; i < 3000; i++) setRow(d.tagTypes, `type-${i}`, { ...template, name: `type-${i}`, description: 'x'.repeat(40) })
  })

const journalLines = async (dir: string) => (await readFile(join(dir, 'journal.jsonl'), 'utf8')).split('\n').slice(0, -1)

t.test('the journal is a header and one checksummed line per commit', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir })
  await seed(store)
  await change(store, (d) => void (d.counters.user = 5))
  await store.close()
  const lines = await journalLines(dir)
  t.equal(lines.length, 3, 'header, seed, change')
  for (const line of lines) {
    const [sum, payload] = [line.slice(0, 16), line.slice(17)]
    t.equal(sum, createHash('sha256').update(payload).digest('hex').slice(0, 16), 'checksum: first 16 hex digits of the sha256 of the payload')
  }
  t.same(JSON.parse(lines[0]!.slice(17)), { format: 'flagport-journal', formatVersion: 2, base: 0 }, 'header')
  t.same(Object.keys(JSON.parse(lines[1]!.slice(17))), ['v', 's'], 'the first commit carries the state')
  t.same(JSON.parse(lines[2]!.slice(17)), { v: 2, c: [{ op: 'field', record: 'counters', field: 'user', value: 5 }] }, 'later ones only their row changes')
})

t.test('a commit’s line holds only its row changes, however large the store', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir, compactAfterBytes: 1 << 30 })
  await seed(store)
  await change(store, (d) => void (d.counters.user = 5))
  const small = (await journalLines(dir)).at(-1)!.length
  const template = getRow(store.head().state!.tagTypes, 'simple')!
  await change(store, (d) => {
    for (let i = 0; i < 5000; i++) setRow(d.tagTypes, `type-${i}`, { ...template, name: `type-${i}`, description: 'x'.repeat(40) })
  })
  await change(store, (d) => void (d.counters.user = 6))
  const large = (await journalLines(dir)).at(-1)!.length
  t.equal(large, small, `the same ${small} bytes with 5000 more rows`)
  await store.close()
})

t.test('commits accepted together are written with one write and one fsync', async (t) => {
  const dir = await tempDir(t)
  const calls = { write: 0, fdatasync: 0 }
  const store = await mustOpen({
    path: dir,
    fs: {
      write: (...args) => (calls.write++, nodeFileSystem.write(...args)),
      fdatasync: (fd) => (calls.fdatasync++, nodeFileSystem.fdatasync(fd)),
    },
  })
  await seed(store)
  calls.write = calls.fdatasync = 0
  const results = await Promise.all(Array.from({ length: 50 }, (_, i) => change(store, (d) => void (d.counters.event = i))))
  t.same(results, results.map((_, i) => E.right(i + 2)), 'all acknowledged, in order')
  t.same(calls, { write: 1, fdatasync: 1 }, 'one write, one fsync')
  await store.close()
})

t.test('commits accepted during an fsync go out together in the next write; none is acknowledged before its fsync', async (t) => {
  const dir = await tempDir(t)
  let held: ReturnType<typeof gate> | null = null
  let syncs = 0
  const store = await mustOpen({
    path: dir,
    fs: {
      fdatasync: async (fd) => {
        syncs++
        if (held) await held.opened
        return nodeFileSystem.fdatasync(fd)
      },
    },
  })
  await seed(store)
  syncs = 0
  held = gate()
  let firstDone = false
  const first = change(store, (d) => void (d.counters.user = 5)).then((r) => ((firstDone = true), r))
  // Its fsync under way (one tick was not always enough on a busy machine: all eleven went out together).
  await until(() => syncs === 1)
  const more = Array.from({ length: 10 }, (_, i) => change(store, (d) => void (d.counters.group = i)))
  await tick()
  t.notOk(firstDone, 'not acknowledged while its fsync is under way')
  t.equal(store.head().version, 12, 'the head already holds all of them')
  const stuck = held
  held = null
  stuck.open()
  t.same(await first, E.right(2), 'acknowledged once the fsync returned')
  t.same(await Promise.all(more), Array.from({ length: 10 }, (_, i) => E.right(i + 3)), 'the rest too')
  t.equal(syncs, 2, 'ten commits, one more fsync')
  await store.close()
})

t.test('compaction writes a snapshot off the commit path, then starts a new journal from it', async (t) => {
  const dir = await tempDir(t)
  let snapshotGate: ReturnType<typeof gate> | null = null
  const store = await mustOpen({
    path: dir,
    compactAfterBytes: 1,
    fs: {
      open: async (path, flags, mode) => {
        if (snapshotGate && path.includes('snapshot-') && path.endsWith('.tmp')) await snapshotGate.opened
        return nodeFileSystem.open(path, flags, mode)
      },
    },
  })
  await seed(store)
  snapshotGate = gate()
  // The journal is over the threshold: this commit starts a compaction, which is held.
  await change(store, (d) => void (d.counters.user = 5))
  const during = await Promise.all([2, 3, 4].map((n) => change(store, (d) => void (d.counters.user = n))))
  t.same(during, [E.right(3), E.right(4), E.right(5)], 'commits are acknowledged while a snapshot is being written')
  snapshotGate.open()
  await store.close()
  const names = (await readdir(dir)).sort()
  const snapshots = names.filter((n) => n.startsWith('snapshot-'))
  t.equal(snapshots.length, 1, `one snapshot left (${names.join(', ')})`)
  const base = Number(/snapshot-(\d+)/.exec(snapshots[0]!)![1])
  const lines = await journalLines(dir)
  t.equal(JSON.parse(lines[0]!.slice(17)).base, base, 'the journal starts from it')
  t.equal(lines.length - 1, 5 - base, 'and holds the commits after it')
  const again = await mustOpen({ path: dir })
  t.same([again.head().version, again.head().state?.counters.user], [5, 4], 'everything reads back')
  await again.close()
})

t.test('a compaction that fails is reported, costs no commit, and is retried once the journal doubled', async (t) => {
  const dir = await tempDir(t)
  let diskFull = true
  const reported: FileStoreError[] = []
  const store = await mustOpen({
    path: dir,
    compactAfterBytes: 1,
    onBackgroundError: (e) => reported.push(e),
    fs: {
      open: async (path, flags, mode) => {
        if (diskFull && path.includes('snapshot-')) throw Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC', syscall: 'open' })
        return nodeFileSystem.open(path, flags, mode)
      },
    },
  })
  await seed(store)
  await until(() => reported.length > 0)
  t.same(reported.map((e) => [e._tag, (e as { code: string }).code]), [['FileStoreIoError', 'ENOSPC']], 'reported through onBackgroundError')
  const results = await Promise.all([1, 2, 3].map((n) => change(store, (d) => void (d.counters.user = n))))
  t.same(results, [E.right(2), E.right(3), E.right(4)], 'commits go on')
  await tick()
  t.equal(reported.length, 1, 'no new attempt on each commit')
  diskFull = false
  const template = getRow(store.head().state!.tagTypes, 'simple')!
  await change(store, (d) => {
    for (let i = 0; i < 3000; i++) setRow(d.tagTypes, `type-${i}`, { ...template, name: `type-${i}`, description: 'x'.repeat(40) })
  })
  await until(async () => (await readdir(dir)).some((n) => /^snapshot-\d+\.json$/.test(n)))
  t.ok(true, 'retried once the journal doubled, and succeeded')
  await store.close()
})

t.test('a handle follows another’s compactions, also several at once', async (t) => {
  const dir = await tempDir(t)
  const a = await mustOpen({ path: dir, compactAfterBytes: 1 })
  await seed(a)
  const b = await mustOpen({ path: dir })
  for (let i = 1; i <= 2; i++) {
    await change(a, (d) => void (d.counters.user = i))
    await tick()
  }
  await b.sync()
  t.same([b.head().version, b.head().state?.counters.user], [3, 2], 'after one rotation')
  for (let i = 3; i <= 8; i++) {
    await change(a, (d) => void (d.counters.user = i))
    await tick()
  }
  await b.sync()
  t.same([b.head().version, b.head().state?.counters.user], [9, 8], 'after several: reloaded from the newest snapshot')
  t.equal(JSON.stringify(b.head().state), JSON.stringify(a.head().state), 'the same state')
  t.same(await change(b, (d) => void (d.counters.group = 1)), E.right(10), 'and it can write after them')
  await a.sync()
  t.equal(a.head().state?.counters.group, 1, 'which the compacting handle sees')
  await Promise.all([a.close(), b.close()])
})

t.test('a handle that read the whole journal still sees the commits made after another compacted it', async (t) => {
  const { dir, store: a, hold, held, release } = await gatedCompaction(t)
  const b = await mustOpen({ path: dir })
  hold()
  t.same(await growPastSnapshot(a, (d) => void (d.counters.user = 5)), E.right(2))
  await until(held)
  await b.sync()
  t.same([b.head().version, b.head().state?.counters.user], [2, 5], 'the other handle has read the old journal to its end')
  const before = (await stat(join(dir, 'journal.jsonl'))).ino
  release()
  await compactedSince(dir, before)
  // The old journal did not grow: only its having been replaced tells that there is more to read.
  t.same(await change(a, (d) => void (d.counters.user = 2)), E.right(3))
  await b.sync()
  t.same([b.head().version, b.head().state?.counters.user], [3, 2], 'it follows the new journal')
  await Promise.all([a.close(), b.close()])
})

t.test('while a compaction switches journals, a read waits for it instead of asking the descriptor being replaced', async (t) => {
  let quickChecks = 0
  const { store: a, hold, held, release } = await gatedCompaction(t, { fstatSync: (fd) => (quickChecks++, nodeFileSystem.fstatSync(fd)) })
  hold()
  t.same(await growPastSnapshot(a), E.right(2))
  await until(held)
  quickChecks = 0
  let synced = false
  const read = a.sync().then((r) => ((synced = true), r))
  await tick()
  t.equal(quickChecks, 0, 'no quick check of a journal being replaced')
  t.notOk(synced, 'the read waits for the switch-over')
  release()
  const result = await read
  t.same(E.isRight(result) && result.right.version, 2, 'then answers the state, which the compaction did not change')
  await a.close()
})

t.test('sync costs one synchronous stat of the open journal when nothing changed', async (t) => {
  const dir = await tempDir(t)
  const calls = { fstatSync: 0, stat: 0, read: 0 }
  const store = await mustOpen({
    path: dir,
    fs: {
      fstatSync: (fd) => (calls.fstatSync++, nodeFileSystem.fstatSync(fd)),
      stat: (path) => (calls.stat++, nodeFileSystem.stat(path)),
      read: (...args) => (calls.read++, nodeFileSystem.read(...args)),
    },
  })
  await seed(store)
  // While its own write is being finished, sync answers at once; wait until it is idle.
  await unlocked(dir)
  await tick()
  calls.fstatSync = calls.stat = calls.read = 0
  for (let i = 0; i < 10; i++) await store.sync()
  t.same(calls, { fstatSync: 10, stat: 0, read: 0 }, 'ten syncs, ten stats, no reads')
  await store.close()
})

t.test("readCheck 'shared': the syncs begun in one turn share one stat made after all of them began, and see every commit acknowledged before", async (t) => {
  const dir = await tempDir(t)
  let stats = 0
  const a = await mustOpen({ path: dir, readCheck: 'shared', fs: { fstatSync: (fd) => (stats++, nodeFileSystem.fstatSync(fd)) } })
  await seed(a)
  await unlocked(dir)
  await tick()
  stats = 0
  const first = await Promise.all(Array.from({ length: 10 }, () => a.sync()))
  t.equal(stats, 1, 'ten syncs begun together, one stat')
  t.ok(first.every((s) => E.isRight(s) && s.right.version === 1))

  const b = await mustOpen({ path: dir })
  t.same(await change(b, (d) => void (d.counters.group = 1)), E.right(2))
  stats = 0
  const waiting = a.sync()
  // Begun before the shared check has started: it waits for the same one.
  const joined = a.sync()
  const [early, late] = [await waiting, await joined]
  t.equal(stats, 1)
  for (const synced of [early, late]) t.equal(E.isRight(synced) && synced.right.state?.counters.group, 1, "each sees the other handle's commit")
  // A sync begun once the shared check has started waits for the next one.
  let next: ReturnType<typeof a.sync> | undefined
  stats = 0
  await new Promise<void>((resolve) => {
    void a.sync().then(() => {
      next = a.sync()
      resolve()
    })
  })
  await next
  t.equal(stats, 2, 'the sync begun after the first check started has a check of its own')
  await Promise.all([a.close(), b.close()])
})

t.test("a sync that begins after another handle's commit sees it, though a catch-up that looked earlier is still under way", async (t) => {
  const dir = await tempDir(t)
  let failStatSync = false
  let statGate: ReturnType<typeof gate> | undefined
  let statHeld = false
  const a = await mustOpen({
    path: dir,
    fs: {
      // A failed quick check sends the first sync down the slow path...
      fstatSync: (fd) => {
        if (!failStatSync) return nodeFileSystem.fstatSync(fd)
        failStatSync = false
        throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })
      },
      // ...whose stat is held once it has looked, until the test lets it go.
      stat: async (path) => {
        const stats = await nodeFileSystem.stat(path)
        const held = statGate
        if (held) {
          statGate = undefined
          statHeld = true
          await held.opened
        }
        return stats
      },
    },
  })
  await seed(a)
  await unlocked(dir)
  const b = await mustOpen({ path: dir })
  const held = gate()
  failStatSync = true
  statGate = held
  const first = a.sync()
  await until(() => statHeld)
  // Acknowledged after the first catch-up looked: a sync begun after this must see it.
  t.same(await change(b, (d) => void (d.counters.group = 1)), E.right(2))
  const second = a.sync()
  held.open()
  const [early, late] = [await first, await second]
  t.equal(E.isRight(early) && early.right.version, 1, 'the first answers what it saw')
  t.equal(E.isRight(late) && late.right.state?.counters.group, 1, 'the second does not share it: it sees the commit')
  t.same([a.head().version, a.head().state?.counters.group], [2, 1])
  await Promise.all([a.close(), b.close()])
})

/** A pid that is certainly not running: one that just exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid!

t.test('a lock left by a dead process is cleared; one held by a live process makes commits wait, then fail typed', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir, lockTimeoutMs: 200, staleLockMs: 60_000 })
  await seed(store)
  await unlocked(dir)
  const lock = join(dir, 'LOCK')
  await writeFile(lock, JSON.stringify({ pid: deadPid(), host: hostname(), since: new Date().toISOString() }))
  t.same(await change(store, (d) => void (d.counters.user = 5)), E.right(2), 'a dead holder’s lock is cleared')
  await unlocked(dir)
  t.ok(true, 'and the lock released after the commit')

  await writeFile(lock, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }))
  const r = await change(store, (d) => void (d.counters.user = 2))
  const cause = E.isLeft(r) ? ((r.left as { cause?: FileStoreError }).cause) : undefined
  t.same(cause && [cause._tag, (cause as { file: string }).file], ['LockTimeout', lock], 'LockTimeout naming the lock file')
  t.match(cause?.message, `"pid":${process.pid}`, 'and its holder')
  t.equal(store.head().version, 2, 'nothing was applied')
  await nodeFileSystem.unlink(lock)
  t.same(await change(store, (d) => void (d.counters.user = 2)), E.right(3), 'once released, commits go on')
  await store.close()
})

t.test('a lock older than staleLockMs is cleared even if its pid looks alive (pid reuse)', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir, lockTimeoutMs: 5000, staleLockMs: 300 })
  await seed(store)
  await unlocked(dir)
  await writeFile(join(dir, 'LOCK'), JSON.stringify({ pid: process.pid, host: hostname(), since: 'long ago' }))
  const started = Date.now()
  t.same(await change(store, (d) => void (d.counters.user = 5)), E.right(2), 'committed')
  t.ok(Date.now() - started >= 250, 'after the lock went stale')
  await store.close()
})

t.test('decodeState checks every whole state read; a refusal is a typed error naming the file', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir })
  await seed(store)
  await store.close()
  const refuse = () => E.left('schemaVersion 1 expected')
  const fromJournal = await openFileStorage({ path: dir, decodeState: refuse })
  t.same(
    E.isLeft(fromJournal) && [fromJournal.left._tag, (fromJournal.left as { line: number }).line, (fromJournal.left as { reason: string }).reason],
    ['CorruptJournal', 2, 'invalid state: schemaVersion 1 expected'],
    'the first commit',
  )
  const compacting = await mustOpen({ path: dir, compactAfterBytes: 1, compactAtOpen: false })
  await change(compacting, (d) => void (d.counters.user = 5))
  // Compaction starts after the commit is acknowledged; close() does not start one.
  await until(async () => (await readFile(join(dir, 'journal.jsonl'), 'utf8')).includes('"base":2'))
  await compacting.close()
  const fromSnapshot = await openFileStorage({ path: dir, decodeState: refuse })
  t.equal(E.isLeft(fromSnapshot) && fromSnapshot.left._tag, 'CorruptSnapshot', 'a snapshot')
  const accept = await openFileStorage({ path: dir, decodeState: (u) => E.right(u as never) })
  t.ok(E.isRight(accept), 'a decoder that accepts opens the store')
  if (E.isRight(accept)) await accept.right.close()
})

t.test('the store directory is created with its parents; compaction keeps the journal’s mode', async (t) => {
  const dir = await tempDir(t)
  const nested = join(dir, 'a', 'b', 'store')
  const store = await mustOpen({ path: nested, compactAfterBytes: 1 })
  t.ok((await stat(join(nested, 'journal.jsonl'))).isFile(), 'journal created')
  await chmod(join(nested, 'journal.jsonl'), 0o600)
  await seed(store)
  await until(async () => (await readdir(nested)).some((n) => /^snapshot-\d+\.json$/.test(n)))
  await store.close()
  for (const name of (await readdir(nested)).filter((n) => !n.startsWith('lock.'))) {
    t.equal((await stat(join(nested, name))).mode & 0o777, 0o600, `${name} is 0600`)
  }
})
