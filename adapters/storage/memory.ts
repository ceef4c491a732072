import * as E from 'fp-ts/lib/Either.js'
import type { Commit, CommitError, Snapshot, StorageFailure, StoragePort } from '../../src/storage/index.js'

/**
 * The reference storage adapter: the state in a variable. Complete and atomic: a commit on a
 * stale base version is refused as a conflict and changes nothing. Not durable.
 */
export const createMemoryStorage = (initial: Snapshot = { state: null, version: 0 }): StoragePort => {
  // A state a host kept from an earlier version is handed on as it is: the core upgrades it.
  let current = initial
  let closed = false
  const listeners = new Set<(snapshot: Snapshot) => void>()
  const closedFailure: StorageFailure = { _tag: 'StorageFailure', message: 'The store is closed.' }

  return {
    capabilities: { durable: false, crossProcess: false, subscribe: true, changes: false },
    head: () => current,
    sync: async () => (closed ? E.left(closedFailure) : E.right(current)),
    commit: async (commit: Commit): Promise<E.Either<CommitError, number>> => {
      if (closed) return E.left(closedFailure)
      if (commit.baseVersion !== current.version) {
        return E.left({ _tag: 'StorageConflict', expected: commit.baseVersion, actual: current.version })
      }
      current = { state: commit.state, version: current.version + 1 }
      for (const listener of listeners) listener(current)
      return E.right(current.version)
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close: async () => {
      closed = true
      listeners.clear()
    },
  }
}
