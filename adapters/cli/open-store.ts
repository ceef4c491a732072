/**
 * Opens the store a command names: PostgreSQL when a database URL is given, else the file store
 * in a directory. Shared by every command that reads or writes a store.
 */
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { openFileStorage } from '../storage/file.js'

export interface StoreChoice {
  /** The file store's directory, used when `databaseUrl` is absent. */
  readonly data: string
  readonly databaseUrl?: string | undefined
  /** The store's name inside the database. */
  readonly storeName: string
}

export interface OpenedStore {
  readonly storage: StoragePort
  /**
   * Runs a section while no other process of the same store runs one (PostgreSQL's advisory
   * lock); the file store already admits one process at a time.
   */
  readonly exclusive: <T>(section: () => Promise<T>) => Promise<Either<string, T>>
  /** Where the store is, in words for a log line. */
  readonly where: string
}

export const openStore = async (choice: StoreChoice): Promise<Either<string, OpenedStore>> => {
  if (choice.databaseUrl !== undefined) {
    // Loaded only when asked for: `pg` is an optional peer dependency, absent from most installs.
    const { openPostgresStorage } = await import('../storage/postgres.js')
    const opened = await openPostgresStorage({ connectionString: choice.databaseUrl, store: choice.storeName })
    if (isLeft(opened)) return left(`could not open the PostgreSQL store ${choice.storeName} (${opened.left.reason}): ${opened.left.message}`)
    const store = opened.right
    const exclusive = async <T>(section: () => Promise<T>): Promise<Either<string, T>> => {
      const ran = await store.exclusive(section)
      return isLeft(ran) ? left(ran.left.message) : right(ran.right)
    }
    return right({ storage: store, exclusive, where: `PostgreSQL store ${choice.storeName}` })
  }
  // A command's reads come from requests, many in a turn of the event loop: they share one check.
  const opened = await openFileStorage({ path: choice.data, readCheck: 'shared' })
  if (isLeft(opened)) return left(`could not open the store in ${choice.data}: ${opened.left.message}`)
  return right({ storage: opened.right, exclusive: async (section) => right(await section()), where: `file store in ${choice.data}` })
}
