import type { Either } from 'fp-ts/lib/Either.js'
import type { Patch } from 'immer'
import type { RecordName, State, StoredEvent, TableName } from '../model/state.js'

/**
 * The store as one immutable value and the number of commits that produced it. A store
 * that was never written is `{ state: null, version: 0 }`; the facade seeds it.
 */
export interface Snapshot {
  readonly state: State | null
  readonly version: number
}

export type { RecordName, TableName } from '../model/state.js'

/**
 * What an adapter throws when a row it kept unread (as bytes, until asked for) turns out
 * unreadable once read: the runner answers the call with a StorageError, as for any failure
 * of the store, and the state is left as it was.
 */
export class StorageFault extends Error {
  constructor(
    message: string,
    /** More of what went wrong, for the log (a file, a table, a key). */
    readonly detail?: string,
  ) {
    super(message)
  }
}

/** One logical change a commit made: rows by table and key, never where the engine keeps them. */
export type RowChange =
  /** A row added, or replaced whole. */
  | { readonly op: 'put'; readonly table: TableName; readonly key: string; readonly row: unknown }
  /** An existing row changed in place: immer patches whose paths start inside the row. */
  | { readonly op: 'patch'; readonly table: TableName; readonly key: string; readonly patches: readonly Patch[] }
  | { readonly op: 'delete'; readonly table: TableName; readonly key: string }
  /** One field of a small record set (value present) or removed (value absent). */
  | { readonly op: 'field'; readonly record: RecordName; readonly field: string; readonly value?: unknown }
  /** Events appended to the log (ids in order); the log then keeps the newest `retention`. */
  | { readonly op: 'events'; readonly events: readonly StoredEvent[]; readonly retention: number }
  /** The whole state replaced: a store's first commit, and the core's commit of a schema upgrade. */
  | { readonly op: 'state'; readonly state: State }

/**
 * One atomic change: the row changes that turn the state at `baseVersion` into `state`
 * (`applyChanges` in src/store replays them).
 */
export interface Commit {
  readonly baseVersion: number
  readonly changes: readonly RowChange[]
  readonly state: State
}

/** Another writer committed since `baseVersion`: reload and run the transaction again. */
export interface StorageConflict {
  readonly _tag: 'StorageConflict'
  readonly expected: number
  readonly actual: number
}

/** The commit could not be made durable (disk full, permissions, a closed store ...). */
export interface StorageFailure {
  readonly _tag: 'StorageFailure'
  /** What failed, in words a client may read: no path, no system message. */
  readonly message: string
  /** What an operator needs to repair it (the path, the system's message): logged, never answered. */
  readonly detail?: string
  readonly cause?: unknown
}

export type CommitError = StorageConflict | StorageFailure

/** What an adapter promises, so callers need not guess. */
export interface StorageCapabilities {
  /** Acknowledged commits survive a crash of the process. */
  readonly durable: boolean
  /** Several processes may open the same store without losing each other's writes. */
  readonly crossProcess: boolean
  /** `subscribe` reports commits made through other handles or processes. */
  readonly subscribe: boolean
  /**
   * false: `commit` never reads `changes`, so the core does not compute them and passes an
   * empty list (an adapter that keeps the state itself, as the memory store). Absent or true: it does.
   */
  readonly changes?: boolean
}

/**
 * The storage port. The facade reads `head()` and calls `commit()` in the same tick, so
 * transactions in one process never conflict with each other; `sync()` first brings the
 * head up to date with other processes.
 *
 * `commit` advances the head synchronously when `baseVersion` matches (so the next
 * transaction builds on it at once) and resolves only when the commit is durable, or with a
 * value describing why it is not.
 */
export interface StoragePort {
  readonly capabilities: StorageCapabilities
  /** The newest state this handle knows of, including commits still being made durable. */
  head(): Snapshot
  /** Catch up with commits made by other handles or processes. */
  sync(): Promise<Either<StorageFailure, Snapshot>>
  commit(commit: Commit): Promise<Either<CommitError, number>>
  /** Tells of commits made through other handles or processes. */
  subscribe?(listener: (snapshot: Snapshot) => void): () => void
  close(): Promise<void>
}
