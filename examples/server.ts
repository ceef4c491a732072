/**
 * flagport's server, behind `npm start`: the admin API over the durable file store, or over
 * PostgreSQL when DATABASE_URL is set (then N servers on one database share one store).
 *
 *   DATABASE_URL              postgresql://user:password@host:port/database: use PostgreSQL
 *   FLAGPORT_STORE            the store's name in that database (default `default`)
 *   PORT                      port to listen on (default 4242; 0 picks a free one)
 *   HOST                      address to bind (default 127.0.0.1)
 *   FLAGPORT_DATA             the store's directory (default ./data)
 *   FLAGPORT_ADMIN_TOKENS     admin tokens, comma-separated `*:*.<secret>`
 *   INIT_ADMIN_API_TOKENS     the same, under Unleash's name
 *   FLAGPORT_URL              the URL clients reach it at, reported by ui-config
 *   FLAGPORT_BASE_PATH        serve under a prefix, e.g. /flags
 *   CREATE_USER_RATE_LIMIT_PER_MINUTE   users one client may create a minute (default 20, as Unleash)
 *   FLAGPORT_HEADERS_TIMEOUT_MS         how long a client may take to send its headers (default 10000)
 *   FLAGPORT_ADMIN_PASSWORD   the password of the built-in user `admin` (else a random one, printed once)
 *   FLAGPORT_UI_DIR           a built Unleash Admin UI to serve (`npm run ui:fetch` fetches one)
 *
 * Without admin tokens, the first run creates an admin API token in the store (kept as a hash,
 * so it survives restarts) and prints its secret once; later runs use it. SIGINT or SIGTERM stop it
 * cleanly: requests in flight finish (every acknowledged write is already durable), then the
 * store is closed. A signal arriving within a moment of the first is the same request (Ctrl-C
 * reaches both npm and the server); a later one exits without waiting.
 */
import { hostname } from 'node:os'
import { tokenAuth } from 'flagport/auth/api-tokens'
import { sessionAuth } from 'flagport/auth/sessions'
import { withUi } from 'flagport/http/ui'
import { ensureAdminPassword } from './admin-password.js'
import { listen } from 'flagport/http/node'
import { openAuth } from 'flagport/auth/open'
import { openFileStorage } from 'flagport/storage/file'
import { openPostgresStorage } from 'flagport/storage/postgres'
import { createAdminApi, isLeft, right } from 'flagport'
import { createHttpHandler } from 'flagport/http'

const env = process.env
function fail(message: string): never {
  console.error(`flagport: ${message}`)
  process.exit(1)
}

const port = Number(env['PORT'] ?? 4242)
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number; it is "${env['PORT']}".`)
const host = env['HOST'] || '127.0.0.1'
const dataDir = env['FLAGPORT_DATA'] || './data'
// Left out, the handler's default (Unleash's 20) applies.
const createUserLimit = env['CREATE_USER_RATE_LIMIT_PER_MINUTE']
const createUserMaxPerMinute = createUserLimit === undefined ? undefined : Number(createUserLimit)
if (createUserMaxPerMinute !== undefined && !(Number.isInteger(createUserMaxPerMinute) && createUserMaxPerMinute >= 1)) {
  fail(`CREATE_USER_RATE_LIMIT_PER_MINUTE must be a whole number of 1 or more; it is "${createUserLimit}".`)
}

const headersTimeoutText = env['FLAGPORT_HEADERS_TIMEOUT_MS']
const headersTimeoutMs = headersTimeoutText === undefined || headersTimeoutText === '' ? undefined : Number(headersTimeoutText)
if (headersTimeoutMs !== undefined && !(Number.isInteger(headersTimeoutMs) && headersTimeoutMs >= 1)) {
  fail(`FLAGPORT_HEADERS_TIMEOUT_MS must be a whole number of milliseconds, 1 or more; it is "${headersTimeoutText}".`)
}

const given = (env['FLAGPORT_ADMIN_TOKENS'] || env['INIT_ADMIN_API_TOKENS'] || '')
  .split(',')
  .map((token) => token.trim())
  .filter((token) => token !== '')
for (const token of given) {
  if (!/^\*:\*\..+/.test(token)) fail(`an admin token must look like *:*.<secret>; "${token.slice(0, 12)}..." does not.`)
}
const databaseUrl = env['DATABASE_URL'] || undefined
const storeName = env['FLAGPORT_STORE'] || 'default'

/**
 * The store, and how to run the first-run bootstrap so that servers starting at once on one
 * store take it one after the other (the second then finds what the first made).
 */
const openStore = async () => {
  if (databaseUrl !== undefined) {
    const opened = await openPostgresStorage({ connectionString: databaseUrl, store: storeName })
    if (isLeft(opened)) fail(`could not open the PostgreSQL store ${storeName} (${opened.left.reason}): ${opened.left.message}`)
    const exclusive = async <T>(section: () => Promise<T>): Promise<T> => {
      const ran = await opened.right.exclusive(section)
      if (isLeft(ran)) fail(`could not set up the store: ${ran.left.message}`)
      return ran.right
    }
    return { storage: opened.right, exclusive, where: `PostgreSQL store ${storeName}` }
  }
  const opened = await openFileStorage({ path: dataDir })
  if (isLeft(opened)) fail(`could not open the store in ${dataDir}: ${opened.left.message}`)
  return { storage: opened.right, exclusive: <T>(section: () => Promise<T>) => section(), where: `file store in ${dataDir}` }
}
const { storage, exclusive, where } = await openStore()

/**
 * With no token given, the store must hold an admin token, or nobody could use the server.
 * The first run creates one through a private facade that no request reaches.
 */
const ensureStoredAdminToken = async (): Promise<string | undefined> => {
  const setup = await createAdminApi({ storage, auth: openAuth() })
  const listed = await setup.apiTokens.list({ params: {} })
  if (isLeft(listed)) fail(`could not read the store's API tokens: ${listed.left.message}`)
  if (listed.right.tokens.some((token) => token.type === 'admin')) return undefined
  const created = await setup.apiTokens.create({ params: {}, body: { tokenName: 'flagport-server', type: 'admin' } })
  if (isLeft(created)) fail(`could not create an admin token: ${created.left.message}`)
  return created.right.secret
}
const { generated, adminPassword } = await exclusive(async () => ({
  generated: given.length === 0 ? await ensureStoredAdminToken() : undefined,
  adminPassword: await ensureAdminPassword(storage, env['FLAGPORT_ADMIN_PASSWORD'] || undefined),
}))
if (isLeft(adminPassword)) fail(`FLAGPORT_ADMIN_PASSWORD is not strong enough: ${adminPassword.left}`)

const basePath = (env['FLAGPORT_BASE_PATH'] ?? '').replace(/\/+$/, '')
const unleashUrl = env['FLAGPORT_URL'] || `http://${host.includes(':') ? `[${host}]` : host}:${port || 4242}`
const api = await createAdminApi({
  storage,
  auth: sessionAuth(tokenAuth({ adminTokens: given, baseUriPath: basePath })),
  config: { unleashUrl, baseUriPath: basePath, hostname: hostname() },
})
const apiHandler = createHttpHandler(api, {
  basePath,
  // Served as https (behind a proxy that ends TLS), session cookies are Secure.
  secureCookies: unleashUrl.startsWith('https:'),
  ...(createUserMaxPerMinute !== undefined ? { rateLimiting: { createUserMaxPerMinute } } : {}),
})
const uiDir = env['FLAGPORT_UI_DIR']
const withAdminUi = uiDir ? await withUi(apiHandler, { dir: uiDir, basePath }) : right(apiHandler)
if (isLeft(withAdminUi)) fail(withAdminUi.left)
const server = await listen(withAdminUi.right, { port, host, ...(headersTimeoutMs !== undefined ? { headersTimeoutMs } : {}) })

const base = `${server.url}${basePath}`
if (generated) {
  console.log('No admin token was given (FLAGPORT_ADMIN_TOKENS), so one was created and stored. Its secret is shown only now:')
  console.log(`  admin token: ${generated}`)
  console.log(`e.g. curl -H 'Authorization: ${generated}' ${base}/api/admin/projects`)
} else if (given.length === 0) {
  console.log('Admin token: the one printed by the first run on this store (or any admin token created since).')
}
if (adminPassword.right) console.log(`The built-in user admin's password, shown only now: ${adminPassword.right}`)
if (uiDir) console.log(`Unleash Admin UI from ${uiDir} at ${base}/`)
// Printed last: whoever waits for this line has everything above it.
console.log(`flagport admin API listening on ${base} (${where})`)

/** Ctrl-C signals npm and the server at once, and npm passes its own on: one request, two signals. */
const SAME_REQUEST_MS = 500
let stoppingSince: number | undefined
const stop = async (signal: string) => {
  if (stoppingSince !== undefined) {
    if (performance.now() - stoppingSince < SAME_REQUEST_MS) return
    console.error(`flagport: ${signal} again; exiting without waiting.`)
    process.exit(1)
  }
  stoppingSince = performance.now()
  console.log(`flagport: ${signal}: finishing requests in flight, then closing the store.`)
  await server.close()
  await storage.close()
  console.log('flagport: stopped.')
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
