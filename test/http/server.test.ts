import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { callScript, startCommand, startScript, stopScript as stop } from '../support/script.js'

/** `npm start`'s server (adapters/cli/main.ts), as its own process. */
const start = (env: Record<string, string>) => startScript('adapters/cli/main.ts', env)

const call = (url: string, method: string, path: string, token: string, body?: unknown) =>
  callScript(url, method, path, { token, ...(body !== undefined ? { body } : {}) })

t.test('npm start: serves the admin API over the file store and prints the admin token it made', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-server-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const env = { FLAGPORT_DATA: join(dir, 'store'), FLAGPORT_ADMIN_TOKENS: '', INIT_ADMIN_API_TOKENS: '' }
  const server = await start(env)
  t.teardown(() => stop(server))
  const token = /admin token: (\*:\*\.\S+)$/m.exec(server.output())?.[1]
  t.ok(token, 'the generated token is printed')
  t.equal((await call(server.url, 'GET', '/api/admin/projects', 'wrong')).status, 401)
  const created = await call(server.url, 'POST', '/api/admin/projects/default/features', token!, { name: 'checkout' })
  t.equal(created.status, 201)
  const strategy = await call(server.url, 'POST', '/api/admin/projects/default/features/checkout/environments/production/strategies', token!, { name: 'default' })
  t.equal(strategy.status, 200)
  // An SDK reports twice: the first report is written at once, the second waits for the interval, or the stop.
  const sdkToken = (await call(server.url, 'POST', '/api/admin/api-tokens', token!, { tokenName: 'shop', type: 'client', environment: 'production', projects: ['*'] })).json.secret
  const now = new Date().toISOString()
  const report = (yes: number) => ({ appName: 'shop', instanceId: 'shop-1', bucket: { start: now, stop: now, toggles: { checkout: { yes, no: 0, variants: {} } } } })
  for (const yes of [1, 2]) t.equal((await call(server.url, 'POST', '/api/client/metrics', sdkToken, report(yes))).status, 202)
  server.child.kill('SIGINT')
  t.equal(await server.exited, 0, 'SIGINT stops it cleanly')
  t.match(server.output(), /SIGINT: finishing requests in flight/)

  // The made token lives in the store (as a hash): the next run takes it and makes no other.
  const again = await start(env)
  t.teardown(() => stop(again))
  t.notMatch(again.output(), /\*:\*\./, 'no new secret is printed')
  t.equal((await call(again.url, 'GET', '/api/admin/projects/default/features/checkout', token!)).status, 200, 'the first run\'s token still works')
  const tokens = await call(again.url, 'GET', '/api/admin/api-tokens', token!)
  t.same(tokens.json.tokens.map((t: { tokenName: string; type: string }) => [t.tokenName, t.type]), [['flagport-server', 'admin'], ['shop', 'client']])
  const usage = await call(again.url, 'GET', '/api/admin/client-metrics/features/checkout', token!)
  t.same(usage.json.totalUsage, [{ environment: 'production', yes: 3, no: 0 }], 'the usage gathered since the last write was written on stopping')
  again.child.kill('SIGTERM')
  t.equal(await again.exited, 0)
})

t.test('npm start: a write acknowledged before SIGTERM survives the restart', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-server-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const env = { FLAGPORT_DATA: join(dir, 'store'), FLAGPORT_ADMIN_TOKENS: '*:*.s3cret' }
  const first = await start(env)
  t.teardown(() => stop(first))
  const writes = Array.from({ length: 30 }, (_, i) =>
    call(first.url, 'POST', '/api/admin/projects/default/features', '*:*.s3cret', { name: `f${i}` }).then(
      (answer) => ({ name: `f${i}`, status: answer.status }),
      () => ({ name: `f${i}`, status: 0 }), // refused or cut off: not acknowledged
    ),
  )
  await writes[0]
  first.child.kill('SIGTERM')
  const outcomes = await Promise.all(writes)
  t.equal(await first.exited, 0)
  const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.name)
  t.ok(acknowledged.length >= 1)
  t.ok(outcomes.every((o) => o.status === 201 || o.status === 0), 'each write is acknowledged or refused, nothing else')

  const second = await start(env)
  t.teardown(() => stop(second))
  const listed = await call(second.url, 'GET', '/api/admin/projects/default/features', '*:*.s3cret')
  const stored = new Set(listed.json.features.map((f: { name: string }) => f.name))
  t.same(acknowledged.filter((name) => !stored.has(name)), [], 'every acknowledged write is in the store')
  second.child.kill('SIGTERM')
  t.equal(await second.exited, 0)
})

t.test('npm start: a SIGTERM sent to npm itself (docker stop, a process manager) stops the server cleanly', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-server-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  // npm forwards the signal to its script's shell only: the script must `exec` the server, or the
  // server outlives npm, still holding the store.
  const npm = await startCommand('npm', ['start', '--silent'], { FLAGPORT_DATA: join(dir, 'store'), FLAGPORT_ADMIN_TOKENS: '*:*.s3cret' })
  t.teardown(() => stop(npm))
  t.equal((await call(npm.url, 'POST', '/api/admin/projects/default/features', '*:*.s3cret', { name: 'kept' })).status, 201)
  npm.child.kill('SIGTERM')
  await npm.exited
  t.match(npm.output(), /flagport: stopped\./, 'the server closed its store')
  await t.rejects(call(npm.url, 'GET', '/api/admin/projects', '*:*.s3cret'), 'nothing listens any more')
})

t.test('npm start: a malformed admin token is refused at start', async (t) => {
  const child = spawn(process.execPath, ['--conditions=flagport-source', '--import', 'tsx', 'adapters/cli/main.ts'], {
    env: { ...process.env, PORT: '0', FLAGPORT_ADMIN_TOKENS: 'not-a-token', FLAGPORT_DATA: join(tmpdir(), 'flagport-never-opened') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (c: Buffer) => (errors += c.toString()))
  const code = await new Promise((resolve) => child.on('exit', resolve))
  t.equal(code, 1)
  t.match(errors, /an admin token must look like \*:\*\.<secret>/)
})

t.test('npm start: CREATE_USER_RATE_LIMIT_PER_MINUTE sets the create-user limit, as in Unleash', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-server-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const server = await start({ FLAGPORT_DATA: join(dir, 'store'), FLAGPORT_ADMIN_TOKENS: '*:*.s3cret', CREATE_USER_RATE_LIMIT_PER_MINUTE: '1' })
  t.teardown(() => stop(server))
  const first = await call(server.url, 'POST', '/api/admin/user-admin', '*:*.s3cret', { email: 'a@example.com', rootRole: 'Viewer' })
  t.equal(first.status, 201)
  t.equal(first.headers['ratelimit-limit'], '1')
  t.equal((await call(server.url, 'POST', '/api/admin/user-admin', '*:*.s3cret', { email: 'b@example.com', rootRole: 'Viewer' })).status, 429)

  const child = spawn(process.execPath, ['--conditions=flagport-source', '--import', 'tsx', 'adapters/cli/main.ts'], {
    env: { ...process.env, PORT: '0', CREATE_USER_RATE_LIMIT_PER_MINUTE: 'lots', FLAGPORT_DATA: join(tmpdir(), 'flagport-never-opened') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (c: Buffer) => (errors += c.toString()))
  t.equal(await new Promise((resolve) => child.on('exit', resolve)), 1, 'a value that is not a whole number is refused at start')
  t.match(errors, /CREATE_USER_RATE_LIMIT_PER_MINUTE must be a whole number/)
})
