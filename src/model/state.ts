import * as t from 'io-ts'
import { dictOf } from './codec.js'
import type { Dict } from './dict.js'
import {
  ApiTokenState,
  ContextFieldState,
  Counters,
  EnvironmentState,
  FeatureState,
  GroupState,
  ProjectState,
  RootRoleState,
  SegmentState,
  SessionState,
  Settings,
  StoredEvent,
  StrategyTypeState,
  UserState,
} from './rows.js'
import type { Table } from './table.js'
import { Tag, TagType } from './tag.js'
import { AddonState } from './addon.js'
import { UnknownFlagRow, UsageApplicationRow, UsageCountRow } from './usage.js'

export * from './rows.js'

/** The id of an account, as the index of identities holds it. */
const UserId = new t.Type<number, number, unknown>('a number', t.number.is, t.number.validate, t.identity)

/**
 * The schema: every part of the state, in order, declared once. A table names what its rows
 * are keyed by and the codec of a row; a record is small and changed field by field; a value
 * is set once; the log holds the events. `State`, the table and record names, the stored-state
 * codec (src/store/stored-state.ts) and how a transaction drafts each part
 * (src/store/transaction.ts) all derive from it, so a new table is one line here (and its row
 * codec in rows.ts, or inline) plus the operations that use it: a fresh store holds it empty
 * (src/domain/seed.ts), and so does a store written before it, on every adapter, with no
 * upgrade step.
 */
export const SCHEMA = {
  /**
   * 8 since integrations (addons) and SDKs' usage are stored, 7 since sessions are stored, 6 since Admin and Editor manage strategy types,
   * 5 since listing API tokens takes Unleash's permissions to read them by kind, 4 since the
   * built-in roles hold the permissions to update API tokens, 3 since accounts' identities are
   * indexed, 2 since events are kept in chunks; earlier ones are read and upgraded (upgrade.ts).
   */
  schemaVersion: value<8>(t.number),
  instanceId: value<string>(t.string),
  settings: record(Settings),
  counters: record(Counters),
  environments: table('the environment name', EnvironmentState),
  projects: table('the project id', ProjectState),
  features: table('the feature name', FeatureState),
  /**
   * Live (not archived) features per project, kept in step by create, archive and revive so
   * that limits are checked without scanning every feature.
   */
  liveFeatures: record(dictOf(t.number) as t.Type<Dict<number>, unknown>),
  strategyTypes: table('the strategy type name', StrategyTypeState),
  tagTypes: table('the tag type name', TagType),
  tags: table('`tagKey(type, value)`', Tag),
  segments: table('the segment id as a string', SegmentState),
  contextFields: table('the context field name', ContextFieldState),
  rootRoles: table('the role id as a string', RootRoleState),
  /** Service accounts too. */
  users: table('the user id as a string', UserState),
  /**
   * The account holding each e-mail and each username, kept in step with `users` by creating,
   * updating and deleting accounts, so that checking whether one is taken does not scan every
   * account (schema 3).
   */
  identities: table('`email:<lower-cased address>` or `username:<name>`', UserId),
  groups: table('the group id as a string', GroupState),
  apiTokens: table("the token's id as a string", ApiTokenState),
  /** People's login sessions (schema 7). */
  sessions: table('the sha256 of the session id, in hex', SessionState),
  /** Integrations (Unleash's addons) with where their deliveries stand (schema 8). */
  addons: table('the addon id as a string', AddonState),
  /** SDKs' usage counts per flag, environment, application and hour (schema 8; model/usage.ts). */
  usageCounts: table('`usageCountKey(hour, feature, environment, appName)`', UsageCountRow),
  /** Applications SDKs registered or reported, with their instances (schema 8). */
  usageApplications: table('the application name', UsageApplicationRow),
  /** Flag names SDKs reported that the store had no flag of, per application and environment. */
  unknownFlags: table('`unknownFlagKey(name, appName, environment)`', UnknownFlagRow),
  events: { kind: 'log' } as LogSchema,
} as const

/** A table: rows keyed by strings (`key` says which), each one checked by `row` when a stored state is read. */
export interface TableSchema<T> {
  readonly kind: 'table'
  readonly key: string
  readonly row: t.Type<T, unknown>
}
/** A small record, changed field by field (a field is replaced whole, never changed in place). */
export interface RecordSchema<T> {
  readonly kind: 'record'
  readonly codec: t.Type<T, unknown>
}
/** A plain value no operation changes; `codec` is what a stored state may hold (an earlier schema's too). */
export interface ValueSchema<T> {
  readonly kind: 'value'
  readonly codec: t.Mixed
  readonly type?: T
}
/** The event log (see `EventLog`). */
export interface LogSchema {
  readonly kind: 'log'
}
export type PartSchema = TableSchema<any> | RecordSchema<any> | ValueSchema<unknown> | LogSchema

function table<T>(key: string, row: t.Type<T, unknown>): TableSchema<T> {
  return { kind: 'table', key, row }
}
function record<T>(codec: t.Type<T, unknown>): RecordSchema<T> {
  return { kind: 'record', codec }
}
function value<T>(codec: t.Mixed): ValueSchema<T> {
  return { kind: 'value', codec }
}

type Schema = typeof SCHEMA
type PartOf<P> =
  P extends TableSchema<infer T> ? Table<T> : P extends RecordSchema<infer T> ? T : P extends ValueSchema<infer T> ? T : P extends LogSchema ? EventLog : never

/**
 * The whole store as one immutable value. Every mutation is a transaction over it
 * (src/store/transaction.ts: rows and small records drafted with immer, one by one); the
 * storage port persists its changes. Collections keyed by user-chosen names are `Table`s or
 * prototype-free `Dict`s.
 */
export type State = { readonly [K in keyof Schema]: PartOf<Schema[K]> }

/** The parts of the state that are tables. */
export type TableName = { [K in keyof Schema]: Schema[K] extends { readonly kind: 'table' } ? K : never }[keyof Schema]
/** The small records, changed field by field. */
export type RecordName = { [K in keyof Schema]: Schema[K] extends { readonly kind: 'record' } ? K : never }[keyof Schema]
/** The row type of a table. */
export type RowOf<K extends TableName> = Schema[K] extends TableSchema<infer T> ? T : never

/** Every part's name, in the schema's order. */
export const PART_NAMES = Object.keys(SCHEMA) as (keyof State)[]
const kindOf = (part: keyof State): PartSchema['kind'] => (SCHEMA[part] as PartSchema).kind
export const TABLE_NAMES = PART_NAMES.filter((part) => kindOf(part) === 'table') as TableName[]
export const RECORD_NAMES = PART_NAMES.filter((part) => kindOf(part) === 'record') as RecordName[]

/**
 * The events kept, oldest first: `first` to `last` (the newest), in chunks of up to 64
 * events, in pages of up to 64 chunks (event-log.ts). Recording an event copies the last
 * chunk, the last page and the short list of pages, and adds one patch for the event;
 * dropping old events drops a whole chunk once every event in it is older than `first`, so
 * the first chunk may still hold up to 63 events before `first`, which nothing reads.
 * Schema 1 kept events in a table keyed by id (upgrade.ts reads it).
 */
export interface EventLog {
  readonly first: number
  readonly last: number
  readonly pages: readonly (readonly (readonly StoredEvent[])[])[]
}

export const tagKey = (type: string, value: string): string => `${type}:${value}`
