/**
 * flagport's admin API inside a fastify app.
 * Run: npx tsx examples/fastify.ts   (PORT=0 picks a free port)
 */
import Fastify from 'fastify'
import { tokenAuth } from 'flagport/auth/api-tokens'
import { createMemoryStorage } from 'flagport/storage/memory'
import { createAdminApi } from 'flagport'
import { createHttpHandler } from 'flagport/http'

const api = await createAdminApi({ storage: createMemoryStorage(), auth: tokenAuth({ adminTokens: ['*:*.change-me'] }) })
const flags = createHttpHandler(api)

const app = Fastify()
app.get('/', async () => 'the host app; flags at /api/admin/...')

// In its own plugin scope, so the host app's other routes keep fastify's JSON parsing.
await app.register(async (scope) => {
  // flagport checks content types (415) and parses JSON itself: hand it the raw bytes. A body
  // past flagport's limit gets flagport's 413; one far past it, fastify's own.
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: flags.bodyLimit + 1 }, (_request, body, done) => done(null, body))

  scope.all('/api/*', async (request, reply) => {
    const response = await flags({
      method: request.method,
      path: request.url,
      headers: request.headers,
      remoteAddress: request.ip, // what the create-user rate limit counts by
      ...(Buffer.isBuffer(request.body) ? { body: request.body } : {}),
    })
    // An export comes as UTF-8 bytes (`bytes`); everything else as text.
    return reply.code(response.status).headers(response.headers).send(response.bytes ?? response.body)
  })
})

const url = await app.listen({ port: Number(process.env['PORT'] ?? 4242), host: '127.0.0.1' })
console.log(`fastify + flagport on ${url} (token *:*.change-me)`)
