/**
 * flagport/storage: what an author of a storage adapter needs, and nothing of the admin API
 * (docs/adapters.md walks through an adapter built on it). An adapter implements `StoragePort`:
 * it keeps the newest state (`head`), makes each commit's row changes durable (`commit`), and
 * rebuilds the state when it opens, by reading a stored state back and replaying the changes
 * logged after it. The state's parts, the key and row codec of every table, are declared once
 * in `SCHEMA`.
 */

// The port, and the state it stores.
export type {
  Commit,
  CommitError,
  RecordName,
  RowChange,
  Snapshot,
  StorageCapabilities,
  StorageConflict,
  StorageFailure,
  StoragePort,
  TableName,
} from '../ports/storage.js'
export { StorageFault } from '../ports/storage.js'
export type { EventLog, PartSchema, RowOf, State, StoredEvent, TableSchema } from '../model/state.js'
export { PART_NAMES, RECORD_NAMES, SCHEMA, TABLE_NAMES } from '../model/state.js'
export { type LoggerPort, consoleLogger } from '../ports/logger.js'

// Replaying a commit's changes, and a whole state as changes.
export { applyChanges } from '../store/apply-changes.js'
export { stateChanges } from '../store/state-changes.js'

// The stored forms: a state with its tables as rows by key, changes as JSON, each checked by its codec.
export { StoredState, decodeStoredState, firstProblem, fromStored, rowProblem, toStored } from '../store/stored-state.js'
export { decodeChanges, storedChanges } from '../store/row-change-codec.js'
export { SCHEMA_VERSION, isOutdated, upgradeFor, upgradeState } from '../store/upgrade.js'

// Writing only what changed: the rows a commit wrote or removed, and every row with its place.
export { type ChangedRows, type StoredRow, allRows, changedRows } from '../store/changed-rows.js'

// Reading JSON and log lines safely: every object prototype-free, each line checksummed.
export { EMPTY_ARRAY, parseJson } from './json.js'
export { type Decoded, checksum, decodeLine, encodeLine, fail } from './line.js'
export { parseSharedRows, sameFields, sameItems } from './shared-rows.js'

// Tables built from stored rows, and read lazily: a large store opens without building every row.
export { emptyTable, tableFrom } from '../store/table.js'
export { type StoredRows, type Table, bucketAt, deferredSlot, deferredTable, isTable, keyOf, rowsForWriting } from '../store/table-layout.js'
/** For reading the engine's own earlier formats (the file store's format 1 journal and snapshots). */
export { Bucket } from '../store/bucket.js'
export { DeferredBucket } from '../store/table-layout.js'
export { type Container, PatchMismatch, applyAtLastKey, getOwn, keyIn, setOwn } from '../store/row-patches.js'
export { copyRecord, type Dict } from '../model/dict.js'
