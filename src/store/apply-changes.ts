import * as E from 'fp-ts/lib/Either.js'
import type { EventLog, State } from '../model/state.js'
import type { RecordName, RowChange, TableName } from '../ports/storage.js'
import { Bucket } from './bucket.js'
import { appendEvents } from './event-log.js'
import { applyRowPatches } from './row-patches.js'
import { type Table, bucketAt, slotOf, stored, tableValue } from './table-layout.js'

/** Whether a part of the state is a table or a small record (the names a change may carry). */
export const TABLES: ReadonlySet<string> = new Set<TableName>([
  'environments', 'projects', 'features', 'strategyTypes', 'tagTypes', 'tags', 'segments',
  'contextFields', 'rootRoles', 'users', 'identities', 'groups', 'apiTokens', 'sessions',
  'usageCounts', 'usageApplications',
])
export const RECORDS: ReadonlySet<string> = new Set<RecordName>(['settings', 'counters', 'liveFeatures'])

/**
 * A table being replayed into: the shards and buckets it changes are copied once, then
 * changed in place, so replaying many changes costs their size, not a copy of the table each.
 */
class TableEdit {
  private shards: (Bucket<unknown> | null)[][] | undefined
  private readonly ownedShards = new Set<number>()
  private readonly ownedBuckets = new Set<Bucket<unknown>>()
  size: number

  constructor(private readonly base: Table<unknown>) {
    this.size = base.size
  }

  /** The bucket `key` belongs in, made this edit's own (and created when `create`). */
  private bucketFor(key: string, create: boolean): Bucket<unknown> | null {
    const [s, b] = slotOf(key)
    const shards = (this.shards ??= this.base.shards.slice() as (Bucket<unknown> | null)[][])
    if (!this.ownedShards.has(s)) {
      shards[s] = shards[s]!.slice()
      this.ownedShards.add(s)
    }
    const shard = shards[s]!
    let bucket = bucketAt(shard, b)
    if (bucket === null) {
      if (!create) return null
      bucket = new Bucket<unknown>()
    } else if (!this.ownedBuckets.has(bucket)) bucket = bucket.copy()
    this.ownedBuckets.add(bucket)
    shard[b] = bucket
    return bucket
  }

  get(key: string): unknown {
    const [s, b] = slotOf(key)
    const bucket = bucketAt((this.shards ?? this.base.shards)[s]!, b)
    return bucket === null ? undefined : bucket.get(stored(key))
  }

  put(key: string, row: unknown): void {
    if (this.bucketFor(key, true)!.set(stored(key), row)) this.size += 1
  }

  delete(key: string): boolean {
    const bucket = this.bucketFor(key, false)
    if (bucket === null || !bucket.delete(stored(key))) return false
    this.size -= 1
    if (bucket.size === 0) {
      const [s, b] = slotOf(key)
      this.shards![s]![b] = null
      this.ownedBuckets.delete(bucket)
    }
    return true
  }

  finish(): Table<unknown> {
    return this.shards === undefined ? this.base : tableValue(this.size, this.shards)
  }
}

type Fields = Record<string, unknown>

/** A record's copy, prototype-free if it was (a `Dict` keyed by project ids). */
const copyFields = (source: Fields): Fields => {
  const copy = Object.getPrototypeOf(source) === null ? (Object.create(null) as Fields) : {}
  for (const key of Object.keys(source)) setField(copy, key, source[key])
  return copy
}

/** defineProperty, not assignment: assigning `__proto__` on an ordinary object sets its prototype. */
const setField = (o: Fields, key: string, value: unknown): void => {
  if (Object.getPrototypeOf(o) === null) o[key] = value
  else Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true })
}

const describe = (change: RowChange): string =>
  'table' in change ? `${change.op} ${change.table}/${change.key}` : 'record' in change ? `field ${change.record}.${change.field}` : change.op

/**
 * The state after `changes`, made from `state` without changing it: how a log-shaped adapter
 * catches up (a file journal, a database's commit log). Deterministic: replaying a commit's
 * changes on its base gives a state equal, as data, to the one committed. A change that does
 * not fit (a patch of a row that is not there, a table that does not exist, a first change
 * that is not a whole state) is a Left naming it.
 */
export const applyChanges = (state: State | null, changes: readonly RowChange[]): E.Either<string, State> => {
  let base = state
  let tables = new Map<string, TableEdit>()
  let records = new Map<string, Fields>()
  let events: EventLog | undefined

  for (const change of changes) {
    if (change.op === 'state') {
      base = change.state
      tables = new Map()
      records = new Map()
      events = undefined
      continue
    }
    if (base === null) return E.left(`${describe(change)}: the store holds no state yet`)
    const parts = base as unknown as Record<string, unknown>
    switch (change.op) {
      case 'put':
      case 'patch':
      case 'delete': {
        if (!TABLES.has(change.table)) return E.left(`${describe(change)}: no such table`)
        let table = tables.get(change.table)
        if (table === undefined) tables.set(change.table, (table = new TableEdit(parts[change.table] as Table<unknown>)))
        if (change.op === 'put') table.put(change.key, change.row)
        else if (change.op === 'delete') {
          if (!table.delete(change.key)) return E.left(`${describe(change)}: no such row`)
        } else {
          const row = table.get(change.key)
          if (row === undefined) return E.left(`${describe(change)}: no such row`)
          const patched = applyRowPatches(row, change.patches)
          if (E.isLeft(patched)) return E.left(`${describe(change)}: ${patched.left}`)
          table.put(change.key, patched.right)
        }
        break
      }
      case 'field': {
        if (!RECORDS.has(change.record)) return E.left(`${describe(change)}: no such record`)
        let fields = records.get(change.record)
        if (fields === undefined) records.set(change.record, (fields = copyFields(parts[change.record] as Fields)))
        if ('value' in change && change.value !== undefined) setField(fields, change.field, change.value)
        else delete fields[change.field]
        break
      }
      case 'events':
        events = appendEvents(events ?? base.events, change.events, change.retention)
        break
      default:
        return E.left(`unknown change ${JSON.stringify((change as { op?: unknown }).op)}`)
    }
  }
  if (base === null) return E.left('no change gives the store a state')
  if (tables.size === 0 && records.size === 0 && events === undefined) return E.right(base)
  const next = { ...base } as Record<string, unknown>
  for (const [name, table] of tables) next[name] = table.finish()
  for (const [name, fields] of records) next[name] = fields
  if (events !== undefined) next.events = events
  return E.right(next as unknown as State)
}
