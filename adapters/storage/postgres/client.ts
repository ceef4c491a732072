import type pg from 'pg'
import type { LoggerPort } from '../../../src/storage/index.js'

/**
 * Runs `use` on a connection of the pool held for it. A checked-out client has no listener of
 * the pool's on it, and a connection lost meanwhile (a backend terminated, a restart) emits
 * 'error' on it: unheard, that ends the process. Here it is logged, the query in flight fails,
 * and a client whose use failed is destroyed rather than handed to the next caller.
 */
export const withClient = async <T>(pool: pg.Pool, logger: LoggerPort, use: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect()
  const onError = (e: Error) => logger.warn(`flagport: a PostgreSQL connection in use failed: ${e.message}`)
  client.on('error', onError)
  let failure: Error | undefined
  try {
    return await use(client)
  } catch (e) {
    failure = e instanceof Error ? e : new Error(String(e))
    throw e
  } finally {
    client.removeListener('error', onError)
    // Anything it still emits after a failure is about a connection already given up.
    if (failure !== undefined) client.on('error', () => undefined)
    client.release(failure)
  }
}

/**
 * `work`, or a StorageFailure-shaped refusal once `ms` have passed: every wait on the database
 * ends within the configured time, whatever the driver's own timeouts leave in flight.
 */
export const within = <T>(ms: number, work: Promise<T>, late: () => T): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms)
    timer.unref()
  })
  return Promise.race([work, expired]).finally(() => clearTimeout(timer))
}
