import * as E from 'fp-ts/lib/Either.js'
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { nodeFileSystem, openFileStorage, type FileStoreError } from '../../adapters/storage/file.js'
import type { State } from '../../src/model/state.js'
import { getRow, rows } from '../../src/store/table.js'
import { change, mustOpen, seed, startCommitter, tempDir } from './fixtures/helpers.js'

/** Rows the committer added (named `<prefix><n>`, prefixes starting with `k` or `p`). */
const committed = (state: State): string[] => Array.from(rows(state.tagTypes), (r) => r.name).filter((n) => /^[kp]\d+[a-z]-\d+$/.test(n))

const KILLS = Number(process.env.FLAGPORT_KILLS ?? 24)

t.test(`a committer killed with SIGKILL ${KILLS} times loses no acknowledged commit and leaves nothing half-applied`, async (t) => {
  const dir = await tempDir(t)
  let acknowledged = 0
  for (let i = 0; i < KILLS; i++) {
    // Vary the load: 1-3 concurrent transactions, sometimes two processes at once, and half
    // the time a tiny compaction threshold so kills also land inside compactions.
    const compact = i % 2 === 0 ? 4096 : 1 << 20
    const kids = await Promise.all((i % 4 === 3 ? ['a', 'b'] : ['a']).map((p) => startCommitter(dir, `k${i}${p}-`, 0, 1 + (i % 3), compact)))
    // Mostly while commits stream; every fifth time right after opening (recovery, first commit).
    await Promise.all(kids.map((k) => (i % 5 === 4 ? k.ready : k.firstAck)))
    await new Promise((r) => setTimeout(r, Math.random() * 120))
    for (const kid of kids) kid.kill()
    const exits = await Promise.all(kids.map((k) => k.exited))
    for (const exit of exits) if (exit.signal !== 'SIGKILL') t.fail(`the committer ended by itself: ${JSON.stringify(exit)}`)
    const acks = kids.flatMap((k) => k.acks())
    acknowledged += acks.length

    const opened = await openFileStorage({ path: dir })
    if (E.isLeft(opened)) {
      t.fail(`kill ${i}: the store does not open: ${opened.left.message}`)
      return
    }
    const store = opened.right
    const { state, version } = store.head()
    const missing = acks.filter(([, name]) => getRow(state!.tagTypes, name) === undefined)
    t.same(missing, [], `kill ${i}: every acknowledged commit is there (${acks.length} acknowledged)`)
    t.ok(acks.every(([v]) => v <= version), `kill ${i}: version ${version} covers every acknowledged version`)
    // Each commit adds one row and counts it in the same commit: a half-applied one would differ.
    t.equal(committed(state!).length, state!.counters.segment, `kill ${i}: rows and their count agree`)
    await store.close()
  }
  t.ok(acknowledged > KILLS, `${acknowledged} commits were acknowledged across the kills`)
  // The last child may have died holding the lock: a new writer must get past it.
  const last = await mustOpen({ path: dir, lockTimeoutMs: 5000 })
  const expected = last.head().version + 1
  t.same(await change(last, (d) => void (d.counters.user += 1)), E.right(expected), 'a commit after the last kill goes through')
  await last.close()
})

t.test('two processes committing to one store at once lose nothing', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir })
  await seed(store)
  await store.close()
  const kids = await Promise.all(['p1a-', 'p2b-'].map((prefix) => startCommitter(dir, prefix, 60, 3, 8192)))
  const exits = await Promise.all(kids.map((k) => k.exited))
  t.same(exits.map((e) => e.code), [0, 0], `both exit cleanly ${exits.map((e) => e.stderr).join('')}`)
  const again = await mustOpen({ path: dir })
  const state = again.head().state!
  t.equal(committed(state).length, 120, 'all 120 transactions are there')
  t.equal(state.counters.segment, 120, 'and counted once each')
  t.same(kids.flatMap((k) => k.acks()).filter(([, n]) => getRow(state.tagTypes, n) === undefined), [], 'every acknowledged one')
  t.equal(new Set(kids.flatMap((k) => k.acks()).map(([v]) => v)).size, 120, 'no version acknowledged twice')
  await again.close()
})

t.test('a torn last line is dropped on open and cut by the next writer', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir })
  await seed(store)
  await change(store, (d) => void (d.counters.user = 5))
  await store.close()
  const journal = join(dir, 'journal.jsonl')
  const whole = await readFile(journal)
  // A crash in the middle of appending version 3.
  await appendFile(journal, '0123456789abcdef {"v":3,"p":[{"op":"replace","path":["coun')
  const reopened = await mustOpen({ path: dir })
  t.equal(reopened.head().version, 2, 'the torn commit is not there')
  t.equal(reopened.head().state?.counters.user, 5, 'the whole ones are')
  t.same(await change(reopened, (d) => void (d.counters.user = 2)), E.right(3), 'the next commit takes version 3')
  await reopened.close()
  const after = await readFile(journal, 'utf8')
  t.ok(after.startsWith(whole.toString('utf8')) && !after.includes('"path":["coun\n') && after.endsWith('\n'), 'the torn bytes were cut before appending')
  const third = await mustOpen({ path: dir })
  t.equal(third.head().state?.counters.user, 2, 'and it reads back')
  await third.close()
})

t.test('a torn last line ending in a newline (zeros from a lost block) is dropped too', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir })
  await seed(store)
  await store.close()
  await appendFile(join(dir, 'journal.jsonl'), Buffer.concat([Buffer.alloc(300), Buffer.from('\n')]))
  const reopened = await mustOpen({ path: dir })
  t.equal(reopened.head().version, 1, 'version')
  await reopened.close()
})

const corruptLine = async (dir: string, line: number, edit: (text: string) => string) => {
  const journal = join(dir, 'journal.jsonl')
  const lines = (await readFile(journal, 'utf8')).split('\n')
  lines[line - 1] = edit(lines[line - 1]!)
  await writeFile(journal, lines.join('\n'))
  return journal
}

const fiveCommits = async (dir: string) => {
  const store = await mustOpen({ path: dir })
  await seed(store)
  for (let i = 1; i <= 4; i++) await change(store, (d) => void (d.counters.user = i))
  await store.close()
}

t.test('a damaged line before the end is a CorruptJournal naming the file and line', async (t) => {
  const dir = await tempDir(t)
  await fiveCommits(dir)
  // Line 1 is the header, line 2 the seed, line 4 version 3.
  const journal = await corruptLine(dir, 4, (text) => text.replace('"value":2', '"value":7'))
  const opened = await openFileStorage({ path: dir })
  t.same(E.isLeft(opened) && { ...opened.left, message: undefined }, {
    _tag: 'CorruptJournal',
    file: journal,
    line: 4,
    reason: 'checksum mismatch',
    message: undefined,
  }, 'typed error')
  t.match(E.isLeft(opened) && opened.left.message, `Corrupt journal ${journal}, line 4`, 'message names file and line')
})

t.test('a line with a good checksum but the wrong version is corruption, even at the end', async (t) => {
  const dir = await tempDir(t)
  await fiveCommits(dir)
  const journal = join(dir, 'journal.jsonl')
  const lines = (await readFile(journal, 'utf8')).split('\n')
  // Version 5's line again: a duplicate append.
  await appendFile(journal, `${lines[5]}\n`)
  const opened = await openFileStorage({ path: dir })
  t.same(E.isLeft(opened) && [opened.left._tag, (opened.left as { line: number }).line, (opened.left as { reason: string }).reason], ['CorruptJournal', 7, 'expected version 6, found 5'], 'typed error')
})

t.test('a half-written snapshot is never used; a damaged one in use is a CorruptSnapshot', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir, compactAfterBytes: 1 })
  await seed(store)
  await change(store, (d) => void (d.counters.user = 5))
  await store.close()
  const snapshots = (await readdir(dir)).filter((n) => n.startsWith('snapshot-'))
  t.equal(snapshots.length, 1, 'one snapshot after compaction')
  const inUse = join(dir, snapshots[0]!)
  // A compaction that died before its rename (pid 999999 is not running), and one that
  // died after renaming but before switching the journal: neither is the journal's base.
  const content = await readFile(inUse)
  await writeFile(join(dir, 'snapshot-000000000009.json.999999.abcdef.tmp'), content.subarray(0, content.length / 2))
  await writeFile(join(dir, 'snapshot-000000000009.json'), content.subarray(0, content.length / 2))
  const reopened = await mustOpen({ path: dir })
  t.equal(reopened.head().state?.counters.user, 5, 'the store opens from the snapshot its journal names')
  await reopened.close()
  t.notOk((await readdir(dir)).some((n) => n.endsWith('.tmp')), 'the dead compaction’s temp file is removed')

  await writeFile(inUse, content.subarray(0, content.length - 10))
  const damaged = await openFileStorage({ path: dir })
  t.same(E.isLeft(damaged) && [damaged.left._tag, (damaged.left as { file: string }).file], ['CorruptSnapshot', inUse], 'truncated: typed error naming it')
  const flipped = Buffer.from(content)
  flipped[200] = flipped[200]! ^ 1
  await writeFile(inUse, flipped)
  const bitRot = await openFileStorage({ path: dir })
  t.same(E.isLeft(bitRot) && [bitRot.left._tag, (bitRot.left as { reason: string }).reason], ['CorruptSnapshot', 'checksum mismatch'], 'flipped bit: typed error')
})

t.test('a missing journal beside snapshots is an error, not a new empty store', async (t) => {
  const dir = await tempDir(t)
  const store = await mustOpen({ path: dir, compactAfterBytes: 1 })
  await seed(store)
  await change(store, (d) => void (d.counters.user = 5))
  await store.close()
  await nodeFileSystem.unlink(join(dir, 'journal.jsonl'))
  const opened = await openFileStorage({ path: dir })
  t.same(E.isLeft(opened) && [opened.left._tag, (opened.left as { found: readonly string[] }).found.filter((name) => name.startsWith('snapshot-')).length], ['MissingJournal', 1], 'typed error')
})

/** A write that stores half of what it is given, then fails as a full disk would. */
const diskFullOnce = () => {
  let armed = false
  return {
    arm: () => void (armed = true),
    write: async (fd: number, buffer: Buffer, offset: number, length: number, position: number) => {
      if (!armed) return nodeFileSystem.write(fd, buffer, offset, length, position)
      armed = false
      await nodeFileSystem.write(fd, buffer, offset, Math.floor(length / 2), position)
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' })
    },
  }
}

t.test('a full disk fails the commit and every one queued after it, typed, and writes nothing', async (t) => {
  const dir = await tempDir(t)
  const disk = diskFullOnce()
  const store = await mustOpen({ path: dir, fs: { write: disk.write } })
  await seed(store)
  await change(store, (d) => void (d.counters.user = 5))
  disk.arm()
  const results = await Promise.all([1, 2, 3].map((i) => change(store, (d) => void (d.counters.group = i))))
  for (const r of results) {
    const cause = E.isLeft(r) && r.left._tag === 'StorageFailure' ? (r.left.cause as FileStoreError) : undefined
    t.same(cause && [cause._tag, (cause as { code: string }).code], ['FileStoreIoError', 'ENOSPC'], 'StorageFailure caused by ENOSPC')
  }
  t.equal(store.head().version, 2, 'the head is back at what is durable')
  t.equal(store.head().state?.counters.group, 0, 'with none of the failed changes')
  t.same(await change(store, (d) => void (d.counters.group = 9)), E.right(3), 'once there is space, commits go on')
  await store.close()
  const reopened = await mustOpen({ path: dir })
  t.same([reopened.head().version, reopened.head().state?.counters.group], [3, 9], 'the journal holds exactly the acknowledged commits')
  await reopened.close()
})

t.test('a failed fsync is never acknowledged', async (t) => {
  const dir = await tempDir(t)
  let failNext = false
  const store = await mustOpen({
    path: dir,
    fs: {
      fdatasync: async (fd) => {
        if (!failNext) return nodeFileSystem.fdatasync(fd)
        failNext = false
        throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO', syscall: 'fdatasync' })
      },
    },
  })
  await seed(store)
  failNext = true
  const r = await change(store, (d) => void (d.counters.user = 5))
  t.same(E.isLeft(r) && ((r.left as { cause: FileStoreError }).cause as { code: string }).code, 'EIO', 'StorageFailure caused by EIO')
  t.equal(store.head().version, 1, 'rolled back')
  t.same(await change(store, (d) => void (d.counters.user = 6)), E.right(2), 'the next commit takes the same version')
  await store.close()
  const reopened = await mustOpen({ path: dir })
  t.equal(reopened.head().state?.counters.user, 6, 'only the acknowledged change is on disk')
  await reopened.close()
})

t.test('a store that cannot be reached is a typed FileStoreIoError naming the path', async (t) => {
  const dir = await tempDir(t)
  const file = join(dir, 'a-file')
  await writeFile(file, '')
  // Tests run as root, where chmod does not deny: a path through a regular file does.
  const underFile = await openFileStorage({ path: join(file, 'store') })
  t.same(E.isLeft(underFile) && [underFile.left._tag, (underFile.left as { code: string }).code], ['FileStoreIoError', 'ENOTDIR'], 'under a regular file')

  const denied = await openFileStorage({
    path: join(dir, 'denied'),
    fs: {
      open: async (path, flags, mode) => {
        if (path.endsWith('journal.jsonl') || path.endsWith('.tmp')) throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES', syscall: 'open' })
        return nodeFileSystem.open(path, flags, mode)
      },
    },
  })
  t.same(E.isLeft(denied) && [denied.left._tag, (denied.left as { code: string }).code], ['FileStoreIoError', 'EACCES'], 'permission denied')
  t.match(E.isLeft(denied) && denied.left.message, /EACCES.*denied/, 'with a message')

  const absent = await openFileStorage({ path: join(dir, 'absent'), create: false })
  t.same(E.isLeft(absent) && [absent.left._tag, (absent.left as { code: string }).code], ['FileStoreIoError', 'ENOENT'], 'create: false on a missing store')
})
