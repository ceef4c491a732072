/**
 * The admin API on a bare node:http server, in a few lines.
 * Run: npx tsx examples/node-http.ts   (PORT=0 picks a free port)
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tokenAuth } from 'flagport/auth/api-tokens'
import { toNodeListener } from 'flagport/http/node'
import { createMemoryStorage } from 'flagport/storage/memory'
import { createAdminApi } from 'flagport'
import { createHttpHandler } from 'flagport/http'

const token = process.env['FLAGPORT_ADMIN_TOKENS'] ?? '*:*.change-me'
const api = await createAdminApi({ storage: createMemoryStorage(), auth: tokenAuth({ adminTokens: [token] }) })
const server = createServer(toNodeListener(createHttpHandler(api)))

server.listen(Number(process.env['PORT'] ?? 4242), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  console.log(`flagport on http://127.0.0.1:${port} (memory store), token ${token}`)
})
process.on('SIGINT', () => server.close(() => process.exit(0)))
