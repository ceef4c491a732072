// @ts-nocheck -- hono is not a dependency of flagport: `npm install hono @hono/node-server` to run this.
/**
 * flagport's admin API inside a hono app, through the WHATWG fetch adapter. The same
 * `flags` function serves Bun, Deno, Cloudflare Workers and Next.js route handlers.
 * Run (after installing hono): npx tsx examples/hono.ts
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { tokenAuth } from '../adapters/auth/api-tokens.js'
import { toFetchHandler } from '../adapters/http/fetch.js'
import { createMemoryStorage } from '../adapters/storage/memory.js'
import { createAdminApi } from '../src/api/admin-api.js'
import { createHttpHandler } from '../src/http/index.js'

const api = await createAdminApi({ storage: createMemoryStorage(), auth: tokenAuth({ adminTokens: ['*:*.change-me'] }) })
const flags = toFetchHandler(createHttpHandler(api))

const app = new Hono()
app.get('/', (c) => c.text('the host app; flags at /api/admin/...'))
app.all('/api/admin/*', (c) => flags(c.req.raw))

serve({ fetch: app.fetch, port: 4242 }, (info) => console.log(`hono + flagport on http://localhost:${info.port}`))
