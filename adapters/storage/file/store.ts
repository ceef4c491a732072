import * as E from 'fp-ts/lib/Either.js'
import { storedChanges, toStored, type Commit, type CommitError, type LoggerPort, type Snapshot, type State, type StorageCapabilities, type StorageFailure, type StoragePort } from '../../../src/storage/index.js'
import { type FileStoreError, faultOf, io, storageFailure, StoreFault } from './errors.js'
import { type FileSystem, writeAll } from './fs.js'
import { follow, reload } from './follow.js'
import type { StateDecoder } from './journal.js'
import type { Layout } from './layout.js'
import { encodeEntry } from './line.js'
import type { StoreLock } from './lock.js'
import { copyLines, type Cursor, installJournal, journalMode, removeSnapshotsExcept } from './recovery.js'
import { writeSnapshot } from './snapshot.js'

export interface StoreSettings {
  readonly fs: FileSystem
  readonly layout: Layout
  readonly lock: StoreLock
  readonly decodeState: StateDecoder
  readonly compactAfterBytes: number
  readonly pollIntervalMs: number
  readonly onBackgroundError: (error: FileStoreError) => void
  /** Permission bits of the files the store creates. */
  readonly fileMode: number
  /** Told what a recovery drops. */
  readonly logger: LoggerPort
  /** Reads share one check of the journal made after all of them began (`FileStorageOptions.readCheck`). */
  readonly sharedReadCheck: boolean
}

/** A commit accepted into the head, waiting for its bytes to be made durable. */
interface Pending {
  readonly baseVersion: number
  readonly version: number
  readonly state: State
  readonly line: Buffer
  readonly resolve: (result: E.Either<CommitError, number>) => void
}

/** How long a handle keeps the lock across flushes while commits keep coming (see `flush`). */
const LEASE_MS = 20
/** How long a lease outlives the last flush, waiting for the next commit. */
const LEASE_IDLE_MS = 2

/** Whether an open file replaced by a rename reports no links (POSIX); Windows is not relied on for it. */
const LINKS_TELL_REPLACED = process.platform !== 'win32'

const closedFailure: StorageFailure = { _tag: 'StorageFailure', message: 'The store is closed.' }

/**
 * One handle on a store directory. `cursor` is what is durable and read from disk; `current`
 * (the head) is the cursor plus commits accepted but not yet written.
 *
 * Disk work runs one task at a time on `chain`. Commits accepted while a write and its fsync
 * are under way wait in `queue` and go out together in the next write (group commit), each
 * acknowledged only after that write's fsync returns.
 */
export class FileStore implements StoragePort {
  readonly capabilities: StorageCapabilities = { durable: true, crossProcess: true, subscribe: true }
  private current: Snapshot
  private queue: Pending[] = []
  private chain: Promise<unknown> = Promise.resolve()
  private flushQueued = false
  private writing = false
  private closed = false
  private closing: Promise<void> | null = null
  private needsReload = false
  /**
   * Tasks under way that may replace the cursor's journal and close its descriptor (a
   * catch-up, a compaction's switch-over): meanwhile a read takes the slow path, as the
   * descriptor the quick check would look at may be closed, and its number given to another file.
   */
  private moving = 0
  /** A catch-up queued on the chain and not yet started: syncs that begin meanwhile share it. */
  private nextSync: Promise<E.Either<StorageFailure, Snapshot>> | null = null
  /** The shared check (readCheck 'shared') reads wait for, not yet begun: reads that begin meanwhile join it. */
  private sharedCheck: Promise<E.Either<StorageFailure, Snapshot>> | null = null
  /** The head as a sync's answer, made once per head. */
  private synced: E.Right<Snapshot> | null = null
  private compaction: Promise<void> | null = null
  /** After a failed compaction, the journal size at which to try again. */
  private retryCompactionAt = 0
  private readonly listeners = new Set<(snapshot: Snapshot) => void>()
  private timer: NodeJS.Timeout | null = null
  /** Whether this handle keeps the lock from one flush to the next, and until when. */
  private leased = false
  private leaseEnds = 0
  private idleTimer: NodeJS.Timeout | null = null

  constructor(
    private readonly settings: StoreSettings,
    private cursor: Cursor,
  ) {
    this.current = { state: cursor.state, version: cursor.version }
  }

  head(): Snapshot {
    return this.current
  }

  commit(commit: Commit): Promise<E.Either<CommitError, number>> {
    if (this.closed) return Promise.resolve(E.left(closedFailure))
    const head = this.current
    if (commit.baseVersion !== head.version) {
      return Promise.resolve(E.left({ _tag: 'StorageConflict', expected: commit.baseVersion, actual: head.version }))
    }
    const version = head.version + 1
    let line: Buffer
    try {
      // Serialized now, while the changes are certainly those of this commit.
      line = encodeEntry(head.state === null ? { version, state: toStored(commit.state) } : { version, changes: storedChanges(commit.changes) })
    } catch (e) {
      return Promise.resolve(E.left({ _tag: 'StorageFailure', message: `The commit cannot be written as JSON: ${String(e)}`, cause: e }))
    }
    this.current = { state: commit.state, version }
    return new Promise((resolve) => {
      this.queue.push({ baseVersion: commit.baseVersion, version, state: commit.state, line, resolve })
      this.scheduleFlush()
    })
  }

  sync(): Promise<E.Either<StorageFailure, Snapshot>> {
    if (!this.settings.sharedReadCheck || this.closed || this.queue.length > 0 || this.writing || this.flushQueued) return this.syncAtOnce()
    // The check runs once the reads of this turn of the event loop have begun, each request's
    // in its own I/O callback: it begins after every read waiting for it did, so each sees what
    // a check of its own would have. A read that begins once it has begun waits for the next.
    return (this.sharedCheck ??= new Promise((resolve) =>
      setImmediate(() => {
        this.sharedCheck = null
        resolve(this.syncAtOnce())
      }),
    ))
  }

  /** The head, once a check made now finds no other process's commit; else the catch-up's. */
  private syncAtOnce(): Promise<E.Either<StorageFailure, Snapshot>> {
    if (this.closed) return Promise.resolve(E.left(closedFailure))
    // Our own commits are on their way: the write will meet any other writer's commits and
    // report them as conflicts, so there is nothing to gain by waiting for it here.
    if (this.queue.length > 0 || this.writing || this.flushQueued) return Promise.resolve(this.headSynced())
    // Nothing changed on disk since we read it, known from one stat made now: after this read
    // began, so any commit acknowledged before it would show (docs/file-store.md).
    if (!this.needsReload && this.moving === 0 && this.journalUnchanged()) return Promise.resolve(this.headSynced())
    // One that has started may have looked before this read began: share only one yet to start.
    if (this.nextSync) return this.nextSync
    const next = this.run(() => {
      this.nextSync = null
      return this.syncNow()
    })
    this.nextSync = next
    return next
  }

  private headSynced(): E.Right<Snapshot> {
    const synced = this.synced
    return synced !== null && synced.right === this.current ? synced : (this.synced = E.right(this.current) as E.Right<Snapshot>)
  }

  /**
   * Whether the journal is still the file and the length this handle last read; any doubt is a
   * no. Asked of the open file, where the file system says when it was replaced (a compaction
   * renames a new journal over it, leaving it no link): that spares the path's lookup, a large
   * part of the check's cost. Windows is asked by path.
   */
  private journalUnchanged(): boolean {
    const c = this.cursor
    try {
      if (LINKS_TELL_REPLACED) {
        const stats = this.settings.fs.fstatSync(c.fd)
        return stats.size === c.offset && stats.nlink > 0
      }
      const stats = this.settings.fs.statSync(this.settings.layout.journal)
      return stats.size === c.offset && stats.ino === c.ino && stats.dev === c.dev
    } catch {
      // The slow path meets the same fault and reports it typed.
      return false
    }
  }

  subscribe(listener: (snapshot: Snapshot) => void): () => void {
    this.listeners.add(listener)
    if (this.timer === null && !this.closed) {
      this.timer = setInterval(() => {
        if (!this.nextSync && !this.writing && this.queue.length === 0) void this.sync()
      }, this.settings.pollIntervalMs)
      this.timer.unref()
    }
    return () => {
      this.listeners.delete(listener)
      if (this.listeners.size === 0) this.stopPolling()
    }
  }

  close(): Promise<void> {
    if (this.closing) return this.closing
    this.closed = true
    this.stopPolling()
    this.listeners.clear()
    this.closing = (async () => {
      await this.compaction
      // Commits accepted before close are still made durable (or reported as failed); a
      // flush schedules the next one as it ends, so wait until none is left.
      do await this.run(async () => undefined)
      while (this.queue.length > 0 || this.flushQueued || this.writing)
      if (this.idleTimer !== null) clearTimeout(this.idleTimer)
      this.idleTimer = null
      await this.run(async () => {
        if (this.leased) await this.endLease()
      })
      await this.settings.fs.close(this.cursor.fd).catch(() => undefined)
      await this.settings.lock.dispose()
    })()
    return this.closing
  }

  private run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.chain.then(task)
    // Each caller handles its task's failure; the chain only needs to go on.
    this.chain = result.catch(() => undefined)
    return result
  }

  private stopPolling(): void {
    if (this.timer !== null) clearInterval(this.timer)
    this.timer = null
  }

  private async syncNow(): Promise<E.Either<StorageFailure, Snapshot>> {
    try {
      try {
        await this.catchUp(false)
      } catch (e) {
        if (!(e instanceof StoreFault && e.error._tag === 'CorruptJournal')) throw e
        // Perhaps read while a writer was replacing a torn tail: read again where the journal holds still.
        await this.locked(() => this.catchUp(true))
      }
      return E.right(this.current)
    } catch (e) {
      return E.left(storageFailure(faultOf(e)))
    }
  }

  private async locked<T>(task: () => Promise<T>): Promise<T> {
    // Held between flushes: nobody else can have written, and the lease's end releases it.
    if (this.leased) return task()
    await this.settings.lock.acquire()
    try {
      return await task()
    } finally {
      await this.settings.lock.release()
    }
  }

  private scheduleFlush(): void {
    if (this.flushQueued) return
    this.flushQueued = true
    void this.run(() => this.flush())
  }

  /**
   * Writes every commit queued by the time the lock is held. Commits accepted while it writes
   * wait for the next flush, scheduled when this one ends: that is the group commit.
   *
   * While commits keep coming, the lock is kept from one flush to the next for up to
   * `LEASE_MS` (a lease): taking it, reading what others wrote, checking it and giving it back
   * cost four file-system calls a flush, and under load each call waits behind request work
   * on the event loop. Another process waits at most one lease for its turn.
   */
  private async flush(): Promise<void> {
    this.writing = true
    let failed = false
    try {
      if (this.queue.length > 0) {
        if (!this.leased) {
          await this.settings.lock.acquire()
          this.leased = true
          this.leaseEnds = performance.now() + LEASE_MS
          await this.catchUp(true)
          if (!(await this.settings.lock.held())) {
            throw new StoreFault({ _tag: 'FileStoreIoError', code: 'ELOCKLOST', syscall: undefined, path: this.settings.layout.lock, message: 'The store lock was taken over by another handle' })
          }
        }
        if (this.queue.length > 0) await this.append(this.queue.splice(0))
      }
    } catch (e) {
      failed = true
      const fault = faultOf(e)
      // Unsure what the disk holds now; a lock that could not be had changed nothing.
      if (fault._tag !== 'LockTimeout') this.needsReload = true
      this.failQueued(fault)
    } finally {
      if (this.leased && (failed || this.closed || performance.now() >= this.leaseEnds)) await this.endLease()
      else if (this.leased && this.queue.length === 0) this.endLeaseWhenIdle()
      this.writing = false
      this.flushQueued = false
    }
    if (this.queue.length > 0) this.scheduleFlush()
    this.maybeCompact()
  }

  private async endLease(): Promise<void> {
    this.leased = false
    await this.settings.lock.release().catch(() => undefined)
  }

  /**
   * Callers acknowledged by a flush send their next commits within a moment (over HTTP, a
   * round trip): the lease waits `LEASE_IDLE_MS` for them before the lock is given back.
   */
  private endLeaseWhenIdle(): void {
    if (this.idleTimer !== null) return
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null
      void this.run(async () => {
        if (this.leased && this.queue.length === 0) await this.endLease()
      })
    }, LEASE_IDLE_MS)
  }

  /** Writes a batch in one write and one fsync; acknowledges it only after both succeed. */
  private async append(batch: Pending[]): Promise<void> {
    const { fs, layout } = this.settings
    const c = this.cursor
    const bytes = batch.length === 1 ? batch[0]!.line : Buffer.concat(batch.map((p) => p.line))
    try {
      if (batch[0]!.version !== c.version + 1) throw new Error(`bug: batch starts at ${batch[0]!.version} after ${c.version}`)
      await io(layout.journal, () => writeAll(fs, c.fd, bytes, c.offset))
      await io(layout.journal, () => fs.fdatasync(c.fd))
    } catch (e) {
      // Nothing of this batch is acknowledged, nor anything built on it.
      this.queue.unshift(...batch)
      this.failQueued(faultOf(e))
      this.needsReload = true
      // What part of the batch reached the file must not be read as commits later.
      await fs.ftruncate(c.fd, c.offset).then(() => fs.fdatasync(c.fd)).catch(() => undefined)
      return
    }
    const last = batch[batch.length - 1]!
    this.cursor = { ...c, offset: c.offset + bytes.length, line: c.line + batch.length, version: last.version, state: last.state, read: 0, tail: false }
    for (const p of batch) p.resolve(E.right(p.version))
  }

  /** Fails every commit not yet durable and rolls the head back to what is. */
  private failQueued(error: FileStoreError): void {
    const failure = storageFailure(error)
    const failed = this.queue.splice(0)
    this.current = { state: this.cursor.state, version: this.cursor.version }
    for (const p of failed) p.resolve(E.left(failure))
  }

  /** Reads what other handles committed since this one last looked (see `follow`). */
  private async catchUp(locked: boolean): Promise<void> {
    this.moving++
    try {
      const next = this.needsReload ? await reload(this.settings, this.cursor) : await follow(this.settings, this.cursor, locked)
      this.needsReload = false
      if (next) this.adopt(next)
    } finally {
      this.moving--
    }
  }

  /** Takes what was read from disk; commits queued on the older head are now conflicts. */
  private adopt(next: Cursor): void {
    if (next.read === 0 && next.version === this.cursor.version) {
      // Nothing new (a reload that found what we knew): keep the head and its identity.
      this.cursor = { ...next, state: this.cursor.state }
      return
    }
    this.cursor = next
    const stale = this.queue.splice(0)
    this.current = { state: next.state, version: next.version }
    for (const p of stale) p.resolve(E.left({ _tag: 'StorageConflict', expected: p.baseVersion, actual: next.version }))
    for (const listener of this.listeners) {
      try {
        listener(this.current)
      } catch {
        // A listener's fault is not the store's.
      }
    }
  }

  /**
   * Compacts now when the journal is past the threshold, and waits for it: at open, so that a
   * process killed sooner than its first commit's compaction would finish (a crash loop)
   * still shortens the journal before it serves. A failure is reported and the store opens.
   */
  async compactIfLong(): Promise<void> {
    this.maybeCompact()
    await this.compaction
  }

  private maybeCompact(): void {
    const c = this.cursor
    if (this.compaction || this.closed || c.state === null) return
    const threshold = Math.max(this.settings.compactAfterBytes, c.snapshotBytes)
    if (c.offset < Math.max(threshold, this.retryCompactionAt)) return
    this.compaction = this.compact(c)
      .catch((e: unknown) => {
        // The journal still holds every commit. Try again only once it doubled, so a lasting
        // fault (a full disk) does not add a full snapshot's cost to every commit.
        this.retryCompactionAt = c.offset + Math.max(threshold, c.offset)
        this.settings.onBackgroundError(faultOf(e))
      })
      .finally(() => {
        this.compaction = null
      })
  }

  /**
   * Writes a snapshot of `from` off the commit path, then, under the lock, starts a new
   * journal from it holding the commits made meanwhile. The rename of the new journal is
   * the switch-over: before it the old journal and snapshot are whole, after it the new ones.
   */
  private async compact(from: Cursor): Promise<void> {
    const { fs, layout } = this.settings
    const mode = await journalMode(fs, layout, this.settings.fileMode)
    const bytes = await writeSnapshot(fs, layout, from.version, from.state!, mode)
    await this.run(() =>
      this.locked(async () => {
        await this.catchUp(true)
        const c = this.cursor
        if (c.ino !== from.ino || !(await this.settings.lock.held())) {
          // Another handle compacted first; ours is of no use unless it is the one in use.
          if (c.base !== from.version) await fs.unlink(layout.snapshot(from.version)).catch(() => undefined)
          return
        }
        this.moving++
        try {
          const lines = await copyLines(fs, c.fd, layout.journal, from.offset, c.offset)
          const next = await installJournal(fs, layout, from.version, lines, mode)
          await fs.close(c.fd).catch(() => undefined)
          this.cursor = { ...c, ...next, line: 1 + (c.version - from.version), base: from.version, snapshotBytes: bytes }
        } finally {
          this.moving--
        }
        this.retryCompactionAt = 0
        await removeSnapshotsExcept(fs, layout, from.version)
      }),
    )
  }
}
