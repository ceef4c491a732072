import * as E from 'fp-ts/lib/Either.js'
import type pg from 'pg'
import type { LoggerPort, StorageFailure } from '../../../src/storage/index.js'
import { storageFailure } from './errors.js'

/** Distinguishes these advisory locks from compaction's and other software's. */
const EXCLUSIVE_LOCK_CLASS = 0x666c6778

/**
 * Runs `section` holding a session advisory lock on the store, on a connection kept for it:
 * another instance's section on the same store waits until this one ends. The wait for the
 * lock is bounded by the statement timeout. A connection that fails is logged (never an
 * unheard 'error') and closed rather than reused, which also releases its lock.
 */
export const exclusive = async <T>(pool: pg.Pool, store: string, logger: LoggerPort, section: () => Promise<T>): Promise<E.Either<StorageFailure, T>> => {
  let client: pg.PoolClient
  try {
    client = await pool.connect()
  } catch (e) {
    return E.left(storageFailure('The database did not answer.', e))
  }
  const onError = (e: Error) => logger.warn(`flagport: the connection of an exclusive section failed: ${e.message}`)
  client.on('error', onError)
  const release = (e?: Error) => {
    client.removeListener('error', onError)
    if (e !== undefined) client.on('error', () => undefined)
    client.release(e)
  }
  try {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [EXCLUSIVE_LOCK_CLASS, store])
  } catch (e) {
    release(e as Error)
    return E.left(storageFailure('The database did not answer.', e))
  }
  try {
    return E.right(await section())
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [EXCLUSIVE_LOCK_CLASS, store]).then(
      () => release(),
      (e: Error) => release(e),
    )
  }
}
