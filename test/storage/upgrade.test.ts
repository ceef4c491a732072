import * as E from 'fp-ts/lib/Either.js'
import type { Patch } from 'immer'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { immer } from '../../src/api/immer.js'
import { initialState } from '../../src/domain/seed.js'
import { appendEvent, latestEvents } from '../../src/store/event-log.js'
import type { State, StoredEvent } from '../../src/model/state.js'
import { TableDraft } from '../../src/store/table-draft.js'
import { emptyTable, type Table } from '../../src/store/table.js'
import { SCHEMA_VERSION } from '../../src/store/upgrade.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { change, mustOpen, tempDir, until } from './fixtures/helpers.js'
import { err, makeApi, ok } from '../support/api.js'

/*
 * Stores written before schema 2 kept events in a table keyed by id; before schema 3 they had
 * no index of accounts' identities. These tests write such stores as those versions did
 * (whole state, then commits with their patches) and read them, and go on writing them, with
 * this version.
 */

interface LegacyLog {
  readonly first: number
  readonly last: number
  readonly byId: Table<StoredEvent>
}
type LegacyState = Omit<State, 'schemaVersion' | 'events' | 'identities'> & { readonly schemaVersion: 1; readonly events: LegacyLog }

const RETENTION = 3
const event = (id: number, name: string): StoredEvent => ({ id, type: 'feature-created', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'admin', createdByUserId: 1, featureName: name })

/** Schema 1: events in a table keyed by id, and no index of identities (schema 3). */
const legacyState = (): LegacyState => {
  const { identities: _, ...current } = initialState('upgrade-tests', '2026-01-01T00:00:00.000Z')
  return { ...current, schemaVersion: 1, events: { first: 0, last: 0, byId: emptyTable() } }
}

/** One event recorded as schema 1 did: a row added, the oldest beyond the retention removed, each a patch of the table. */
const legacyEvent = async (port: StoragePort, name: string): Promise<void> => {
  const { state, version } = port.head() as unknown as { state: LegacyState; version: number }
  const id = state.counters.event + 1
  const byId = new TableDraft(state.events.byId, immer)
  byId.set(String(id), event(id, name))
  let first = state.events.first === 0 ? id : state.events.first
  while (id - first + 1 > RETENTION) byId.delete(String(first++))
  const patches: Patch[] = []
  const table = byId.finish(['events', 'byId'], (p) => patches.push(p))
  patches.push({ op: 'replace', path: ['counters', 'event'], value: id }, { op: 'replace', path: ['events', 'first'], value: first }, { op: 'replace', path: ['events', 'last'], value: id })
  const next = { ...state, counters: { ...state.counters, event: id }, events: { first, last: id, byId: table } }
  const r = await port.commit({ baseVersion: version, patches, state: next as unknown as State })
  if (E.isLeft(r)) throw new Error(JSON.stringify(r.left))
}

/** One event recorded as this version does. */
const currentEvent = (port: StoragePort, name: string) =>
  change(port, (d) => {
    const id = d.counters.event + 1
    d.counters.event = id
    appendEvent(d.events as State['events'], event(id, name), RETENTION)
  })

/** A store as schema 1 left it: its first commit the whole state, then five events. */
const legacyStore = async (t: Parameters<typeof tempDir>[0]): Promise<string> => {
  const dir = await tempDir(t)
  const port = await mustOpen({ path: dir })
  const state = legacyState()
  await port.commit({ baseVersion: 0, patches: [{ op: 'replace', path: [], value: state }], state: state as unknown as State })
  for (const name of ['a', 'b', 'c', 'd', 'e']) await legacyEvent(port, name)
  await port.close()
  return dir
}

/** A store's state as text: a snapshot's buckets stay unread until used. */
const json = (port: StoragePort): string => JSON.stringify(port.head().state)
const names = (port: StoragePort): string[] => latestEvents(port.head().state!.events, 100).map((e) => e.featureName!)

t.test('a schema 1 store opens in this schema, its events kept in order', async (t) => {
  const dir = await legacyStore(t)
  const port = await mustOpen({ path: dir })
  const state = port.head().state!
  t.equal(state.schemaVersion, SCHEMA_VERSION)
  t.same(names(port), ['e', 'd', 'c'], 'the events kept, newest first')
  t.same([state.events.first, state.events.last, port.head().version], [3, 5, 6])
  t.notOk('byId' in state.events, 'no table left')
  await port.close()
})

t.test('events written after the upgrade follow the schema 1 lines in the same journal, and every reader agrees', async (t) => {
  const dir = await legacyStore(t)
  const writer = await mustOpen({ path: dir })
  const follower = await mustOpen({ path: dir })
  for (const name of ['f', 'g']) t.same(await currentEvent(writer, name), E.right(writer.head().version), `${name} acknowledged`)
  t.same(names(writer), ['g', 'f', 'e'])
  t.same(await follower.sync(), E.right(writer.head()), 'a handle that opened before follows the new lines')
  t.equal(json(follower), json(writer))
  await follower.close()
  await writer.close()
  const lines = (await readFile(join(dir, 'journal.jsonl'), 'utf8')).split('\n')
  t.ok(lines.some((l) => l.includes('"byId"')) && lines.some((l) => l.includes('"pages"')), 'one journal holds lines of both schemas')
  const reader = await mustOpen({ path: dir })
  t.same(names(reader), ['g', 'f', 'e'], 'a new reader replays both: the schema 1 lines, then the new ones on the upgraded state')
  t.equal(json(reader), json(writer), 'the same state')
  await reader.close()
})

t.test('a compaction writes the upgraded state: the next snapshot is in this schema', async (t) => {
  const dir = await legacyStore(t)
  const writer = await mustOpen({ path: dir, compactAfterBytes: 1, onBackgroundError: (e) => t.fail(JSON.stringify(e)) })
  await currentEvent(writer, 'f')
  const snapshotsIn = async () => (await readdir(dir)).filter((n) => n.startsWith('snapshot-') && n.endsWith('.json'))
  await until(async () => (await snapshotsIn()).length === 1)
  await writer.close()
  const snapshots = await snapshotsIn()
  const text = await readFile(join(dir, snapshots[0]!), 'utf8')
  t.ok(text.includes(`"schemaVersion":${SCHEMA_VERSION}`) && !text.includes('"byId"'), 'the snapshot holds the new shape only')
  const reader = await mustOpen({ path: dir })
  t.same(names(reader), ['f', 'e', 'd'])
  t.equal(json(reader), json(writer), 'the same state')
  await reader.close()
})

t.test('the memory store reads a schema 1 state in this schema', async (t) => {
  const legacy = legacyState()
  const port = createMemoryStorage({ state: legacy as unknown as State, version: 1 })
  t.equal(port.head().state!.schemaVersion, SCHEMA_VERSION)
  t.same(port.head().state!.events, { first: 0, last: 0, pages: [] })
  const current = initialState('x', '2026-01-01T00:00:00.000Z')
  t.equal(createMemoryStorage({ state: current, version: 1 }).head().state, current, 'a current state as given')
})

const account = (id: number, email: string, username: string) => ({
  id, name: null, username, email, imageUrl: '', rootRole: 3, accountType: 'User', passwordHash: null, inviteToken: null,
  inviteExpiresAt: null, loginAttempts: 0, seenAt: null, createdAt: '2026-01-01T00:00:00.000Z', scimId: null,
})

/** A schema 2 store: events in chunks, accounts not indexed; one account, added as schema 2 did. */
const schema2Store = async (t: Parameters<typeof tempDir>[0]): Promise<string> => {
  const dir = await tempDir(t)
  const port = await mustOpen({ path: dir })
  const { identities: _, ...current } = initialState('upgrade-tests', '2026-01-01T00:00:00.000Z')
  const state = { ...current, schemaVersion: 2 }
  await port.commit({ baseVersion: 0, patches: [{ op: 'replace', path: [], value: state }], state: state as unknown as State })
  const users = new TableDraft(state.users, immer)
  users.set('1', account(1, 'ann@example.com', 'ann') as never)
  const patches: Patch[] = []
  const table = users.finish(['users'], (p) => patches.push(p))
  patches.push({ op: 'replace', path: ['counters', 'user'], value: 1 })
  await port.commit({ baseVersion: 1, patches, state: { ...state, users: table, counters: { ...state.counters, user: 1 } } as unknown as State })
  await port.close()
  return dir
}


t.test('a schema 2 store opens with its accounts indexed; accounts made after it replay to the same state', async (t) => {
  const dir = await schema2Store(t)
  const storage = await mustOpen({ path: dir })
  t.equal(storage.head().state!.schemaVersion, SCHEMA_VERSION)
  const { api } = await makeApi({ storage })
  t.same(err(await api.users.create({ params: {}, body: { email: 'ANN@example.com', rootRole: 3 } })).details, [{ path: '/body/email', message: 'User already exists' }], 'an identity held before the upgrade is taken')
  t.same(err(await api.serviceAccounts.create({ params: {}, body: { username: 'ann', rootRole: 3 } })).details, [{ path: '/body/username', message: 'User already exists' }])
  ok(await api.users.create({ params: {}, body: { email: 'bob@example.com', rootRole: 3 } }))
  await storage.close()
  const reader = await mustOpen({ path: dir })
  t.equal(json(reader), json(storage), 'a reader replays the schema 2 lines, then upgrades at the first line naming the index')
  await reader.close()
})
