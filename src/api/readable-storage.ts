import type { State } from '../model/state.js'
import type { Snapshot, StoragePort } from '../ports/storage.js'

/**
 * `storage` as the core reads it: every state `head` and `subscribe` hand out has readable
 * tables (src/store/readable.ts), made so by `readable`, which keeps one readable form per state.
 * `sync` is the port's own: the core asks it only whether the store caught up, then reads the
 * head, and wrapping its promise would cost every operation another turn of the event loop.
 * Commits and the rest pass through.
 */
export const readableStorage = (storage: StoragePort, readable: (state: State) => State): StoragePort => {
  // The snapshot read last and its readable form: the core reads the same head many times.
  let lastRead: Snapshot | undefined
  let lastReadable: Snapshot | undefined
  const readableSnapshot = (snapshot: Snapshot): Snapshot => {
    if (snapshot === lastRead) return lastReadable!
    const state = snapshot.state === null ? null : readable(snapshot.state)
    lastRead = snapshot
    lastReadable = state === snapshot.state ? snapshot : { state, version: snapshot.version }
    return lastReadable
  }
  const subscribe = storage.subscribe?.bind(storage)
  return {
    capabilities: storage.capabilities,
    head: () => readableSnapshot(storage.head()),
    sync: () => storage.sync(),
    commit: (commit) => storage.commit(commit),
    ...(subscribe ? { subscribe: (listener: (snapshot: Snapshot) => void) => subscribe((snapshot) => listener(readableSnapshot(snapshot))) } : {}),
    close: () => storage.close(),
  }
}
