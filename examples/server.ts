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
 *
 * Without admin tokens it makes one for this run and prints it. SIGINT or SIGTERM stop it
 * cleanly: requests in flight finish (every acknowledged write is already durable), then the
 * store is closed.
 */
import * as E from 'fp-ts/lib/Either.js'
import { randomBytes } from 'node:crypto'
import { tokenAuth } from '../adapters/auth/api-tokens.js'
import { listen } from '../adapters/http/node.js'
import { openFileStorage } from '../adapters/storage/file.js'
import { createAdminApi } from '../src/api/admin-api.js'
import { createHttpHandler } from '../src/http/index.js'

const env = process.env
function fail(message: string): never {
  console.error(`flagport: ${message}`)
  process.exit(1)
}

const port = Number(env['PORT'] ?? 4242)
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number; it is "${env['PORT']}".`)
const host = env['HOST'] || '127.0.0.1'
const dataDir = env['FLAGPORT_DATA'] || './data'

const given = (env['FLAGPORT_ADMIN_TOKENS'] || env['INIT_ADMIN_API_TOKENS'] || '')
  .split(',')
  .map((token) => token.trim())
  .filter((token) => token !== '')
for (const token of given) {
  if (!/^\*:\*\..+/.test(token)) fail(`an admin token must look like *:*.<secret>; "${token.slice(0, 12)}..." does not.`)
}
const generated = given.length === 0 ? `*:*.${randomBytes(24).toString('base64url')}` : undefined
const adminTokens = generated ? [generated] : given

const opened = await openFileStorage({ path: dataDir })
if (E.isLeft(opened)) fail(`could not open the store in ${dataDir}: ${opened.left.message}`)
const storage = opened.right

const basePath = (env['FLAGPORT_BASE_PATH'] ?? '').replace(/\/+$/, '')
const api = await createAdminApi({
  storage,
  auth: tokenAuth({ adminTokens, baseUriPath: basePath }),
  config: { unleashUrl: env['FLAGPORT_URL'] || `http://${host.includes(':') ? `[${host}]` : host}:${port || 4242}`, baseUriPath: basePath },
})
const server = await listen(createHttpHandler(api, { basePath }), { port, host })

const base = `${server.url}${basePath}`
if (generated) {
  console.log('No admin token was given (FLAGPORT_ADMIN_TOKENS), so this run made one. It is shown only now:')
  console.log(`  ${generated}`)
  console.log(`e.g. curl -H 'Authorization: ${generated}' ${base}/api/admin/projects`)
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
