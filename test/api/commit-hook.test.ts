import * as E from 'fp-ts/lib/Either.js'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { openFileStorage } from '../../adapters/storage/file.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import type { CommitReport } from '../../src/api/commit-hook.js'
import { internalsOf } from '../../src/api/internals.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { err, makeApi, ok } from '../support/api.js'

const create = (name: string) => ({ params: { projectId: 'default' }, body: { name } })

/** The next report a facade hears, as a promise; the listener stops once it heard it. */
const nextReport = (api: Awaited<ReturnType<typeof makeApi>>['api']): Promise<CommitReport> =>
  new Promise((resolve) => {
    const stop = internalsOf(api).onCommit((report) => {
      stop()
      resolve(report)
    })
  })

t.test('a commit of this facade is reported once, with the states around it and the events it appended', async (t) => {
  const { api } = await makeApi()
  const heard: CommitReport[] = []
  internalsOf(api).onCommit((r) => heard.push(r))
  const before = api.state()
  ok(await api.features.create(create('checkout')))
  t.equal(heard.length, 1, 'once, though the memory port also tells its own subscribers')
  const [report] = heard
  t.equal(report!.local, true)
  t.equal(report!.version, internalsOf(api).storage.head().version)
  t.equal(report!.before, before, 'before is the state the commit started from')
  t.equal(report!.after, api.state(), 'after is the committed state')
  t.same(report!.events.map((e) => [e.type, e.featureName]), [['feature-created', 'checkout']])
  ok(await api.features.update({ params: { projectId: 'default', featureName: 'checkout' }, body: { description: 'pay' } }))
  t.equal(heard.length, 2)
  t.equal(heard[1]!.before, heard[0]!.after, 'each report starts where the one before ended')
  t.same(heard[1]!.events.map((e) => e.type), ['feature-metadata-updated'])
})

t.test('a refused call and a commit the store fails report nothing', async (t) => {
  let failNext = false
  const memory = createMemoryStorage()
  const storage: StoragePort = {
    ...memory,
    commit: (c) => (failNext ? ((failNext = false), Promise.resolve(E.left({ _tag: 'StorageFailure' as const, message: 'disk full' }))) : memory.commit(c)),
  }
  const { api } = await makeApi({ storage })
  const heard: CommitReport[] = []
  internalsOf(api).onCommit((r) => heard.push(r))
  t.equal(err(await api.features.create(create('not a valid name!')))._tag, 'ValidationError')
  failNext = true
  t.equal(err(await api.features.create(create('checkout')))._tag, 'StorageError')
  t.same(heard, [], 'nothing committed, nothing reported')
  ok(await api.features.create(create('checkout')))
  t.equal(heard.length, 1, 'the next commit is')
})

t.test('a listener that throws or rejects breaks no commit and no other listener; one stopped hears nothing', async (t) => {
  const { api } = await makeApi()
  const heard: number[] = []
  internalsOf(api).onCommit(() => {
    throw new Error('listener fault')
  })
  internalsOf(api).onCommit(() => Promise.reject(new Error('async listener fault')) as unknown as void)
  const stop = internalsOf(api).onCommit((r) => heard.push(r.version))
  internalsOf(api).onCommit((r) => heard.push(-r.version))
  ok(await api.features.create(create('a')))
  stop()
  ok(await api.features.create(create('b')))
  t.equal(heard.length, 3)
  t.ok((await api.features.get({ params: { projectId: 'default', featureName: 'b' } }))._tag === 'Right')
})

t.test('a commit of another facade on the same memory port is reported once, as not local', async (t) => {
  const storage = createMemoryStorage()
  const { api: a } = await makeApi({ storage })
  const { api: b } = await makeApi({ storage })
  const heardA: CommitReport[] = []
  const heardB: CommitReport[] = []
  internalsOf(a).onCommit((r) => heardA.push(r))
  internalsOf(b).onCommit((r) => heardB.push(r))
  ok(await a.features.create(create('checkout')))
  ok(await b.features.create(create('search')))
  t.same(heardA.map((r) => [r.local, r.events.map((e) => e.featureName)]), [[true, ['checkout']], [false, ['search']]])
  t.same(heardB.map((r) => [r.local, r.events.map((e) => e.featureName)]), [[false, ['checkout']], [true, ['search']]])
  t.equal(heardB[1]!.before, heardB[0]!.after)
})

t.test('a commit of another file-store handle (another process, to the store) is reported once, as not local', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-commit-hook-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const open = async () => {
    const opened = await openFileStorage({ path: dir, pollIntervalMs: 5 })
    if (E.isLeft(opened)) throw new Error(opened.left.message)
    t.teardown(() => opened.right.close())
    return opened.right
  }
  const { api: a } = await makeApi({ storage: await open() })
  const { api: b } = await makeApi({ storage: await open() })
  const heard: CommitReport[] = []
  internalsOf(b).onCommit((r) => heard.push(r))
  const heardByPoll = nextReport(b)
  ok(await a.features.create(create('checkout')))
  // The store's poll timer is unref'd: a timer of the test's own keeps the process up meanwhile.
  let deadline: NodeJS.Timeout | undefined
  const report = await Promise.race([heardByPoll, new Promise<never>((_, reject) => (deadline = setTimeout(() => reject(new Error('no report within 10 s')), 10_000)))])
  clearTimeout(deadline)
  t.equal(report.local, false)
  t.same(report.events.map((e) => [e.type, e.featureName]), [['feature-created', 'checkout']])
  t.ok(report.after.features.get('checkout'), 'after holds the other handle\'s flag')
  t.notOk(report.before.features.get('checkout'))
  ok(await b.features.create(create('search')))
  t.same(heard.map((r) => [r.local, r.events.map((e) => e.featureName)]), [[false, ['checkout']], [true, ['search']]], 'each commit once, in order')
})
