import * as E from 'fp-ts/lib/Either.js'
import { resolve } from 'node:path'
import { consoleLogger, type LoggerPort, type State, type StoragePort } from '../../../src/storage/index.js'
import { type FileStoreError, faultOf, io, ioError, missingJournal, StoreFault } from './errors.js'
import { type FileSystem, nodeFileSystem } from './fs.js'
import type { StateDecoder } from './journal.js'
import { DIR_MODE, FILE_MODE, layoutOf } from './layout.js'
import { removeLeftovers, StoreLock } from './lock.js'
import { follow } from './follow.js'
import { createJournal, ensureMarker, loadStore, NoJournal, storeFiles } from './recovery.js'
import { FileStore } from './store.js'
import { materialize } from './snapshot.js'
import { LEGACY_FORMAT_VERSION } from './line.js'
import { upgradeFormat } from './upgrade.js'

export interface FileStorageOptions {
  /** The store's directory; created (with its parents) unless `create` is false. */
  readonly path: string
  /** Default true. When false, a missing store is an error (ENOENT) rather than a new, empty one. */
  readonly create?: boolean
  /**
   * The journal is compacted into a snapshot once it is longer than this many bytes and longer
   * than the last snapshot, so compaction's cost per committed byte stays flat as the store
   * grows. Default 4 MiB.
   */
  readonly compactAfterBytes?: number
  /**
   * Compact at open, before the store is returned, when the journal is already past the
   * threshold, so a process in a crash loop still keeps its journal short. Default true; false
   * leaves it to the first commit, off the commit path.
   */
  readonly compactAtOpen?: boolean
  /** How long a commit waits for another live handle's lock before failing. Default 10 s. */
  readonly lockTimeoutMs?: number
  /** A lock older than this is taken to be abandoned even if its holder's pid is alive (pid reuse, another host). Default 30 s. */
  readonly staleLockMs?: number
  /** How often a handle with subscribers looks for other processes' commits. Default 250 ms. */
  readonly pollIntervalMs?: number
  /**
   * When a read checks for other processes' commits. `'each'` (the default): every read stats
   * the journal as it begins. `'shared'`: a read waits for the end of the event loop's turn
   * (`setImmediate`), where one stat serves every read that began before it, each still seeing
   * every commit acknowledged before it began. A server answering many requests at once then
   * makes one check a turn instead of one a request; a caller that reads, awaits, and reads
   * again waits a turn each time, which costs it more than the stat saves.
   */
  readonly readCheck?: 'each' | 'shared'
  /** Checks a whole state read from a snapshot or a first commit, e.g. with an io-ts codec. */
  readonly decodeState?: (u: unknown) => E.Either<string, State>
  /** Told of failures off the commit path (a compaction that could not complete). Default: ignored, since the journal still holds every commit. */
  readonly onBackgroundError?: (error: FileStoreError) => void
  /**
   * Permission bits of the store's directory when it is created: default 0o700, its owner's
   * alone, as the store holds password hashes, e-mail addresses and token digests. An existing
   * directory keeps its mode.
   */
  readonly dirMode?: number
  /**
   * Permission bits of the files the store creates: default 0o600. A journal's replacement
   * takes the mode of the journal it replaces, so an operator's `chmod` stays.
   */
  readonly fileMode?: number
  /**
   * Open even when the journal is missing beside the store's other files (its `store.json`,
   * snapshots), starting an empty store there. Default false: that is a `MissingJournal`
   * error, as starting afresh would hide the loss.
   */
  readonly allowMissingJournal?: boolean
  /** Told what a recovery drops (a torn last line of the journal: its line and bytes). Default: the console. */
  readonly logger?: LoggerPort
  /** Replaces file-system calls, to simulate faults (ENOSPC, EACCES, EIO) in tests. */
  readonly fs?: Partial<FileSystem>
}

const anObject: StateDecoder = (u) =>
  u !== null && typeof u === 'object' && !Array.isArray(u) ? { ok: true, value: u as State } : { ok: false, reason: 'not an object' }

/**
 * Opens (or creates) a file store: an append-only journal of commits plus a snapshot, safe
 * against crashes at any moment and shared safely by several processes on one machine. See
 * docs/file-store.md for the format and the durability promise.
 *
 * A store that cannot be opened is a value naming the file at fault, never an exception.
 */
export const openFileStorage = async (options: FileStorageOptions): Promise<E.Either<FileStoreError, StoragePort>> => {
  const fs: FileSystem = { ...nodeFileSystem, ...options.fs }
  const layout = layoutOf(resolve(options.path))
  const create = options.create ?? true
  const decodeState: StateDecoder = options.decodeState
    ? (u) => {
        const decoded = options.decodeState!(materialize(u))
        return E.isRight(decoded) ? { ok: true, value: decoded.right } : { ok: false, reason: decoded.left }
      }
    : anObject
  const fileMode = options.fileMode ?? FILE_MODE
  const lock = new StoreLock(fs, layout, options.lockTimeoutMs ?? 10_000, options.staleLockMs ?? 30_000, fileMode)
  try {
    if (create) await io(layout.dir, () => fs.mkdir(layout.dir, options.dirMode ?? DIR_MODE))
    const stats = await io(layout.dir, () => fs.stat(layout.dir))
    if (!stats.isDirectory()) throw new StoreFault(ioError(Object.assign(new Error('not a directory'), { code: 'ENOTDIR', syscall: 'open' }), layout.dir))
    await removeLeftovers(fs, layout)
    let cursor
    try {
      cursor = await loadStore(fs, layout, decodeState)
    } catch (e) {
      if (!(e instanceof NoJournal)) throw e
      if (!create) {
        const found = await storeFiles(fs, layout)
        if (found.length > 0) throw new StoreFault(missingJournal(layout.journal, found))
        throw new StoreFault(ioError(Object.assign(new Error('no store here'), { code: 'ENOENT', syscall: 'open' }), layout.journal))
      }
      await lock.acquire()
      try {
        await createJournal(fs, layout, fileMode, options.allowMissingJournal ?? false)
      } finally {
        await lock.release()
      }
      cursor = await loadStore(fs, layout, decodeState)
    }
    // A store made before the marker existed gets one. Best effort: a read-only store still opens.
    await ensureMarker(fs, layout, fileMode).catch(() => undefined)
    const logger = options.logger ?? consoleLogger
    if (cursor.tail) {
      // Bytes after the last whole line: a torn append, or another process's append under
      // way. Under the lock nobody appends, so what is still not a line then is cut and logged.
      await lock.acquire()
      try {
        cursor = (await follow({ fs, layout, decodeState, logger }, cursor, true)) ?? cursor
      } finally {
        await lock.release()
      }
    }
    if (cursor.format === LEGACY_FORMAT_VERSION) cursor = await upgradeFormat({ fs, layout, lock, decodeState, fileMode }, cursor)
    const store = new FileStore(
      {
        fs,
        layout,
        lock,
        decodeState,
        compactAfterBytes: options.compactAfterBytes ?? 4 << 20,
        pollIntervalMs: options.pollIntervalMs ?? 250,
        onBackgroundError: options.onBackgroundError ?? (() => undefined),
        fileMode,
        logger,
        sharedReadCheck: options.readCheck === 'shared',
      },
      cursor,
    )
    if (options.compactAtOpen !== false) await store.compactIfLong()
    return E.right(store)
  } catch (e) {
    await lock.dispose()
    return E.left(faultOf(e))
  }
}
