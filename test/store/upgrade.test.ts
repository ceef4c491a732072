import t from 'tap'
import { initialState } from '../../src/domain/seed.js'
import { emptyEventLog, latestEvents } from '../../src/store/event-log.js'
import type { EventLog, State, StoredEvent, UserState } from '../../src/model/state.js'
import { committedEntries } from '../../src/store/table-layout.js'
import { emptyTable, getRow, setRow, tableFrom } from '../../src/store/table.js'
import { SCHEMA_VERSION, isOutdated, upgradeFor, upgradeState } from '../../src/store/upgrade.js'
import { plain } from '../support/api.js'

const event = (id: number): StoredEvent => ({ id, type: 'feature-created', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'admin', createdByUserId: 1, featureName: `f${id}` })
const ids = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => to - i)
const account = (id: number, email: string | null, username: string | null) => ({ id, email, username, name: null, accountType: 'User' }) as unknown as UserState

/** A state as schema 1 stored it: events in a table keyed by id, no index of identities. */
const schema1 = () => {
  const { identities: _, ...current } = initialState('upgrade', '2026-01-01T00:00:00.000Z')
  const byId = emptyTable<StoredEvent>()
  for (const id of [7, 3, 9, 2, 5, 8, 4, 6]) setRow(byId, String(id), event(id))
  const users = tableFrom([account(1, 'ann@example.com', 'ann'), account(2, null, 'robot')].map((u) => [String(u.id), u] as const))
  return Object.setPrototypeOf({ ...current, schemaVersion: 1, users, events: { first: 3, last: 9, byId } }, null) as Record<string, unknown>
}

const identitiesOf = (state: unknown) => [...committedEntries((state as State).identities)].sort()

t.test('a schema 1 state becomes this schema: events in id order, identities indexed', async (t) => {
  const legacy = schema1()
  const upgraded = upgradeState(legacy) as unknown as State
  t.equal(upgraded.schemaVersion, SCHEMA_VERSION)
  t.equal(Object.getPrototypeOf(upgraded), null, 'its prototype kept')
  t.equal(upgraded.users, legacy['users'], 'the other parts are the same values')
  t.same(latestEvents(upgraded.events, 100).map((e) => e.id), ids(3, 9), 'events before first are not carried over')
  t.same({ first: upgraded.events.first, last: upgraded.events.last }, { first: 3, last: 9 })
  t.same(identitiesOf(upgraded), [['email:ann@example.com', 1], ['username:ann', 1], ['username:robot', 2]])
  t.notOk(isOutdated(upgraded))
  t.equal(upgradeState(upgraded), upgraded, 'a current state is returned as is')
  t.equal(upgradeState(null), null)
})

t.test('upgrading stops at the schema asked for; a journal line is met with the schema it was written in', async (t) => {
  const legacy = schema1()
  const two = upgradeState(legacy, 2) as Record<string, unknown>
  t.equal(two['schemaVersion'], 2)
  t.notOk('identities' in two, 'schema 2 has no index')
  t.equal(upgradeFor(legacy, ['features', 'shards', 0, 0]), legacy, 'a line every schema shares: no upgrade')
  t.equal((upgradeFor(legacy, ['events', 'pages', 0, 0, 3]) as Record<string, unknown>)['schemaVersion'], 2, 'a line naming the event pages needs schema 2')
  const three = upgradeFor(two, ['identities', 'shards', 1, 2, 'email:x'])
  t.equal((three as unknown as State).schemaVersion, 3, 'one naming the identities needs schema 3')
  t.same(identitiesOf(three), identitiesOf(upgradeState(legacy)), 'the same state, by steps or at once')
})

t.test('of two accounts holding one identity, the index names the older; parts it cannot read become empty', async (t) => {
  const legacy = { ...schema1(), users: tableFrom([account(5, 'x@example.com', null), account(3, 'x@example.com', 'x')].map((u) => [String(u.id), u] as const)) }
  t.same(identitiesOf(upgradeState(legacy)), [['email:x@example.com', 3], ['username:x', 3]])
  const broken = upgradeState({ schemaVersion: 1, events: 'lost', users: 'lost' }) as unknown as { events: EventLog }
  t.same(broken.events, emptyEventLog(), 'an event log it cannot read becomes empty, not an exception')
  t.same(identitiesOf(broken), [], 'and so does the index of accounts it cannot read')
  const partly = upgradeState({ schemaVersion: 1, events: { first: 1, last: 2, byId: { size: 1, shards: [[{ a: { id: 'x' } }]] } } }) as unknown as { events: EventLog }
  t.same(latestEvents(partly.events, 10), [], 'rows that are not events are left out')
})

/** What each root role holds, sorted, by role name. */
const held = (state: State) => [...committedEntries(state.rootRoles)].map(([, role]) => [role.name, [...role.permissions].sort()] as const).sort()

const STRATEGY_TYPES = ['CREATE_STRATEGY', 'UPDATE_STRATEGY', 'DELETE_STRATEGY']

/** A store of schema 5: no permissions to manage strategy types, which 6 grants. */
const asOf5 = (state: State): State => {
  const roles = [...committedEntries(state.rootRoles)].map(([key, role]) => [key, { ...role, permissions: role.permissions.filter((p) => !STRATEGY_TYPES.includes(p)) }] as const)
  return { ...state, schemaVersion: 5, rootRoles: tableFrom(roles) } as unknown as State
}

/** A store of schema 4: the one permission to list API tokens that 5 splits in two. */
const asOf4 = (state: State): State => {
  const split = ['READ_CLIENT_API_TOKEN', 'READ_FRONTEND_API_TOKEN']
  const roles = [...committedEntries(asOf5(state).rootRoles)].map(([key, role]) =>
    [key, role.permissions.includes(split[0]!) ? { ...role, permissions: [...role.permissions.filter((p) => !split.includes(p)), 'READ_API_TOKEN'] } : role] as const,
  )
  return { ...state, schemaVersion: 4, rootRoles: tableFrom(roles) } as unknown as State
}

t.test('schema 3 to 4: Admin and Editor get the permissions to update API tokens, and nothing else changes', async (t) => {
  const current = asOf4(initialState('upgrade', '2026-01-01T00:00:00.000Z'))
  const added = ['UPDATE_CLIENT_API_TOKEN', 'UPDATE_FRONTEND_API_TOKEN']
  const roles = tableFrom([...committedEntries(current.rootRoles)].map(([key, role]) => [key, { ...role, permissions: role.permissions.filter((p) => !added.includes(p)) }] as const))
  const three = { ...current, schemaVersion: 3, rootRoles: roles } as unknown as State
  t.ok(isOutdated(three))
  const four = upgradeState(three, 4)
  t.equal(four.schemaVersion as number, 4)
  t.same(held(four), held(current), 'what the roles of a schema 4 store hold (appended, in another order)')
  t.equal(four.users, three.users, 'the other parts are the same values')
  t.same(upgradeState(four, 4), four)
  const unreadable = upgradeState({ schemaVersion: 3, rootRoles: 'lost' }) as unknown as { rootRoles: unknown }
  t.equal(unreadable.rootRoles, 'lost', 'roles it cannot read are left as they are')
})

t.test("schema 4 to 5: a role that could list API tokens holds Unleash's two permissions to read them instead", async (t) => {
  const current = initialState('upgrade', '2026-01-01T00:00:00.000Z')
  const custom = { id: 7, name: 'Token reader', description: '', type: 'root' as const, permissions: ['READ_API_TOKEN', 'READ_FRONTEND_API_TOKEN'] }
  const four = asOf4({ ...current, rootRoles: tableFrom([...committedEntries(current.rootRoles), ['7', custom] as const]) } as State)
  t.ok(held(four).some(([, permissions]) => permissions.includes('READ_API_TOKEN')), 'schema 4 named one permission to list them')
  const five = upgradeState(four, 5)
  t.equal(five.schemaVersion as number, 5)
  t.same(held(five), held(asOf5({ ...current, rootRoles: tableFrom([...committedEntries(current.rootRoles), ['7', { ...custom, permissions: ['READ_FRONTEND_API_TOKEN', 'READ_CLIENT_API_TOKEN'] }] as const]) } as State)), 'as a store of schema 5, and once each')
  t.equal(getRow(five.rootRoles, '3'), getRow(four.rootRoles, '3'), 'a role that could not (Viewer) is the same value')
  t.equal(five.features, four.features, 'the other parts are the same values')
  t.same(upgradeState(five, 5), five)
  const unreadable = upgradeState({ schemaVersion: 4, rootRoles: 'lost' }) as unknown as { rootRoles: unknown }
  t.equal(unreadable.rootRoles, 'lost', 'roles it cannot read are left as they are')
})

t.test('schema 5 to 6: Admin and Editor get the permissions to manage strategy types, and nothing else changes', async (t) => {
  const current = initialState('upgrade', '2026-01-01T00:00:00.000Z')
  const five = asOf5(current)
  t.ok(isOutdated(five))
  const six = upgradeState(five, 6)
  t.equal(six.schemaVersion as number, 6)
  t.same(held(six), held(current), 'what the roles of a new store hold')
  t.ok(held(six).every(([name, permissions]) => STRATEGY_TYPES.every((p) => permissions.includes(p)) === (name !== 'Viewer')), 'Admin and Editor, not Viewer')
  t.equal(six.features, five.features, 'the other parts are the same values')
  t.same(upgradeState(six, 6), six)
})

t.test('schema 6 to 7: an empty table of sessions, and nothing else changes', async (t) => {
  const { sessions: _, addons: __, usageCounts: _c, usageApplications: _a, ...current } = initialState('upgrade', '2026-01-01T00:00:00.000Z')
  const six = { ...current, schemaVersion: 6 } as unknown as State
  t.ok(isOutdated(six))
  const seven = upgradeState(six, 7)
  t.equal(seven.schemaVersion, 7)
  t.same(plain(seven.sessions), plain(emptyTable()))
  t.equal(seven.users, six.users, 'the other parts are the same values')
  t.equal((upgradeFor(six, ['sessions', 0, 0, 'x']) as State).schemaVersion, 7, 'a journal line naming a session needs schema 7')
  t.equal((upgradeFor(six, ['users', 0, 0, 'x']) as unknown as { schemaVersion: number }).schemaVersion, 6, 'others do not')
})

t.test('schema 7 to 8: empty tables of integrations (addons) and of SDK usage, and nothing else changes', async (t) => {
  const { addons: _, usageCounts: _c, usageApplications: _a, ...current } = initialState('upgrade', '2026-01-01T00:00:00.000Z')
  const seven = { ...current, schemaVersion: 7 } as unknown as State
  t.ok(isOutdated(seven))
  const eight = upgradeState(seven)
  t.equal(eight.schemaVersion, 8)
  t.same(plain(eight.addons), plain(emptyTable()))
  t.same(plain(eight.usageCounts), plain(emptyTable()))
  t.same(plain(eight.usageApplications), plain(emptyTable()))
  t.equal(eight.sessions, seven.sessions, 'the other parts are the same values')
  t.equal((upgradeFor(seven, ['addons', 0, 0, 'x']) as State).schemaVersion, 8, 'a journal line naming an addon needs schema 8')
  t.equal((upgradeFor(seven, ['usageCounts', 0, 0, 'x']) as State).schemaVersion, 8, 'a journal line naming a count needs schema 8')
  t.equal((upgradeFor(seven, ['users', 0, 0, 'x']) as unknown as { schemaVersion: number }).schemaVersion, 7, 'others do not')
})
