/**
 * The PostgreSQL store, shared by N instances: `openPostgresStorage({ connectionString })`.
 * Needs the `pg` package (an optional peer dependency). The pieces live in ./postgres/; this
 * module is the public surface (docs/postgres.md).
 */
export { openPostgresStorage, type PostgresStorage, type PostgresStorageOptions } from './postgres/open.js'
export type { OpenFailureReason, PostgresOpenError } from './postgres/errors.js'
