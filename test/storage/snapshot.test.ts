/**
 * Snapshots keep each row on a line of its own, read back as bytes and built into rows only
 * when used (see adapters/storage/file/snapshot.ts and `deferredTable`).
 */
import * as E from 'fp-ts/lib/Either.js'
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { nodeFileSystem, openFileStorage } from '../../adapters/storage/file.js'
import { layoutOf } from '../../adapters/storage/file/layout.js'
import { writeSnapshot } from '../../adapters/storage/file/snapshot.js'
import type { State } from '../../src/model/state.js'
import { DeferredBucket, type Table, getRow, setRow } from '../../src/store/table.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { change, mustOpen, seed, tempDir, until } from './fixtures/helpers.js'
import { encodeLine } from '../../src/storage/line.js'
import { makeApi } from '../support/api.js'

const snapshotName = async (dir: string) => (await readdir(dir)).find((n) => /^snapshot-\d+\.json$/.test(n))

type Teardown = { teardown(fn: () => unknown): void }

/** A store of `count` extra tag types, compacted into `snapshot-000000000003.json`, closed. */
const compactedStore = async (t: Teardown, count = 3000): Promise<string> => {
  const dir = await tempDir(t)
  const writer = await mustOpen({ path: dir, compactAfterBytes: 1 << 30 })
  await seed(writer)
  const template = getRow(writer.head().state!.tagTypes, 'simple')!
  await change(writer, (d) => {
    for (let i = 0; i < count; i++) setRow(d.tagTypes, `type-${i}`, { ...template, name: `type-${i}`, description: `number ${i}` })
    setRow(d.tagTypes, '__proto__', { ...template, name: '__proto__', description: 'an odd name' })
  })
  await writer.close()
  // The commit after reopening finds the journal over the threshold, and compacts.
  const compactor = await mustOpen({ path: dir, compactAfterBytes: 1, compactAtOpen: false })
  await change(compactor, (d) => void (d.counters.group = 1))
  await until(async () => (await readFile(join(dir, 'journal.jsonl'), 'utf8')).includes('"base":3'))
  await compactor.close()
  return dir
}

const deferredSlots = (state: State): number =>
  (state.tagTypes as Table<unknown>).shards.reduce((n, shard) => n + shard.filter((slot) => (slot as unknown) instanceof DeferredBucket).length, 0)

const opened = async (t: Teardown, dir: string): Promise<StoragePort> => {
  const store = await mustOpen({ path: dir })
  t.teardown(() => store.close())
  return store
}

t.test('a snapshot holds the state line, then one line per row, then the trailer', async (t) => {
  const dir = await compactedStore(t)
  const lines = (await readFile(join(dir, (await snapshotName(dir))!), 'utf8')).split('\n').slice(0, -1)
  t.same(JSON.parse(lines[0]!), { format: 'flagport-snapshot', formatVersion: 3, version: 3 }, 'header')
  const head = JSON.parse(lines[1]!) as { state: Record<string, unknown>; tables: [string, number][] }
  t.same(head.state.tagTypes, {}, 'the state line holds no rows')
  t.same(head.state.events, { first: 0, last: 0, events: [] }, 'and the event log as the list of its events')
  const listed = Object.fromEntries(head.tables)
  t.equal(listed.tagTypes, 3002, 'the tables list counts each table’s rows')
  const rowLines = lines.slice(2, -1)
  t.equal(rowLines.length, head.tables.reduce((n, [, count]) => n + count, 0), 'one line per row')
  const rows = JSON.parse(`{${rowLines.join(',')}}`) as Record<string, { name: string }>
  t.equal(rows['type-7']?.name, 'type-7', 'a row line is its key and its row, a member of a JSON object')
  t.notOk(lines.some((line) => line.includes('shards')), 'nothing of the engine’s layout')
  const trailer = JSON.parse(lines.at(-1)!) as { bytes: number; sha256: string }
  const body = Buffer.from(`${lines.slice(0, -1).join('\n')}\n`)
  t.same(trailer, { bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') }, 'the trailer covers every line above it')
})

t.test('opening leaves buckets unbuilt until a row of theirs is read, and then reads the same rows', async (t) => {
  const dir = await compactedStore(t)
  const store = await opened(t, dir)
  const state = store.head().state!
  const template = getRow(state.tagTypes, 'simple')
  const before = deferredSlots(state)
  t.ok(before > 2000, `${before} buckets deferred after opening`)
  t.same(getRow(state.tagTypes, 'type-7'), { ...template, name: 'type-7', description: 'number 7' }, 'a row read by key')
  t.equal(deferredSlots(state), before - 1, 'only its bucket was built')
  t.equal(getRow(state.tagTypes, '__proto__')?.description, 'an odd name', '__proto__ is an ordinary key in a deferred bucket')
  t.equal(Object.getPrototypeOf(getRow(state.tagTypes, 'type-8')), null, 'rows are built prototype-free')
  t.equal([...state.tagTypes.rows()].length, 3002, 'a scan reads every row')
  t.equal(deferredSlots(state), 0, 'and builds every bucket')
})

t.test('a change to a row of a deferred bucket is a patch of that row, and the version before keeps its value', async (t) => {
  const dir = await compactedStore(t)
  const store = await opened(t, dir)
  const before = store.head().state!
  t.same(await change(store, (d) => void (getRow(d.tagTypes, 'type-42')!.description = 'changed')), E.right(4), 'committed')
  const lines = (await readFile(join(dir, 'journal.jsonl'), 'utf8')).split('\n').slice(0, -1)
  const changes = (JSON.parse(lines.at(-1)!.slice(17)) as { c: { op: string; key: string; patches: { path: unknown[] }[] }[] }).c
  t.same(changes.map((c) => [c.op, c.key, c.patches.map((p) => p.path)]), [['patch', 'type-42', [['description']]]], 'the journal holds one patch of one field of the row')
  t.equal(getRow(store.head().state!.tagTypes, 'type-42')?.description, 'changed', 'the head has the change')
  t.equal(getRow(before.tagTypes, 'type-42')?.description, 'number 42', 'the state before is unchanged')
  const reopened = await opened(t, dir)
  t.equal(getRow(reopened.head().state!.tagTypes, 'type-42')?.description, 'changed', 'a reopened store replays the patch onto the deferred bucket')
  t.equal(getRow(reopened.head().state!.tagTypes, 'type-41')?.description, 'number 41', 'and its neighbours are as they were')
})

t.test('the next snapshot writes untouched buckets back byte for byte', async (t) => {
  const dir = await compactedStore(t)
  const first = await readFile(join(dir, (await snapshotName(dir))!), 'utf8')
  const store = await opened(t, dir)
  await change(store, (d) => void (d.counters.user = 7))
  t.ok(deferredSlots(store.head().state!) > 2000, 'the buckets are still deferred')
  await writeSnapshot(nodeFileSystem, layoutOf(dir), 4, store.head().state!)
  const second = await readFile(join(dir, 'snapshot-000000000004.json'), 'utf8')
  t.same(second.split('\n').slice(2, -2), first.split('\n').slice(2, -2), 'the same bucket lines')
  t.match(second.split('\n')[1], /"user":7/, 'and the change in the state line')
})

/** Rewrites a snapshot's lines and its trailer, so that only the change is wrong. */
const rewriteSnapshot = async (file: string, edit: (lines: string[]) => string[]) => {
  const lines = edit((await readFile(file, 'utf8')).split('\n').slice(0, -2))
  const body = Buffer.from(`${lines.join('\n')}\n`)
  const trailer = JSON.stringify({ bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') })
  await writeFile(file, Buffer.concat([body, Buffer.from(`${trailer}\n`)]))
}

t.test('row lines that do not match the tables list are a CorruptSnapshot, even with a good checksum', async (t) => {
  const missing = await compactedStore(t)
  await rewriteSnapshot(join(missing, (await snapshotName(missing))!), (lines) => lines.slice(0, -1))
  const a = await openFileStorage({ path: missing })
  t.match(E.isLeft(a) && a.left, { _tag: 'CorruptSnapshot', reason: /the table \w+ has \d+ of its \d+ rows/ }, 'a missing line')
  const extra = await compactedStore(t)
  await rewriteSnapshot(join(extra, (await snapshotName(extra))!), (lines) => [...lines, '"x":{}'])
  const b = await openFileStorage({ path: extra })
  t.match(E.isLeft(b) && b.left, { _tag: 'CorruptSnapshot', reason: 'row lines belong to no table' }, 'a line too many')
  const twice = await compactedStore(t)
  await rewriteSnapshot(join(twice, (await snapshotName(twice))!), (lines) => {
    const at = lines.findIndex((line) => line.startsWith('"type-1":'))
    return lines.map((line, i) => (i === at + 1 ? lines[at]! : line))
  })
  const c = await openFileStorage({ path: twice })
  t.match(E.isLeft(c) && c.left, { _tag: 'CorruptSnapshot', reason: 'the table tagTypes holds the key "type-1" twice' }, 'a key twice')
  const keyless = await compactedStore(t)
  await rewriteSnapshot(join(keyless, (await snapshotName(keyless))!), (lines) => lines.map((line) => (line.startsWith('"type-2":') ? '{}' : line)))
  const d = await openFileStorage({ path: keyless })
  t.match(E.isLeft(d) && d.left, { _tag: 'CorruptSnapshot', reason: 'a row line of the table tagTypes does not start with a key' }, 'a line without a key')
})

t.test('a row line read lazily is checked by its table’s row codec when first read: a CorruptSnapshot naming the table, the key and the field', async (t) => {
  const dir = await compactedStore(t, 300)
  const file = join(dir, (await snapshotName(dir))!)
  await rewriteSnapshot(file, (lines) =>
    lines.map((line) => {
      if (line.startsWith('"type-2":')) return line.replace('"description":"number 2"', '"description":2')
      if (line.startsWith('"type-3":')) return '"type-3":{"name":"type-3",'
      return line
    }),
  )
  const store = await opened(t, dir)
  const state = store.head().state!
  t.equal(getRow(state.tagTypes, 'type-7')?.description, 'number 7', 'opened, and a row of another bucket reads')
  const fault = (key: string) => {
    try {
      getRow(state.tagTypes, key)
      return 'read'
    } catch (e) {
      return (e as { error?: unknown }).error ?? e
    }
  }
  t.match(fault('type-2'), { _tag: 'CorruptSnapshot', file, reason: 'invalid row: /tagTypes/type-2/description must be string' }, 'a row that does not fit')
  t.match(fault('type-3'), { _tag: 'CorruptSnapshot', file, reason: /^a row line of the table tagTypes \("type-3"\) is not JSON: / }, 'a line that is not JSON')
  t.match(fault('type-2'), { _tag: 'CorruptSnapshot' }, 'and so on every read, the bucket left unbuilt')
  const { api } = await makeApi({ storage: store })
  const read = await api.tagTypes.get({ params: { name: 'type-2' } })
  t.match(E.isLeft(read) && read.left, { _tag: 'StorageError', message: /invalid row: \/tagTypes\/type-2\/description must be string/ }, 'through the facade, a StorageError naming the row, not a thrown error')
  const version = store.head().version
  const write = await api.tagTypes.update({ params: { name: 'type-2' }, body: { description: 'mended?' } })
  t.match(E.isLeft(write) && write.left, { _tag: 'StorageError' }, 'a write that reads it is refused the same way')
  t.equal(store.head().version, version, 'and commits nothing')
  t.equal(E.isRight(await api.tagTypes.get({ params: { name: 'type-7' } })), true, 'while rows of other buckets still answer')
  const patched = await mustOpen({ path: dir })
  await change(patched, (d) => void (getRow(d.tagTypes, 'type-9')!.description = 'changed'))
  await patched.close()
  const reopened = await mustOpen({ path: dir })
  t.teardown(() => reopened.close())
  t.equal(getRow(reopened.head().state!.tagTypes, 'type-9')?.description, 'changed', 'a patch of a row that fits replays onto its deferred bucket')
  await writeFile(join(dir, 'journal.jsonl'), Buffer.concat([await readFile(join(dir, 'journal.jsonl')), encodeLine(JSON.stringify({ v: 5, c: [{ op: 'patch', table: 'tagTypes', key: 'type-2', patches: [{ op: 'replace', path: ['icon'], value: null }] }] }))]))
  const refused = await openFileStorage({ path: dir })
  t.match(E.isLeft(refused) && refused.left, { _tag: 'CorruptSnapshot', file, reason: 'invalid row: /tagTypes/type-2/description must be string' }, 'a journal line patching a row that does not fit: opening is refused, naming it')
})

t.test('a snapshot of a newer format is refused as such, the store left as it is', async (t) => {
  const dir = await compactedStore(t)
  const file = join(dir, (await snapshotName(dir))!)
  await rewriteSnapshot(file, (lines) => [lines[0]!.replace('"formatVersion":3', '"formatVersion":4'), ...lines.slice(1)])
  const before = await readFile(file, 'utf8')
  const opened = await openFileStorage({ path: dir })
  t.match(E.isLeft(opened) && opened.left, { _tag: 'UnsupportedFormat', file, found: 4, supported: 3 })
  t.equal(await readFile(file, 'utf8'), before, 'unchanged')
})

t.test('decodeState sees the whole state, every bucket built', async (t) => {
  const dir = await compactedStore(t)
  let seen: State | undefined
  const store = await mustOpen({ path: dir, decodeState: (u) => E.right((seen = u as State)) })
  t.teardown(() => store.close())
  t.equal(seen && deferredSlots(seen), 0, 'no deferred bucket reaches the decoder')
  t.equal(seen && [...seen.tagTypes.rows()].length, 3002, 'and it sees every row')
})

t.test('empty arrays read from disk are shared and frozen, and the facade still changes them through immer', async (t) => {
  const { createAdminApi } = await import('../../src/api/admin-api.js')
  const { openAuth } = await import('../../adapters/auth/open.js')
  const dir = await tempDir(t)
  const must = <R>(r: E.Either<unknown, R>): R => {
    if (E.isLeft(r)) throw new Error(JSON.stringify(r.left))
    return r.right
  }
  const first = await mustOpen({ path: dir })
  const before = await createAdminApi({ storage: first, auth: openAuth() })
  for (const name of ['parent', 'child']) must(await before.features.create({ params: { projectId: 'default' }, body: { name } }))
  await first.close()
  const store = await opened(t, dir)
  const child = getRow(store.head().state!.features, 'child')!
  t.ok(Object.isFrozen(child.dependencies) && (child.dependencies as unknown) === child.tags, 'read back as the one frozen empty array')
  const api = await createAdminApi({ storage: store, auth: openAuth() })
  must(await api.features.addDependency({ params: { projectId: 'default', featureName: 'child' }, body: { feature: 'parent' } }))
  must(await api.featureTags.add({ params: { featureName: 'child' }, body: { type: 'simple', value: 'team-x' } }))
  const after = getRow(store.head().state!.features, 'child')!
  t.same([after.dependencies.map((d) => d.feature), after.tags.map((tag) => tag.value)], [['parent'], ['team-x']], 'both arrays changed')
  t.same([child.dependencies, child.tags], [[], []], 'the version before, and the shared array, unchanged')
})

t.test('equal parts read from a snapshot are shared, and a change through the facade to one place leaves the others alone', async (t) => {
  const { createAdminApi } = await import('../../src/api/admin-api.js')
  const { openAuth } = await import('../../adapters/auth/open.js')
  const must = <R>(r: E.Either<unknown, R>): R => {
    if (E.isLeft(r)) throw new Error(JSON.stringify(r.left))
    return r.right
  }
  const dir = await tempDir(t)
  const writer = await mustOpen({ path: dir })
  const api = await createAdminApi({ storage: writer, auth: openAuth() })
  must(await api.features.create({ params: { projectId: 'default' }, body: { name: 'twin' } }))
  const body = { name: 'flexibleRollout', constraints: [{ contextName: 'userId', operator: 'IN' as const, values: ['1', '2'] }], parameters: { rollout: '50' } }
  const ids: Record<string, string> = {}
  for (const environment of ['development', 'production']) {
    ids[environment] = must(await api.strategies.add({ params: { projectId: 'default', featureName: 'twin', environment }, body })).id
  }
  await writer.close()
  // Compacted on the next commit, then reopened from the snapshot.
  const compactor = await mustOpen({ path: dir, compactAfterBytes: 1, compactAtOpen: false })
  await change(compactor, (d) => void (d.counters.group = 1))
  await until(async () => (await snapshotName(dir)) !== undefined && (await readFile(join(dir, 'journal.jsonl'), 'utf8')).split('\n').length <= 2)
  await compactor.close()

  const store = await opened(t, dir)
  const before = getRow(store.head().state!.features, 'twin')!
  const strategyIn = (f: typeof before, environment: string) => f.environments[environment]!.strategies[0]!
  t.equal(strategyIn(before, 'development').constraints, strategyIn(before, 'production').constraints, 'both environments hold one constraints array')
  t.equal(strategyIn(before, 'development').parameters, strategyIn(before, 'production').parameters, 'and one parameters object')

  const facade = await createAdminApi({ storage: store, auth: openAuth() })
  const params = { projectId: 'default', featureName: 'twin', environment: 'production', strategyId: ids.production! }
  must(await facade.strategies.update({ params, body: { ...body, constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] }] } }))
  const check = (f: typeof before, label: string) =>
    t.same([strategyIn(f, 'development').constraints[0]!.values, strategyIn(f, 'production').constraints[0]!.values], [['1', '2'], ['1', '2', '3']], label)
  check(getRow(store.head().state!.features, 'twin')!, 'production changed, development did not')
  t.same(strategyIn(before, 'production').constraints[0]!.values, ['1', '2'], 'the version before is unchanged')
  check(getRow((await opened(t, dir)).head().state!.features, 'twin')!, 'and so after reopening')
})
