import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { openPostgresStorage, type OpenFailureReason } from '../../adapters/storage/postgres.js'
import { databaseUrl, freshStoreName } from './fixtures/postgres.js'
import { admin } from './fixtures/pg-helpers.js'

const url = databaseUrl(t)
const quiet = { error: () => undefined, warn: () => undefined }

/** The reason opening failed, or 'opened' (the store is closed again). */
const openReason = async (connectionString: string, store = freshStoreName('open')): Promise<OpenFailureReason | 'opened'> => {
  const opened = await openPostgresStorage({ connectionString, store, logger: quiet, connectTimeoutMs: 5_000 })
  if (E.isRight(opened)) {
    await opened.right.close()
    return 'opened'
  }
  return opened.left.reason
}

/** The test database's URL with its user, password or session settings changed. */
const variant = (change: (u: URL) => void): string => {
  const u = new URL(url!)
  change(u)
  return u.toString()
}

/** A schema of its own, so the tables are made afresh there. */
const inSchema = (schema: string) => variant((u) => u.searchParams.set('options', `-c search_path=${schema}`))

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

if (url !== null) {
  t.test('bad configuration is a typed error at open, naming the cause', async (t) => {
    t.equal(await openReason('mysql://localhost/flags'), 'bad-url', 'not a postgresql:// URL')
    t.equal(await openReason('not a url'), 'bad-url', 'not a URL at all')
    const port = await freePort()
    t.equal(await openReason(variant((u) => (u.port = String(port)))), 'unreachable', 'nothing listens there')
    t.equal(await openReason(variant((u) => (u.password = 'wrong'))), 'authentication', 'a wrong password')
    t.equal(await openReason(variant((u) => (u.pathname = '/no_such_database'))), 'no-database', 'a database that does not exist')
    t.equal(await openReason(variant((u) => u.searchParams.set('options', '-c synchronous_commit=off'))), 'synchronous-commit-off', 'synchronous_commit off')
  })

  t.test('a user without the rights the store needs is refused at open', async (t) => {
    const role = `reader_${randomUUID().replace(/-/g, '').slice(0, 12)}`
    const schema = `locked_${role}`
    await admin(url, `CREATE ROLE ${role} LOGIN PASSWORD 'pw'`)
    await admin(url, `CREATE SCHEMA ${schema}`)
    await admin(url, `GRANT USAGE ON SCHEMA ${schema} TO ${role}`)
    t.teardown(async () => {
      await admin(url, `DROP SCHEMA ${schema} CASCADE`)
      await admin(url, `DROP ROLE ${role}`)
    })
    const asRole = variant((u) => {
      u.username = role
      u.password = 'pw'
      u.searchParams.set('options', `-c search_path=${schema}`)
    })
    t.equal(await openReason(asRole), 'permission', 'may not create the tables')
    t.equal(await openReason(inSchema(schema)), 'opened', 'the owner makes them')
    t.equal(await openReason(asRole), 'permission', 'may not read them either')
  })

  t.test('two instances migrating at once: one migration, both open', async (t) => {
    const schema = `mig_${randomUUID().replace(/-/g, '').slice(0, 12)}`
    await admin(url, `CREATE SCHEMA ${schema}`)
    t.teardown(() => admin(url, `DROP SCHEMA ${schema} CASCADE`))
    const results = await Promise.all([openReason(inSchema(schema), 'a'), openReason(inSchema(schema), 'b'), openReason(inSchema(schema), 'a')])
    t.same(results, ['opened', 'opened', 'opened'])
    const applied = await admin<{ version: number }>(url, `SELECT version FROM ${schema}.flagport_migration ORDER BY version`)
    t.same(applied.map((r) => r.version), [1, 2], 'each migration applied once')
  })

  t.test('a schema newer than the code is refused', async (t) => {
    const schema = `new_${randomUUID().replace(/-/g, '').slice(0, 12)}`
    await admin(url, `CREATE SCHEMA ${schema}`)
    t.teardown(() => admin(url, `DROP SCHEMA ${schema} CASCADE`))
    t.equal(await openReason(inSchema(schema)), 'opened')
    await admin(url, `INSERT INTO ${schema}.flagport_migration (version) VALUES (99)`)
    t.equal(await openReason(inSchema(schema)), 'schema-too-new')
  })
}
