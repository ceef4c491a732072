import type pg from 'pg'
import { openError, type PostgresOpenError } from './errors.js'

/**
 * The store's tables, one migration per schema version. Payloads are `text`, never `jsonb`:
 * jsonb reorders keys and does not keep the bytes that were written.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE flagport_store (
     id text PRIMARY KEY,
     version bigint NOT NULL,
     format integer NOT NULL
   );
   CREATE TABLE flagport_commit (
     store text NOT NULL REFERENCES flagport_store (id),
     version bigint NOT NULL,
     body text NOT NULL,
     committed_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (store, version)
   );
   CREATE TABLE flagport_snapshot (
     store text PRIMARY KEY REFERENCES flagport_store (id),
     version bigint NOT NULL
   );
   CREATE TABLE flagport_snapshot_part (
     store text NOT NULL REFERENCES flagport_store (id),
     part text NOT NULL,
     body text NOT NULL,
     PRIMARY KEY (store, part)
   );`,
  // A snapshot row's place among the rows it was added with (see parts.ts).
  `ALTER TABLE flagport_snapshot_part ADD COLUMN seq bigint NOT NULL DEFAULT 0;`,
]

export const SCHEMA_VERSION = MIGRATIONS.length

/** Any constant will do: it only has to differ from the keys other software locks. */
const MIGRATION_LOCK = 0x666c6167706f7274n

/**
 * Brings the tables to this code's schema. Under a session advisory lock, so instances
 * starting at once migrate one after the other; each migration is one transaction. A schema
 * newer than this code is refused rather than written in a shape it does not know.
 */
export const migrate = async (client: pg.ClientBase): Promise<PostgresOpenError | null> => {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()])
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS flagport_migration (
      version integer PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const found = Number((await client.query<{ v: number | null }>('SELECT max(version) AS v FROM flagport_migration')).rows[0]?.v ?? 0)
    if (found > SCHEMA_VERSION) {
      return openError('schema-too-new', `The database holds flagport's tables in schema ${found}; this version knows schema ${SCHEMA_VERSION} at most. Upgrade flagport.`)
    }
    for (let version = found + 1; version <= SCHEMA_VERSION; version++) {
      await client.query('BEGIN')
      try {
        await client.query(MIGRATIONS[version - 1]!)
        await client.query('INSERT INTO flagport_migration (version) VALUES ($1)', [version])
        await client.query('COMMIT')
      } catch (e) {
        await client.query('ROLLBACK')
        throw e
      }
    }
    return null
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()])
  }
}
