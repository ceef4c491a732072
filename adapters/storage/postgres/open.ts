import * as E from 'fp-ts/lib/Either.js'
import pg from 'pg'
import { consoleLogger, type LoggerPort } from '../../../src/storage/index.js'
import { withClient } from './client.js'
import { classifyOpenError, openError, type PostgresOpenError } from './errors.js'
import { STORE_FORMAT_VERSION } from './changes.js'
import { Listener } from './listener.js'
import { loadStore } from './load.js'
import { migrate } from './schema.js'
import { CREATE_STORE, STORE_FORMAT } from './sql.js'
import { PostgresStore } from './store.js'

export interface PostgresStorageOptions {
  /** `postgresql://user:password@host:port/database`, as in `DATABASE_URL`. */
  readonly connectionString: string
  /** Which store of the database: several may share one. Default `default`. */
  readonly store?: string
  /** Connections for commits and reads (the listener has one more of its own). Default 4. */
  readonly poolSize?: number
  /** How often the listener reads the head, catching up on anything it missed. Default 5000. */
  readonly heartbeatMs?: number
  /**
   * 'checked' (default): a read sees every commit acknowledged anywhere before it began (one
   * round trip, shared by concurrent reads). 'notified': reads serve what the listener has
   * heard, a few milliseconds behind other instances; commits still never lose an update.
   */
  readonly reads?: 'checked' | 'notified'
  /** Commits between two snapshots. Default 1000. */
  readonly compactAfterCommits?: number
  /** Commits kept before the snapshot, so followers catch up without reloading it. Default 1000. */
  readonly keepCommits?: number
  /**
   * false: no listener; the store learns of other instances' commits only when it reads
   * (`sync`), as a short-lived tool would. Default true.
   */
  readonly listen?: boolean
  /**
   * How long to wait for a connection: a new one (the server's answer to a connect) or one of
   * the pool when all are busy. Default 5000.
   */
  readonly connectTimeoutMs?: number
  /**
   * The longest any statement may run (PostgreSQL's `statement_timeout`, and the driver's own
   * wait for an answer, which also ends when the server is frozen or the network silent), and
   * the longest `sync` and `commit` take before failing with a StorageFailure. Default 5000.
   */
  readonly timeoutMs?: number
  readonly logger?: LoggerPort
}

/** A PostgreSQL store: the storage port, plus compaction on demand. */
export type PostgresStorage = PostgresStore

const positive = (given: number | undefined, fallback: number): number =>
  typeof given === 'number' && Number.isFinite(given) && given > 0 ? given : fallback

const validUrl = (text: string): boolean => {
  try {
    const url = new URL(text)
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:'
  } catch {
    return false
  }
}

/** Checks the settings, migrates, and makes the store's row if it is new. */
const prepare = async (client: pg.PoolClient, store: string): Promise<PostgresOpenError | null> => {
  const sync = (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]?.synchronous_commit
  if (sync === 'off') {
    return openError('synchronous-commit-off', 'synchronous_commit is off for this user and database: a crash could lose acknowledged commits. Turn it on (ALTER ROLE ... SET synchronous_commit = on).')
  }
  const migrated = await migrate(client)
  if (migrated !== null) return migrated
  await client.query(CREATE_STORE, [store, STORE_FORMAT_VERSION])
  const format = Number((await client.query<{ format: number }>(STORE_FORMAT, [store])).rows[0]?.format)
  if (format !== STORE_FORMAT_VERSION) return openError('schema-too-new', `The store ${store} was written in format ${format}, which this version does not read.`)
  return null
}

/**
 * Opens (creating when new) a store in a PostgreSQL database: migrates the tables under an
 * advisory lock, checks `synchronous_commit`, reads the snapshot and the commits after it,
 * and starts listening for other instances' commits. docs/postgres.md says what it promises.
 * Every way it can fail to open is a value naming the cause.
 */
export const openPostgresStorage = async (options: PostgresStorageOptions): Promise<E.Either<PostgresOpenError, PostgresStorage>> => {
  if (typeof options.connectionString !== 'string' || !validUrl(options.connectionString)) {
    return E.left(openError('bad-url', 'The connection string is not a postgresql:// URL.'))
  }
  const store = options.store ?? 'default'
  if (store.length === 0 || store.length > 200) return E.left(openError('other', 'The store name must have 1 to 200 characters.'))
  const logger = options.logger ?? consoleLogger
  const timeoutMs = positive(options.timeoutMs, 5_000)
  const config: pg.ClientConfig = {
    connectionString: options.connectionString,
    keepAlive: true,
    connectionTimeoutMillis: positive(options.connectTimeoutMs, 5_000),
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs,
  }
  const pool = new pg.Pool({ ...config, max: options.poolSize ?? 4, application_name: 'flagport', Client: clientHeardFromBirth(logger) })
  // An idle connection the server dropped must not crash the process: the next query reconnects.
  // Checked-out connections get a listener of their own while held (client.ts); pool.query's
  // connections have one from the pool.
  pool.on('error', (e) => logger.warn(`flagport: an idle PostgreSQL connection failed: ${e.message}`))
  const fail = async (error: PostgresOpenError) => {
    await pool.end().catch(() => undefined)
    return E.left(error)
  }
  try {
    // Held through withClient: a backend terminated while it migrates must not end the process.
    const refused = await withClient(pool, logger, (client) => prepare(client, store))
    if (refused !== null) return await fail(refused)
    const loaded = await loadStore(pool, store)
    if (!loaded.ok) return await fail(openError('corrupt', `The store ${store} could not be read: ${loaded.reason}`))
    let listener: Listener | undefined
    const port = new PostgresStore(
      {
        pool,
        store,
        reads: options.reads ?? 'checked',
        compactAfterCommits: options.compactAfterCommits ?? 1000,
        keepCommits: options.keepCommits ?? 1000,
        logger,
        timeoutMs,
        onClose: async () => listener?.close(),
      },
      loaded,
    )
    if (options.listen !== false) {
      listener = new Listener({ config, store, heartbeatMs: options.heartbeatMs ?? 5_000, onVersion: port.heard, logger })
      await listener.start()
    }
    return E.right(port)
  } catch (e) {
    return fail(classifyOpenError(e))
  }
}

/**
 * The pool's connections, each with an 'error' listener from its construction. The pool and
 * the holders of a connection listen only in the windows they own; a terminated backend can
 * report in a gap between them, and an unheard 'error' ends the process. This one logs only
 * what no other listener heard.
 */
const clientHeardFromBirth = (logger: LoggerPort): typeof pg.Client =>
  class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config)
      this.on('error', (e: Error) => {
        if (this.listenerCount('error') === 1) logger.warn(`flagport: a PostgreSQL connection failed: ${e.message}`)
      })
    }
  }

