import { appendEvents, emptyEventLog } from './event-log.js'
import { identityKeys } from '../model/identities.js'
import type { EventLog, RootRoleState, State, StoredEvent, UserState } from '../model/state.js'
import { emptyTable, getRow, isTable, rows, setRow, type Table } from './table.js'
import { committedEntries } from './table-layout.js'

/** The schema this version writes: the one `State` describes. */
export const SCHEMA_VERSION: State['schemaVersion'] = 8

/** Schema 1's event log: the events in a table keyed by id. */
interface EventTable {
  readonly first: number
  readonly last: number
  readonly byId: unknown
}

type Stored = Record<string, unknown>

const isEvent = (value: unknown): value is StoredEvent =>
  value !== null && typeof value === 'object' && Number.isSafeInteger((value as StoredEvent).id)

const isAccount = (value: unknown): value is UserState =>
  value !== null &&
  typeof value === 'object' &&
  Number.isSafeInteger((value as UserState).id) &&
  ((value as UserState).email === null || typeof (value as UserState).email === 'string') &&
  ((value as UserState).username === null || typeof (value as UserState).username === 'string')

/** Schema 1 to 2: the events, from a table keyed by id, in chunks in id order. */
const chunkEvents = (state: Stored): Stored => {
  const log = state['events']
  if (log === null || typeof log !== 'object' || !('byId' in log)) return { events: emptyEventLog() }
  const { first: givenFirst, last: givenLast, byId } = log as EventTable
  const first = Number.isSafeInteger(givenFirst) ? givenFirst : 0
  const last = Number.isSafeInteger(givenLast) ? givenLast : 0
  const events = isTable(byId) ? [...rows(byId)].filter((e): e is StoredEvent => isEvent(e) && e.id >= first && e.id <= last) : []
  events.sort((a, b) => a.id - b.id)
  return { events: { ...appendEvents(emptyEventLog(), events, Infinity), first, last } satisfies EventLog }
}

/** Schema 2 to 3: every account's e-mail and username indexed; of two holders (never made by flagport), the older. */
const indexIdentities = (state: Stored): Stored => {
  const identities: Table<number> = emptyTable()
  const users = state['users']
  if (isTable(users)) {
    for (const account of rows(users)) {
      if (!isAccount(account)) continue
      for (const key of identityKeys(account)) {
        const held = getRow(identities, key)
        if (held === undefined || account.id < held) setRow(identities, key, account.id)
      }
    }
  }
  return { identities }
}

/**
 * The built-in roles that held every permission but ADMIN or more (Admin 1, Editor 2): they
 * were seeded with every permission of their version, so they get those added since.
 */
const FULL_ROLES = new Set([1, 2])
const ADDED_IN_4 = ['UPDATE_CLIENT_API_TOKEN', 'UPDATE_FRONTEND_API_TOKEN']

const isRole = (value: unknown): value is RootRoleState =>
  value !== null && typeof value === 'object' && Number.isSafeInteger((value as RootRoleState).id) && Array.isArray((value as RootRoleState).permissions)

/**
 * The roles, each one it can read through `change` (its permissions a list); a role it cannot
 * read is kept as it is, and a table it cannot read too (no part replaced).
 */
const changeRoles = (state: Stored, change: (role: RootRoleState) => RootRoleState): Stored => {
  const roles = state['rootRoles']
  if (!isTable(roles)) return {}
  const changed = emptyTable<unknown>()
  for (const [key, role] of committedEntries(roles)) setRow(changed, key, isRole(role) ? change(role) : role)
  return { rootRoles: changed }
}

/** Schema 3 to 4: Admin and Editor hold the permissions to update client and frontend API tokens. */
const grantTokenUpdates = (state: Stored): Stored =>
  changeRoles(state, (role) => {
    const grant = FULL_ROLES.has(role.id) ? ADDED_IN_4.filter((p) => !role.permissions.includes(p)) : []
    return grant.length > 0 ? { ...role, permissions: [...role.permissions, ...grant] } : role
  })

/** Schema 4's permission to list API tokens, which Unleash splits by kind. */
const READ_IN_4 = 'READ_API_TOKEN'
const READ_IN_5 = ['READ_CLIENT_API_TOKEN', 'READ_FRONTEND_API_TOKEN']

/** Schema 4 to 5: every role that could list API tokens holds Unleash's two permissions to read them instead. */
const splitTokenReading = (state: Stored): Stored =>
  changeRoles(state, (role) => {
    if (!role.permissions.includes(READ_IN_4)) return role
    const kept = role.permissions.filter((p) => p !== READ_IN_4)
    return { ...role, permissions: [...kept, ...READ_IN_5.filter((p) => !kept.includes(p))] }
  })

const ADDED_IN_6 = ['CREATE_STRATEGY', 'UPDATE_STRATEGY', 'DELETE_STRATEGY']

/** Schema 5 to 6: Admin and Editor hold the permissions to manage strategy types, as in Unleash. */
const grantStrategyTypes = (state: Stored): Stored =>
  changeRoles(state, (role) => {
    const grant = FULL_ROLES.has(role.id) ? ADDED_IN_6.filter((p) => !role.permissions.includes(p)) : []
    return grant.length > 0 ? { ...role, permissions: [...role.permissions, ...grant] } : role
  })

/** Schema 6 to 7: a table of login sessions, empty (the built-in admin is added by the facade: admin-user.ts). */
const addSessions = (): Stored => ({ sessions: emptyTable() })

/** Schema 7 to 8: the tables of integrations (addons) and of SDKs' usage counts and applications, stored rather than kept per process; empty. */
const addAddonsAndUsage = (): Stored => ({ addons: emptyTable(), usageCounts: emptyTable(), usageApplications: emptyTable() })

/** Each step turns a state of schema `from` into one of `from + 1`: the parts it replaces or adds. */
const STEPS: readonly { readonly from: number; readonly change: (state: Stored) => Stored }[] = [
  { from: 1, change: chunkEvents },
  { from: 2, change: indexIdentities },
  { from: 3, change: grantTokenUpdates },
  { from: 4, change: splitTokenReading },
  { from: 5, change: grantStrategyTypes },
  { from: 6, change: addSessions },
  { from: 7, change: addAddonsAndUsage },
]

const schemaOf = (state: unknown): number | undefined => {
  if (state === null || typeof state !== 'object') return undefined
  const version = (state as { schemaVersion?: unknown }).schemaVersion
  return typeof version === 'number' ? version : undefined
}

/**
 * A state stored by an earlier version, in the shape of schema `to` (by default this
 * version's); a state already there as is. Storage adapters run it on every state they read,
 * so the rest of flagport only ever sees the current schema. Pure, and total: a part it
 * cannot read becomes empty rather than an exception (a host's `decodeState` is where a
 * store is checked).
 *
 * Schema 1 kept the events in a table keyed by id; 2 keeps them in chunks. Schema 3 adds
 * the index of accounts' e-mails and usernames; 4 grants Admin and Editor the permissions to
 * update API tokens; 5 replaces READ_API_TOKEN with Unleash's READ_CLIENT_API_TOKEN and
 * READ_FRONTEND_API_TOKEN; 6 grants Admin and Editor the permissions to manage strategy types;
 * 7 adds the table of login sessions; 8 the tables of integrations (addons) and of SDKs' usage.
 */
export const upgradeState = <S>(state: S, to: number = SCHEMA_VERSION): S => {
  let version = schemaOf(state)
  if (version === undefined || version >= to) return state
  let next = state as unknown as Stored
  for (const step of STEPS) {
    if (step.from !== version || version >= to) continue
    // Its prototype kept: a state read from disk has none.
    next = Object.assign(Object.create(Object.getPrototypeOf(next) as object | null) as Stored, next, step.change(next), { schemaVersion: step.from + 1 })
    version = step.from + 1
  }
  return next as unknown as S
}

/** Whether `state` is in an earlier schema's shape (what `upgradeState` would change). */
export const isOutdated = (state: unknown): boolean => {
  const version = schemaOf(state)
  return version !== undefined && version < SCHEMA_VERSION
}

/** The schema a patch at `path` was written in, when only a later schema has that part. */
const schemaOfPath = (path: readonly unknown[]): number =>
  path[0] === 'addons' || path[0] === 'usageCounts' || path[0] === 'usageApplications' ? 8 : path[0] === 'sessions' ? 7 : path[0] === 'identities' ? 3 : path[0] === 'events' && path[1] === 'pages' ? 2 : 0

/**
 * `state`, upgraded as far as a patch at `path` needs: a journal may hold an earlier
 * version's lines, then this version's, written once its writer had read (and upgraded) the
 * store. Upgrading no further than the line needs keeps the earlier lines that follow
 * (another process still on that version) applying to the shape they were written for.
 */
export const upgradeFor = <S>(state: S, path: readonly unknown[]): S => {
  const needed = schemaOfPath(path)
  const version = schemaOf(state)
  return version !== undefined && version < needed ? upgradeState(state, needed) : state
}
