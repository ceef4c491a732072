import * as E from 'fp-ts/lib/Either.js'
import type { StoragePort } from '../../ports/storage.js'

/**
 * "The client payloads may have changed": heard from this process's commits and from the
 * store's subscription (other processes; PostgreSQL NOTIFY, file polling). Listeners re-read
 * the head; they are told nothing else, so a burst of commits may be one call.
 */
export interface ChangeSignal {
  listen(listener: () => void): () => void
}

export interface CommitSignal extends ChangeSignal {
  /** `storage`, telling listeners of each commit it acknowledges: what the runner commits through. */
  readonly observed: StoragePort
}

/**
 * The signal of one store. The store's subscription is taken only while someone listens: a
 * file store polls for other processes only then.
 */
export const commitSignal = (storage: StoragePort): CommitSignal => {
  const listeners = new Set<() => void>()
  let unsubscribe: (() => void) | undefined
  const tell = () => {
    for (const listener of [...listeners]) listener()
  }
  const observed: StoragePort = {
    capabilities: storage.capabilities,
    head: () => storage.head(),
    sync: () => storage.sync(),
    commit: async (commit) => {
      const committed = await storage.commit(commit)
      if (E.isRight(committed) && listeners.size > 0) tell()
      return committed
    },
    ...(storage.subscribe ? { subscribe: (listener: Parameters<NonNullable<StoragePort['subscribe']>>[0]) => storage.subscribe!(listener) } : {}),
    close: () => storage.close(),
  }
  return {
    observed,
    listen: (listener) => {
      listeners.add(listener)
      if (listeners.size === 1 && storage.subscribe) unsubscribe = storage.subscribe(tell)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && unsubscribe !== undefined) {
          unsubscribe()
          unsubscribe = undefined
        }
      }
    },
  }
}
