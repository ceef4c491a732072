import * as E from 'fp-ts/lib/Either.js'
import type pg from 'pg'
import type { Commit, CommitError, LoggerPort, Snapshot, State, StorageFailure, StoragePort } from '../../../src/storage/index.js'
import { within, withClient } from './client.js'
import { compact, type Compacted, type Versioned } from './compaction.js'
import { storageFailure } from './errors.js'
import { encodeCommit } from './changes.js'
import { exclusive } from './exclusive.js'
import { readAfter } from './load.js'
import { COMMIT, HEAD_VERSION } from './sql.js'
import { VersionCheck } from './version-check.js'

export interface StoreSettings {
  readonly pool: pg.Pool
  readonly store: string
  /** 'checked': a read first asks the database for the head; 'notified': it trusts what the listener heard. */
  readonly reads: 'checked' | 'notified'
  readonly compactAfterCommits: number
  readonly keepCommits: number
  readonly logger: LoggerPort
  /** The longest `sync` and `commit` wait on the database before failing. */
  readonly timeoutMs: number
  /** Stops what the store started besides the pool (the listener). */
  readonly onClose: () => Promise<void>
}

interface Pending {
  readonly version: number
  readonly body: string
  readonly state: State
  readonly settle: (result: E.Either<CommitError, number>) => void
}

const CLOSED = storageFailure('The store is closed.')
const LATE = storageFailure('The database did not answer in time.')

/**
 * The storage port over PostgreSQL. Commits are accepted in memory at once (the head moves on)
 * and sent in batches, one batch in flight at a time, each one statement that checks the head
 * version. Batches and catch-ups run on one lane, so the state they build on never moves
 * under them.
 */
export class PostgresStore implements StoragePort {
  readonly capabilities = { durable: true, crossProcess: true, subscribe: true }
  /** The newest version the database acknowledged, and its state. */
  private durable: Snapshot
  /** `durable` plus the commits accepted and not yet acknowledged. */
  private current: Snapshot
  private snapshotVersion: number
  /** The state of the stored snapshot, when this handle knows it: compaction writes what changed since. */
  private snapshotBase: Versioned | null
  private queue: Pending[] = []
  private running = false
  /** A catch-up is due up to this version. */
  private wanted = 0
  private waiters: Array<{ target: number; done: (r: E.Either<StorageFailure, void>) => void }> = []
  private readonly listeners = new Set<(snapshot: Snapshot) => void>()
  private readonly check: VersionCheck
  private compacting = false
  private closed = false
  private closing: Promise<void> | null = null

  constructor(
    private readonly settings: StoreSettings,
    loaded: { state: State | null; version: number; snapshotVersion: number; snapshot: Versioned | null },
  ) {
    this.durable = this.current = { state: loaded.state, version: loaded.version }
    this.snapshotVersion = loaded.snapshotVersion
    this.snapshotBase = loaded.snapshot
    this.check = new VersionCheck(async () => {
      const r = await settings.pool.query<{ version: string }>(HEAD_VERSION, [settings.store])
      return Number(r.rows[0]?.version ?? 0)
    })
  }

  head = (): Snapshot => this.current

  /** Fails with a StorageFailure once `timeoutMs` have passed (a database down, frozen or unreachable). */
  sync = (): Promise<E.Either<StorageFailure, Snapshot>> =>
    this.closed ? Promise.resolve(E.left(CLOSED)) : within(this.settings.timeoutMs, this.syncNow(), () => E.left(LATE))

  private syncNow = async (): Promise<E.Either<StorageFailure, Snapshot>> => {
    if (this.settings.reads === 'notified') {
      if (this.wanted > this.durable.version) {
        const r = await this.catchUpTo(this.wanted)
        if (E.isLeft(r)) return r
      }
      return E.right(this.current)
    }
    const checked = await this.check.run()
    if (E.isLeft(checked)) return E.left(storageFailure('The database did not answer.', checked.left))
    if (checked.right > this.durable.version) {
      const r = await this.catchUpTo(checked.right)
      if (E.isLeft(r)) return r
    }
    return this.closed ? E.left(CLOSED) : E.right(this.current)
  }

  commit = (commit: Commit): Promise<E.Either<CommitError, number>> => {
    if (this.closed) return Promise.resolve(E.left(CLOSED))
    if (commit.baseVersion !== this.current.version) {
      return Promise.resolve(E.left({ _tag: 'StorageConflict', expected: commit.baseVersion, actual: this.current.version }))
    }
    let body: string
    try {
      body = encodeCommit(commit)
    } catch (e) {
      return Promise.resolve(E.left(storageFailure('The change could not be encoded.', e)))
    }
    const version = this.current.version + 1
    this.current = { state: commit.state, version }
    const settled = new Promise<E.Either<CommitError, number>>((settle) => {
      this.queue.push({ version, body, state: commit.state, settle })
      // Every commit of this tick goes in the same batch.
      if (this.queue.length === 1) queueMicrotask(() => this.kick())
    })
    // Past the deadline whether it was written is unknown, as when a connection drops during
    // it: the next read's version check finds out. The batch itself ends by its own timeouts.
    return within(this.settings.timeoutMs, settled, () => E.left(LATE))
  }

  subscribe = (listener: (snapshot: Snapshot) => void): (() => void) => {
    this.listeners.add(listener)
    // What was heard while no one listened is due now.
    if (this.wanted > this.durable.version) void this.catchUpTo(this.wanted)
    return () => void this.listeners.delete(listener)
  }

  /**
   * The listener heard of `version` (a notification or a heartbeat). The head moves on it only
   * where someone reads what was heard ('notified' reads, subscribers); otherwise it moves on
   * `sync` alone, as the port promises: a commit built on a head the caller read is checked
   * against that head, not against one that moved underneath it.
   */
  heard = (version: number): void => {
    if (this.closed || version <= this.durable.version) return
    if (this.settings.reads === 'notified' || this.listeners.size > 0) void this.catchUpTo(version)
    else this.wanted = Math.max(this.wanted, version)
  }

  /**
   * Writes a snapshot at the newest acknowledged version and drops older commits beyond the
   * kept window. 'busy': another instance is compacting this store.
   */
  compact = async (): Promise<E.Either<StorageFailure, Compacted>> => {
    const { state, version } = this.durable
    if (state === null) return E.right('current')
    try {
      const done = await withClient(this.settings.pool, this.settings.logger, (client) =>
        compact(client, this.settings.store, { version, state }, this.snapshotBase, this.settings.keepCommits),
      )
      if (done !== 'busy') this.snapshotVersion = Math.max(this.snapshotVersion, version)
      if (done === 'written') this.snapshotBase = { version, state }
      return E.right(done)
    } catch (e) {
      return E.left(storageFailure('The store could not be compacted.', e))
    }
  }

  /**
   * Runs `section` while no other instance runs one on this store: for steps that read and
   * then write, such as a first run's bootstrap, which two instances starting at once must not
   * both take.
   */
  exclusive = <T>(section: () => Promise<T>): Promise<E.Either<StorageFailure, T>> =>
    this.closed ? Promise.resolve(E.left(CLOSED)) : exclusive(this.settings.pool, this.settings.store, this.settings.logger, section)

  close = async (): Promise<void> => {
    this.closed = true
    this.closing ??= (async () => {
      // Commits accepted before close are still made durable.
      while (this.running || this.queue.length > 0) {
        this.kick()
        await new Promise((r) => setTimeout(r, 1))
      }
      for (const w of this.waiters.splice(0)) w.done(E.left(CLOSED))
      this.listeners.clear()
      // A frozen database does not answer a goodbye either: closing waits at most the timeout.
      const ended = Promise.all([this.settings.onClose(), this.settings.pool.end()]).catch(() => undefined)
      await within(this.settings.timeoutMs, ended, () => undefined)
    })()
    await this.closing
  }

  private catchUpTo(target: number): Promise<E.Either<StorageFailure, void>> {
    if (target <= this.durable.version) return Promise.resolve(E.right(undefined))
    this.wanted = Math.max(this.wanted, target)
    return new Promise((done) => {
      this.waiters.push({ target, done })
      this.kick()
    })
  }

  private kick(): void {
    if (this.running) return
    this.running = true
    void this.run().finally(() => {
      this.running = false
      if (this.queue.length > 0) this.kick()
    })
  }

  /** The lane: batches first (a catch-up would only make them conflict), then catch-ups. */
  private async run(): Promise<void> {
    for (;;) {
      if (this.queue.length > 0) await this.flush()
      else if (this.wanted > this.durable.version && !(this.closed && this.waiters.length === 0)) await this.catchUp()
      else break
      this.settleWaiters()
    }
    this.settleWaiters()
  }

  private settleWaiters(failure?: StorageFailure): void {
    const still: typeof this.waiters = []
    for (const w of this.waiters) {
      if (failure) w.done(E.left(failure))
      else if (w.target <= this.durable.version) w.done(E.right(undefined))
      else still.push(w)
    }
    this.waiters = still
    if (failure) this.wanted = this.durable.version
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0)
    const base = batch[0]!.version - 1
    let acknowledged: number | undefined
    try {
      const r = await this.settings.pool.query<{ version: string }>(COMMIT, [this.settings.store, base, batch.map((p) => p.body)])
      if (r.rows.length > 0) acknowledged = Number(r.rows[0]!.version)
    } catch (e) {
      // Whether it was written is unknown: the next read's version check finds out.
      this.settings.logger.error(`flagport: a PostgreSQL commit failed: ${(e as Error).message}`)
      this.dropAccepted(batch, () => E.left(storageFailure('The change could not be saved: the database did not answer.', e)))
      return
    }
    if (acknowledged === undefined) {
      const actual = await this.check.run()
      const version = E.isRight(actual) ? actual.right : base + 1
      this.dropAccepted(batch, (p) => E.left({ _tag: 'StorageConflict', expected: p.version - 1, actual: version }))
      this.wanted = Math.max(this.wanted, version)
      return
    }
    this.durable = { state: batch.at(-1)!.state, version: acknowledged }
    for (const p of batch) p.settle(E.right(p.version))
    this.maybeCompact()
  }

  /** Refuses a batch and every commit built on it; the head falls back to what is durable. */
  private dropAccepted(batch: Pending[], result: (p: Pending) => E.Either<CommitError, number>): void {
    const dropped = [...batch, ...this.queue.splice(0)]
    this.current = this.durable
    for (const p of dropped) p.settle(result(p))
  }

  private async catchUp(): Promise<void> {
    const from = this.durable.version
    try {
      const read = await readAfter(this.settings.pool, this.settings.store, from, this.durable.state)
      if (!read.ok) return this.settleWaiters(storageFailure('The store could not be read.', new Error(read.reason)))
      if (read.version <= from) {
        this.wanted = from
        return
      }
      if (read.snapshotVersion !== undefined) this.snapshotVersion = read.snapshotVersion
      if (read.snapshot !== undefined) this.snapshotBase = read.snapshot
      const next = { state: read.state, version: read.version }
      if (next.version <= this.durable.version) return
      this.durable = next
      // Commits accepted meanwhile were built on an older head: they can only conflict.
      this.dropAccepted([], (p) => E.left({ _tag: 'StorageConflict', expected: p.version - 1, actual: next.version }))
      for (const listener of this.listeners) listener(this.current)
    } catch (e) {
      this.settleWaiters(storageFailure('The database did not answer.', e))
    }
  }

  private maybeCompact(): void {
    if (this.compacting || this.durable.version - this.snapshotVersion < this.settings.compactAfterCommits) return
    this.compacting = true
    setImmediate(() => {
      if (this.closed) return void (this.compacting = false)
      void this.compact()
        .then((r) => {
          if (E.isLeft(r)) this.settings.logger.warn(`flagport: compaction failed: ${r.left.detail ?? r.left.message}`)
        })
        .finally(() => (this.compacting = false))
    })
  }
}
