/**
 * flagport's admin API inside a hono app, through the WHATWG fetch adapter. The same
 * `flags` function serves Bun, Deno, Cloudflare Workers and Next.js route handlers.
 * Run: npx tsx examples/hono.ts   (PORT=0 picks a free port)
 */
import { serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono } from 'hono'
import { tokenAuth } from 'flagport/auth/api-tokens'
import { toFetchHandler } from 'flagport/http/fetch'
import { createMemoryStorage } from 'flagport/storage/memory'
import { createAdminApi } from 'flagport'
import { createHttpHandler } from 'flagport/http'

const api = await createAdminApi({ storage: createMemoryStorage(), auth: tokenAuth({ adminTokens: ['*:*.change-me'] }) })
const flags = toFetchHandler(createHttpHandler(api))

const app = new Hono()
app.get('/', (c) => c.text('the host app; flags at /api/admin/...'))
// The client's address is what the create-user rate limit counts by.
app.all('/api/*', (c) => flags(c.req.raw, { remoteAddress: getConnInfo(c).remote.address }))

serve({ fetch: app.fetch, port: Number(process.env['PORT'] ?? 4242), hostname: '127.0.0.1' }, (info) =>
  console.log(`hono + flagport on http://127.0.0.1:${info.port} (token *:*.change-me)`),
)
