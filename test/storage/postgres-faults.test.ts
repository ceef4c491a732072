import { spawn } from 'node:child_process'
import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { databaseUrl, freshStoreName, openStore } from './fixtures/postgres.js'
import { addTagType, admin, eventually, seed, tagTypeNames } from './fixtures/pg-helpers.js'

const url = databaseUrl(t)

/** Runs the committer fixture as its own process; resolves with the names it had acknowledged. */
const committer = (store: string, id: string, n: number) =>
  new Promise<string[]>((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=flagport-source', '--import=tsx', 'test/storage/fixtures/pg-committer.ts'], {
      env: { ...process.env, DATABASE_URL: url!, STORE: store, ID: id, N: String(n) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.on('exit', (code) => (code === 0 ? resolve(out.split('\n').filter(Boolean)) : reject(new Error(`committer ${id} exited ${code}`))))
  })

if (url !== null) {
  t.test('the listener’s backend killed: it reconnects, listens again and catches up', async (t) => {
    const store = freshStoreName('faults')
    const a = await openStore(url, store)
    t.teardown(() => a.close())
    await seed(a)
    const b = await openStore(url, store)
    t.teardown(() => b.close())
    const heard: number[] = []
    a.subscribe((s) => heard.push(s.version))
    const listeners = () => admin<{ pid: number }>(url, 'SELECT pid FROM pg_stat_activity WHERE application_name = $1', [`flagport-listener:${store}`.slice(0, 63)])
    const before = (await listeners()).map((r) => r.pid)
    t.equal(before.length, 2, 'each handle has its listener')
    await admin(url, 'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [`flagport-listener:${store}`.slice(0, 63)])
    t.same(await addTagType(b, 'after-kill'), E.right(2), 'committed while the listeners are gone')
    t.ok(await eventually(() => heard.includes(2)), 'the other handle heard of it')
    t.ok(tagTypeNames(a.head().state).includes('after-kill'), 'with its state')
    let after: number[] = []
    for (let i = 0; i < 200 && after.length < 2; i++) {
      after = (await listeners()).map((r) => r.pid)
      await new Promise((r) => setTimeout(r, 50))
    }
    t.equal(after.length, 2, 'both listeners are back')
    t.same(after.filter((pid) => before.includes(pid)), [], 'on new backends')
  })

  t.test('two processes committing at once: 0 lost of the N acknowledged', async (t) => {
    const store = freshStoreName('faults')
    const a = await openStore(url, store)
    t.teardown(() => a.close())
    await seed(a)
    const [one, two] = await Promise.all([committer(store, 'one', 40), committer(store, 'two', 40)])
    t.equal(one.length + two.length, 80, 'every commit acknowledged in the end')
    await a.sync()
    const stored = new Set(tagTypeNames(a.head().state))
    t.same([...one, ...two].filter((name) => !stored.has(name)), [], 'none lost')
    t.equal(a.head().version, 81, 'one version per commit')
  })

  t.test('a follower lagging across a compaction reloads the snapshot', async (t) => {
    const store = freshStoreName('faults')
    const a = await openStore(url, store, { keepCommits: 0, compactAfterCommits: 1_000_000 })
    t.teardown(() => a.close())
    await seed(a)
    const follower = await openStore(url, store, { listen: false })
    t.teardown(() => follower.close())
    for (let i = 0; i < 10; i++) t.ok(E.isRight(await addTagType(a, `lag-${i}`)))
    t.same(await a.compact(), E.right('written'), 'compacted')
    const kept = await admin<{ n: string }>(url, 'SELECT count(*) AS n FROM flagport_commit WHERE store = $1', [store])
    t.equal(Number(kept[0]!.n), 0, 'the commits the follower lacks are gone')
    t.equal(follower.head().version, 1, 'the follower is behind')
    const synced = await follower.sync()
    t.equal(E.isRight(synced) && synced.right.version, 11, 'it catches up')
    t.equal(JSON.stringify(follower.head().state), JSON.stringify(a.head().state), 'to the same state')
    t.same(await addTagType(follower, 'from-follower'), E.right(12), 'and commits on it')
  })

  t.test('reads from what the listener heard: other commits arrive, a stale write is still a conflict', async (t) => {
    const store = freshStoreName('faults')
    const a = await openStore(url, store)
    t.teardown(() => a.close())
    await seed(a)
    const b = await openStore(url, store, { reads: 'notified' })
    t.teardown(() => b.close())
    t.same(await addTagType(a, 'from-a'), E.right(2))
    const heard = await eventually(() => b.head().version === 2)
    t.ok(heard, 'the commit reached the notified reader')
    t.ok(tagTypeNames((await b.sync(), b.head().state)).includes('from-a'), 'with its state')
    t.same(await addTagType(a, 'again-from-a'), E.right(3))
    // b may not have heard of version 3 yet; either way its write cannot overwrite it.
    const r = await addTagType(b, 'from-b')
    if (E.isLeft(r)) t.same(r.left, { _tag: 'StorageConflict', expected: 2, actual: 3 }, 'a write on the old version is refused')
    else t.equal(r.right, 4, 'or it was written on the new one')
    await a.sync()
    const names = tagTypeNames(a.head().state)
    t.ok(names.includes('again-from-a'), 'the other instance’s write is kept')
  })

  t.test('two handles’ exclusive sections never overlap', async (t) => {
    const store = freshStoreName('faults')
    const a = await openStore(url, store)
    t.teardown(() => a.close())
    const b = await openStore(url, store)
    t.teardown(() => b.close())
    const trace: string[] = []
    const section = (name: string) => async () => {
      trace.push(`${name} in`)
      await new Promise((r) => setTimeout(r, 50))
      trace.push(`${name} out`)
    }
    await Promise.all([a.exclusive(section('a')), b.exclusive(section('b')), a.exclusive(section('c'))])
    for (let i = 0; i < trace.length; i += 2) t.equal(trace[i]!.split(' ')[0], trace[i + 1]!.split(' ')[0], `section ${i / 2 + 1} ran alone`)
  })
}
