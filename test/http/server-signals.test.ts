import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import { type Running, startScript, stopScript as stop } from '../support/script.js'

const TOKEN = '*:*.s3cret'

const start = async (t: Test, env: Record<string, string> = {}): Promise<Running> => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-signals-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const server = await startScript('adapters/cli/main.ts', { FLAGPORT_DATA: join(dir, 'store'), FLAGPORT_ADMIN_TOKENS: TOKEN, ...env })
  t.teardown(() => stop(server))
  return server
}

/** A client that sends part of a request and waits: what the server sent it, once the connection closes. */
const slowClient = (url: string, partial: string) => {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname, () => socket.write(partial))
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
  const closed = new Promise<string>((resolve, reject) => {
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
  })
  return { closed, end: () => socket.destroy() }
}

/** A create whose body never comes: the graceful stop waits for it. */
const heldRequest = (url: string) =>
  slowClient(url, `POST /api/admin/projects/default/features HTTP/1.1\r\nHost: x\r\nAuthorization: ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`)

const waitFor = async (running: Running, pattern: RegExp): Promise<void> => {
  while (!pattern.test(running.output())) await sleep(20)
}

t.test('npm start: a second signal right after the first (Ctrl-C reaches npm, which passes it on) is the same request to stop cleanly', async (t) => {
  const server = await start(t)
  const held = heldRequest(server.url)
  await sleep(200)
  // Two signals sent at once arrive as one: the second is sent once the first was taken.
  server.child.kill('SIGINT')
  await waitFor(server, /SIGINT: finishing requests in flight/)
  server.child.kill('SIGINT')
  await sleep(100)
  held.end()
  t.equal(await server.exited, 0, 'the graceful stop ran to its end')
  t.notMatch(server.output(), /again; exiting without waiting/)
  t.match(server.output(), /flagport: stopped\./)
})

t.test('npm start: a signal well after the first skips the graceful stop', async (t) => {
  const server = await start(t)
  const held = heldRequest(server.url)
  await sleep(200)
  server.child.kill('SIGTERM')
  await waitFor(server, /finishing requests in flight/)
  await sleep(1_000)
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 1)
  t.match(server.output(), /SIGTERM again; exiting without waiting/)
  await held.closed
})

t.test('npm start: FLAGPORT_HEADERS_TIMEOUT_MS cuts off a client that sends its headers too slowly', async (t) => {
  const server = await start(t, { FLAGPORT_HEADERS_TIMEOUT_MS: '200' })
  const answer = await Promise.race([
    slowClient(server.url, 'GET /api/admin/projects HTTP/1.1\r\nHost: x\r\n').closed,
    // Node's own timeout is a minute: an answer long before it is the setting's.
    sleep(30_000, 'still waiting'),
  ])
  t.match(answer, /^HTTP\/1\.1 408/)
})

t.test('npm start: FLAGPORT_HEADERS_TIMEOUT_MS must be a whole number', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-signals-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  await t.rejects(startScript('adapters/cli/main.ts', { FLAGPORT_DATA: join(dir, 'store'), FLAGPORT_ADMIN_TOKENS: TOKEN, FLAGPORT_HEADERS_TIMEOUT_MS: 'soon' }), /FLAGPORT_HEADERS_TIMEOUT_MS must be a whole number/)
})
