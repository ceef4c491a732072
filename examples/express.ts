/**
 * flagport's admin API inside an express app, mounted under /flags.
 * Run: npx tsx examples/express.ts   (PORT=0 picks a free port)
 */
import express from 'express'
import type { AddressInfo } from 'node:net'
import { tokenAuth } from 'flagport/auth/api-tokens'
import { toNodeListener } from 'flagport/http/node'
import { createMemoryStorage } from 'flagport/storage/memory'
import { createAdminApi } from 'flagport'
import { createHttpHandler } from 'flagport/http'

const api = await createAdminApi({ storage: createMemoryStorage(), auth: tokenAuth({ adminTokens: ['*:*.change-me'] }) })

const app = express()
// express strips the mount path from req.url, so the handler needs no basePath. Mount it before
// any body parser: the listener reads the raw body itself (a body express.json() already read
// is taken from req.body instead).
app.use('/flags', toNodeListener(createHttpHandler(api)))
app.get('/', (_req, res) => {
  res.send('the host app; flags at /flags/api/admin/...')
})

const server = app.listen(Number(process.env['PORT'] ?? 4242), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  console.log(`express + flagport on http://127.0.0.1:${port}/flags (token *:*.change-me)`)
})
