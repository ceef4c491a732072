import * as E from 'fp-ts/lib/Either.js'
import type { StorageFailure, StoragePort } from '../ports/storage.js'
import { beginTransaction } from '../store/transaction.js'
import type { Tx } from '../store/tx.js'
import { immer } from './immer.js'
import { stateOf } from './runner.js'

/**
 * A transaction flagport's own services run with no caller (an integration claiming and
 * settling deliveries): on the synced state, committed against the version it read, and run
 * again on the newer state when another writer committed first, so a claim is a
 * compare-and-set. It records no event.
 */
export const systemWrite = async <R>(storage: StoragePort, work: (draft: Tx) => R, maxAttempts = 20): Promise<E.Either<StorageFailure, R>> => {
  const withChanges = storage.capabilities.changes !== false
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const synced = await storage.sync()
    if (E.isLeft(synced)) return synced
    const { version } = storage.head()
    const transaction = beginTransaction(stateOf(storage), immer)
    const result = work(transaction.working)
    const { state, changed, changes } = transaction.finish(withChanges)
    if (!changed) return E.right(result)
    const committed = await storage.commit({ baseVersion: version, changes, state })
    if (E.isRight(committed)) return E.right(result)
    if (committed.left._tag !== 'StorageConflict') return E.left(committed.left)
  }
  return E.left({ _tag: 'StorageFailure', message: 'the store kept changing under the change' })
}
