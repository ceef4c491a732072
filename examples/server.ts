/**
 * flagport's server, behind `npm start`: the admin API over the durable file store.
 *
 *   PORT                      port to listen on (default 4242; 0 picks a free one)
 *   HOST                      address to bind (default 127.0.0.1)
 *   FLAGPORT_DATA             the store's directory (default ./data)
 *   FLAGPORT_ADMIN_TOKENS     admin tokens, comma-separated `*:*.<secret>`
 *   INIT_ADMIN_API_TOKENS     the same, under Unleash's name
 *   FLAGPORT_URL              the URL clients reach it at, reported by ui-config
 *   FLAGPORT_BASE_PATH        serve under a prefix, e.g. /flags
 *   CREATE_USER_RATE_LIMIT_PER_MINUTE   users one client may create a minute (default 20, as Unleash)
 *
 * Without admin tokens, the first run creates an admin API token in the store (kept as a hash,
 * so it survives restarts) and prints its secret once; later runs use it. SIGINT or SIGTERM stop it
 * cleanly: requests in flight finish (every acknowledged write is already durable), then the
 * store is closed.
 */
import { tokenAuth } from 'flagport/auth/api-tokens'
import { listen } from 'flagport/http/node'
import { openAuth } from 'flagport/auth/open'
import { openFileStorage } from 'flagport/storage/file'
import { createAdminApi, isLeft } from 'flagport'
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

const given = (env['FLAGPORT_ADMIN_TOKENS'] || env['INIT_ADMIN_API_TOKENS'] || '')
  .split(',')
  .map((token) => token.trim())
  .filter((token) => token !== '')
for (const token of given) {
  if (!/^\*:\*\..+/.test(token)) fail(`an admin token must look like *:*.<secret>; "${token.slice(0, 12)}..." does not.`)
}
const opened = await openFileStorage({ path: dataDir })
if (isLeft(opened)) fail(`could not open the store in ${dataDir}: ${opened.left.message}`)
const storage = opened.right

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
const generated = given.length === 0 ? await ensureStoredAdminToken() : undefined

const basePath = (env['FLAGPORT_BASE_PATH'] ?? '').replace(/\/+$/, '')
const api = await createAdminApi({
  storage,
  auth: tokenAuth({ adminTokens: given, baseUriPath: basePath }),
  config: { unleashUrl: env['FLAGPORT_URL'] || `http://${host.includes(':') ? `[${host}]` : host}:${port || 4242}`, baseUriPath: basePath },
})
const server = await listen(createHttpHandler(api, { basePath, ...(createUserMaxPerMinute !== undefined ? { rateLimiting: { createUserMaxPerMinute } } : {}) }), { port, host })

const base = `${server.url}${basePath}`
if (generated) {
  console.log('No admin token was given (FLAGPORT_ADMIN_TOKENS), so one was created and stored. Its secret is shown only now:')
  console.log(`  admin token: ${generated}`)
  console.log(`e.g. curl -H 'Authorization: ${generated}' ${base}/api/admin/projects`)
} else if (given.length === 0) {
  console.log('Admin token: the one printed by the first run on this store (or any admin token created since).')
}
// Printed last: whoever waits for this line has everything above it.
console.log(`flagport admin API listening on ${base} (file store in ${dataDir})`)

let stopping = false
const stop = async (signal: string) => {
  if (stopping) {
    console.error(`flagport: ${signal} again; exiting without waiting.`)
    process.exit(1)
  }
  stopping = true
  console.log(`flagport: ${signal}: finishing requests in flight, then closing the store.`)
  await server.close()
  await storage.close()
  console.log('flagport: stopped.')
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
