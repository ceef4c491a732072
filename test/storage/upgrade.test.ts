import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { initialState } from '../../src/domain/seed.js'
import { appendEvents, emptyEventLog, latestEvents } from '../../src/store/event-log.js'
import type { State, StoredEvent } from '../../src/model/state.js'
import { type Table, getRow, tableFrom } from '../../src/store/table.js'
import { SCHEMA_VERSION } from '../../src/store/upgrade.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { mustOpen, tempDir } from './fixtures/helpers.js'
import { err, makeApi, ok } from '../support/api.js'

/*
 * Stores written before schema 2 kept events in a table keyed by id; before schema 3 they had
 * no index of accounts' identities. Adapters hand such a state on as it is; the core upgrades
 * it, as one commit of the whole state, before any operation runs.
 */

interface LegacyLog {
  readonly first: number
  readonly last: number
  readonly byId: Table<StoredEvent>
}
type LegacyState = Omit<State, 'schemaVersion' | 'events' | 'identities'> & { readonly schemaVersion: 1; readonly events: LegacyLog }

const event = (id: number, name: string): StoredEvent => ({ id, type: 'feature-created', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'admin', createdByUserId: 1, featureName: name })

/** Schema 1: events in a table keyed by id (the newest three of five kept), and no index of identities. */
const legacyState = (): LegacyState => {
  const { identities: _, ...current } = initialState('upgrade-tests', '2026-01-01T00:00:00.000Z')
  const kept = ['c', 'd', 'e'].map((name, i) => event(3 + i, name))
  return { ...current, counters: { ...current.counters, event: 5 }, schemaVersion: 1, events: { first: 3, last: 5, byId: tableFrom(kept.map((e) => [String(e.id), e])) } }
}

/** Schema 2: events in chunks (the newest three of five kept), no index of identities. */
const schema2State = () => {
  const { identities: _, sessions: __, ...current } = initialState('upgrade-tests', '2026-01-01T00:00:00.000Z')
  const kept = ['c', 'd', 'e'].map((name, i) => event(3 + i, name))
  return { ...current, counters: { ...current.counters, event: 5 }, schemaVersion: 2, events: appendEvents(emptyEventLog(), kept, 3) }
}

/** A file store holding one commit: `state` whole. */
const storeOf = async (t: Parameters<typeof tempDir>[0], state: unknown): Promise<string> => {
  const dir = await tempDir(t)
  const port = await mustOpen({ path: dir })
  const committed = await port.commit({ baseVersion: 0, changes: [{ op: 'state', state: state as State }], state: state as State })
  if (E.isLeft(committed)) throw new Error(JSON.stringify(committed.left))
  await port.close()
  return dir
}

const json = (port: StoragePort): string => JSON.stringify(port.head().state)
const names = (state: State): string[] => latestEvents(state.events, 100).map((e) => e.featureName!)

t.test('a schema 2 store is handed on as stored; the core upgrades it in one commit that every reader sees', async (t) => {
  const dir = await storeOf(t, schema2State())
  const storage = await mustOpen({ path: dir })
  const follower = await mustOpen({ path: dir })
  t.equal(storage.head().state!.schemaVersion as number, 2, 'the adapter does not upgrade')
  t.equal(storage.head().state!.sessions.size, 0, 'a table the store lacks reads as empty')
  const { api } = await makeApi({ storage })
  const state = api.state()
  t.equal(state.schemaVersion, SCHEMA_VERSION)
  t.same(names(state), ['e', 'd', 'c'], 'the events kept, newest first')
  t.same([state.events.first, state.events.last], [3, 5])
  t.ok(getRow(state.sessions, 'none') === undefined && state.sessions.size === 0, 'the tables of later schemas, empty')
  t.ok(E.isRight(await follower.sync()), 'a handle opened before follows the upgrade')
  t.equal(follower.head().version, storage.head().version)
  t.equal(json(follower), json(storage))
  await follower.close()
  await storage.close()
  const reader = await mustOpen({ path: dir })
  t.equal(reader.head().state!.schemaVersion, SCHEMA_VERSION, 'the upgrade is stored')
  t.equal(json(reader), json(storage), 'the same state')
  await reader.close()
})

t.test('the memory store hands on a schema 1 state; the core upgrades it', async (t) => {
  const storage = createMemoryStorage({ state: legacyState() as unknown as State, version: 1 })
  t.equal(storage.head().state!.schemaVersion as number, 1)
  const { api } = await makeApi({ storage })
  t.equal(api.state().schemaVersion, SCHEMA_VERSION)
  t.same(names(api.state()), ['e', 'd', 'c'])
  t.equal(storage.head().version, 2, 'one commit of the upgraded state')
  const current = initialState('x', '2026-01-01T00:00:00.000Z')
  t.equal(createMemoryStorage({ state: current, version: 1 }).head().state, current, 'a current state as given')
})

const account = (id: number, email: string, username: string) => ({
  id, name: null, username, email, imageUrl: '', rootRole: 3, accountType: 'User', passwordHash: null, inviteToken: null,
  inviteExpiresAt: null, loginAttempts: 0, seenAt: null, createdAt: '2026-01-01T00:00:00.000Z', scimId: null,
})

t.test('a schema 2 store opens with its accounts indexed; accounts made after it replay to the same state', async (t) => {
  const { identities: _, sessions: __, ...current } = initialState('upgrade-tests', '2026-01-01T00:00:00.000Z')
  const dir = await storeOf(t, { ...current, schemaVersion: 2, users: tableFrom([['1', account(1, 'ann@example.com', 'ann')]]), counters: { ...current.counters, user: 1 } })
  const storage = await mustOpen({ path: dir })
  const { api } = await makeApi({ storage })
  t.equal(api.state().schemaVersion, SCHEMA_VERSION)
  t.same(err(await api.users.create({ params: {}, body: { email: 'ANN@example.com', rootRole: 3 } })).details, [{ path: '/body/email', message: 'User already exists' }], 'an identity held before the upgrade is taken')
  t.same(err(await api.serviceAccounts.create({ params: {}, body: { username: 'ann', rootRole: 3 } })).details, [{ path: '/body/username', message: 'User already exists' }])
  ok(await api.users.create({ params: {}, body: { email: 'bob@example.com', rootRole: 3 } }))
  await storage.close()
  const reader = await mustOpen({ path: dir })
  t.equal(json(reader), json(storage), 'a reader replays the upgrade and the lines after it')
  await reader.close()
})
