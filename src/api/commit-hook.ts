import type * as E from 'fp-ts/lib/Either.js'
import type { State, StoredEvent } from '../model/state.js'
import type { Commit, CommitError, Snapshot, StoragePort } from '../ports/storage.js'
import { newestFirst } from '../store/event-log.js'
import { readableState } from '../store/readable.js'

/** One commit to the store, as a commit listener hears of it. */
export interface CommitReport {
  /** The store's version the commit made. */
  readonly version: number
  /** The state before the commit and after it. */
  readonly before: State
  readonly after: State
  /** The events the commit appended, oldest first (none when it recorded none). */
  readonly events: readonly StoredEvent[]
  /** Whether this facade made it; else another facade or process sharing the store did. */
  readonly local: boolean
}

/** Hears of every commit to the store, once each, in the order of their versions. Its errors are its own. */
export type CommitListener = (report: CommitReport) => void

/** Stops a listener: it hears of nothing after this returns. */
export type Unsubscribe = () => void

/** The events of `after`'s log newer than the newest of `before`'s, oldest first. */
const appended = (before: State, after: State): readonly StoredEvent[] => {
  const since = before.events.last
  if (after.events.last <= since) return NO_EVENTS
  const events: StoredEvent[] = []
  for (const event of newestFirst(after.events)) {
    if (event.id <= since) break
    events.push(event)
  }
  return events.reverse()
}
const NO_EVENTS: readonly StoredEvent[] = Object.freeze([])

/**
 * The runner's one subscription point. Commits this facade makes are reported once the store
 * accepted them (a refused or failed commit reports nothing); commits made elsewhere (another
 * facade on the same port, another process on the same file or database) are reported when
 * the port's `subscribe` tells of them, or when this facade's own next commit settles, from
 * the last state reported to the head. While a commit of this facade is on its way, news from
 * elsewhere waits for it, so reports keep the order of versions. With no listener the hook
 * holds nothing and costs a commit one comparison.
 */
export const createCommitHook = (storage: StoragePort) => {
  const listeners = new Set<CommitListener>()
  /** The last version reported and its state; kept only while someone listens. */
  let seen: { version: number; state: State } | undefined
  let stopHearing: Unsubscribe | undefined
  let inFlight = 0

  const tell = (report: CommitReport): void => {
    seen = { version: report.version, state: report.after }
    for (const listener of [...listeners]) {
      try {
        const answer = listener(report) as unknown
        // A listener that returns a promise fails on its own, not as an unhandled rejection.
        if (answer instanceof Promise) answer.catch(() => undefined)
      } catch {
        // A listener's fault is not the commit's.
      }
    }
  }

  /** Reports the head when it is newer than what was reported: commits made elsewhere. */
  const catchUp = (snapshot: Snapshot = storage.head()): void => {
    if (seen === undefined || inFlight > 0 || snapshot.state === null || snapshot.version <= seen.version) return
    const after = readableState(snapshot.state)
    tell({ version: snapshot.version, before: seen.state, after, events: appended(seen.state, after), local: false })
  }

  const onCommit = (listener: CommitListener): Unsubscribe => {
    if (listeners.size === 0) {
      const head = storage.head()
      if (head.state !== null) seen = { version: head.version, state: readableState(head.state) }
      stopHearing = storage.subscribe?.((snapshot) => catchUp(snapshot))
    }
    listeners.add(listener)
    return () => {
      if (!listeners.delete(listener) || listeners.size > 0) return
      stopHearing?.()
      stopHearing = undefined
      seen = undefined
    }
  }

  const reportedCommit = async (given: Commit): Promise<E.Either<CommitError, number>> => {
    inFlight++
    let committed: E.Either<CommitError, number>
    try {
      committed = await storage.commit(given)
    } finally {
      inFlight--
    }
    // Reported from the last state reported, so each report's `before` is the previous one's
    // `after`; a listener added while the commit was on its way starts after it.
    if (committed._tag === 'Right' && seen !== undefined && committed.right > seen.version) {
      tell({ version: committed.right, before: seen.state, after: given.state, events: appended(seen.state, given.state), local: true })
    }
    catchUp()
    return committed
  }

  /** Commits through the port and reports the commit once the store accepted it; unheard, the port's own promise. */
  const commit = (given: Commit): Promise<E.Either<CommitError, number>> => (listeners.size === 0 ? storage.commit(given) : reportedCommit(given))

  return { onCommit, commit }
}

export type CommitHook = ReturnType<typeof createCommitHook>
