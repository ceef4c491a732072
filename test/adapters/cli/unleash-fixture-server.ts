/**
 * An Unleash-shaped admin API on 127.0.0.1, port 0, answering the routes an import reads with
 * answers recorded from Unleash 8.2 (test/fixtures/unleash-import). A test may replace one
 * route's answer (`answers`) to make it fail or malformed.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'

const FIXTURES = fileURLToPath(new URL('../../fixtures/unleash-import/', import.meta.url))
export const fixture = (name: string): any => JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8'))

export const TOKEN = '*:*.recorded-admin-token'

/** Route (`GET /api/admin/projects`, `POST export default production`) to recorded answer. */
const recorded = (): Map<string, unknown> =>
  new Map<string, unknown>([
    ['GET /api/admin/projects', fixture('projects')],
    ['GET /api/admin/environments', fixture('environments')],
    ['GET /api/admin/environments/project/default', fixture('environments-project-default')],
    ['GET /api/admin/strategies', fixture('strategies')],
    ['GET /api/admin/tag-types', fixture('tag-types')],
    ['GET /api/admin/context', fixture('context')],
    ['GET /api/admin/segments', fixture('segments')],
    ['POST export default development', fixture('export-default-development')],
    ['POST export default production', fixture('export-default-production')],
  ])

/** What a route answers instead of its recording: a status and a raw body, or a dropped connection. */
export type Override = { status: number; body: string } | 'drop'

export interface FixtureServer {
  readonly url: string
  /** The recorded answers, which a test may change before the import runs. */
  readonly answers: Map<string, unknown>
  readonly overrides: Map<string, Override>
  readonly requests: string[]
  readonly close: () => Promise<void>
}

const body = async (req: IncomingMessage): Promise<any> => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

export const startFixtureServer = async (): Promise<FixtureServer> => {
  const answers = recorded()
  const overrides = new Map<string, Override>()
  const requests: string[] = []
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0]!
    let key = `${req.method} ${path}`
    if (req.method === 'POST' && path === '/api/admin/features-batch/export') {
      const { project, environment } = await body(req)
      key = `POST export ${project} ${environment}`
    }
    requests.push(key)
    if (req.headers.authorization !== TOKEN) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'AuthenticationRequired', message: 'You must log in' }))
      return
    }
    const override = overrides.get(key)
    if (override === 'drop') return void req.socket.destroy()
    if (override) return void res.writeHead(override.status, { 'content-type': 'application/json' }).end(override.body)
    if (!answers.has(key)) return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'NotFoundError' }))
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers.get(key)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    overrides,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
