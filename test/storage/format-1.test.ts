/**
 * Stores written in journal format 1 (patches at the engine's bucket paths), made by the
 * version before format 2 and kept under test/fixtures/format-1: a journal-only store, and a
 * compacted one (a snapshot and the lines after it). Opening one rewrites it in format 2.
 */
import * as E from 'fp-ts/lib/Either.js'
import { cp, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'
import { nodeFileSystem, openFileStorage } from '../../adapters/storage/file.js'
import { checksum } from '../../src/storage/line.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { getRow } from '../../src/store/table.js'
import { mustOpen, tempDir } from './fixtures/helpers.js'
import { makeApi, ok } from '../support/api.js'

const FIXTURES = fileURLToPath(new URL('../fixtures/format-1', import.meta.url))

/** A copy of a fixture store, in a directory removed when `t` ends. */
const copyOf = async (t: Parameters<typeof tempDir>[0], name: string): Promise<string> => {
  const dir = await tempDir(t)
  await cp(join(FIXTURES, name), dir, { recursive: true })
  return dir
}

const P = { projectId: 'default' }

/** Every record the fixtures' writes made, read through the facade. */
const findEveryRecord = async (t: Test, storage: StoragePort) => {
  const { api } = await makeApi({ storage })
  const checkout = ok(await api.features.get({ params: { ...P, featureName: 'checkout' } }))
  t.equal(checkout.description, 'the checkout', 'a feature')
  const development = checkout.environments.find((e) => e.name === 'development')!
  t.equal(development.enabled, true, 'its environment enabled')
  t.match(development.strategies, [{ name: 'flexibleRollout', parameters: { rollout: '50', groupId: 'checkout' }, segments: [1], constraints: [{ contextName: 'tenant', values: ['acme'] }] }], 'its strategy')
  t.match(ok(await api.featureTags.list({ params: { featureName: 'checkout' } })), { tags: [{ type: 'area', value: 'payments' }] }, 'its tag')
  t.equal(ok(await api.features.get({ params: { ...P, featureName: '__proto__' } })).name, '__proto__', 'a feature named __proto__')
  t.equal(ok(await api.features.get({ params: { ...P, featureName: '42' } })).name, '42', 'a feature named 42')
  t.match(getRow(api.state().features, 'banner'), { project: 'web', archived: true }, 'an archived feature of another project')
  t.match(ok(await api.tagTypes.get({ params: { name: 'area' } })), { tagType: { name: 'area' } }, 'a tag type')
  t.match(ok(await api.segments.get({ params: { segmentId: '1' } })), { name: 'beta' }, 'a segment')
  t.match(ok(await api.contextFields.get({ params: { contextName: 'tenant' } })), { name: 'tenant', legalValues: [{ value: 'acme' }] }, 'a context field')
  const users = ok(await api.users.list({ params: {} }))
  const ada = users.users.find((u) => u.email === 'ada@example.com')
  t.equal(ada?.name, 'Ada', 'a user')
  t.match(ok(await api.groups.list({ params: {} })), { groups: [{ name: 'team', users: [{ user: { id: ada?.id } }] }] }, 'a group with its member')
  t.match(ok(await api.apiTokens.list({ params: {} })), { tokens: [{ tokenName: 'sdk', type: 'client' }] }, 'an API token')
  const types = api.events(100).map((e) => `${e.type} ${e.featureName ?? ''}`.trim())
  for (const wanted of ['feature-created checkout', 'feature-strategy-add checkout', 'feature-environment-enabled checkout', 'feature-archived banner', 'user-created']) t.ok(types.includes(wanted), `the event ${wanted}`)
  return api
}

const journalHeader = async (dir: string): Promise<unknown> => JSON.parse((await readFile(join(dir, 'journal.jsonl'), 'utf8')).split('\n')[0]!.slice(17))

for (const name of ['journal-only', 'compacted']) {
  t.test(`a format 1 store (${name}) opens, is rewritten in format 2, and holds every record`, async (t) => {
    const dir = await copyOf(t, name)
    const storage = await mustOpen({ path: dir })
    t.same(await journalHeader(dir), { format: 'flagport-journal', formatVersion: 2, base: storage.head().version }, 'a new journal, from a snapshot of everything')
    const api = await findEveryRecord(t, storage)
    if (name === 'compacted') {
      t.equal(ok(await api.features.get({ params: { ...P, featureName: 'late' } })).description, 'after the snapshot', 'a change journaled after the snapshot')
      t.equal(ok(await api.features.get({ params: { ...P, featureName: 'later' } })).name, 'later')
    }
    ok(await api.features.create({ params: P, body: { name: 'after-the-upgrade' } }))
    const state = JSON.stringify(storage.head().state)
    await storage.close()
    const files = await readdir(dir)
    const text = (await Promise.all(files.filter((f) => f.endsWith('.json') || f.endsWith('.jsonl')).map((f) => readFile(join(dir, f), 'utf8')))).join('\n')
    t.notOk(/"shards"|"p":\[/.test(text), 'nothing of the engine’s layout is left on disk')
    const reopened = await mustOpen({ path: dir })
    t.equal(JSON.stringify(reopened.head().state), state, 'reopened, the same state')
    await findEveryRecord(t, reopened)
    await reopened.close()
  })
}

t.test('a crash before the new journal takes over leaves the format 1 store whole; the next open upgrades it', async (t) => {
  const dir = await copyOf(t, 'compacted')
  const before = await readFile(join(dir, 'journal.jsonl'))
  const crashing = await openFileStorage({
    path: dir,
    fs: { rename: (from, to) => (to.endsWith('journal.jsonl') ? Promise.reject(Object.assign(new Error('EIO: the disk failed'), { code: 'EIO', syscall: 'rename' })) : nodeFileSystem.rename(from, to)) },
  })
  t.match(E.isLeft(crashing) && crashing.left, { _tag: 'FileStoreIoError', code: 'EIO' }, 'the open fails, typed')
  t.same(await readFile(join(dir, 'journal.jsonl')), before, 'the format 1 journal is as it was')
  const storage = await mustOpen({ path: dir })
  t.equal(((await journalHeader(dir)) as { formatVersion: number }).formatVersion, 2, 'upgraded on the next open')
  await findEveryRecord(t, storage)
  await storage.close()
})

t.test('a journal of a newer format is refused as such, the store left as it is', async (t) => {
  const dir = await copyOf(t, 'journal-only')
  const file = join(dir, 'journal.jsonl')
  const lines = (await readFile(file, 'utf8')).split('\n')
  const payload = JSON.stringify({ format: 'flagport-journal', formatVersion: 3, base: 0 })
  await writeFile(file, [`${checksum(payload)} ${payload}`, ...lines.slice(1)].join('\n'))
  const before = await readFile(file)
  const opened = await openFileStorage({ path: dir })
  t.match(E.isLeft(opened) && opened.left, { _tag: 'UnsupportedFormat', file, found: 3, supported: 2 })
  t.same(await readFile(file), before, 'unchanged')
})
