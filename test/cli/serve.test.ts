import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { callScript, startCommand, stopScript } from '../support/script.js'

const TOKEN = '*:*.cli-serve'

t.test('flagport --ui --log json offline with nothing cached: says what to do, serves the API and probes, logs each request as JSON, stops cleanly', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-cli-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const args = ['--port', '0', '--data', join(dir, 'store'), '--admin-token', TOKEN, '--ui', '--ui-cache', join(dir, 'ui-cache'), '--log', 'json', '--base-path', '/flags']
  // Variables the flags override; and a registry nothing answers at, tried once: npm fails at once, as offline.
  const env = { PORT: '1', FLAGPORT_LOG: 'text', npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0', npm_config_cache: join(dir, 'npm-cache') }
  const server = await startCommand(process.execPath, ['--conditions=flagport-source', '--import', 'tsx', 'adapters/cli/main.ts', ...args], env)
  t.teardown(() => stopScript(server))
  t.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/flags$/, '--port 0 won over PORT=1')

  const lines = () => server.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>)
  const offline = lines().find((l) => String(l['message']).startsWith('the Admin UI is not served'))
  t.match(offline, { level: 'error', message: /npm could not fetch unleash-server@8\.2\.0.*Run `flagport ui fetch`.*or give a built UI with --ui-dir; the API is served meanwhile\./ })
  t.match(lines().at(-1), { level: 'info', message: /^flagport admin API listening on http/, url: server.url })

  t.match(await callScript(server.url, 'GET', '/ready'), { status: 200, json: { health: 'GOOD' } })
  t.match(await callScript(server.url, 'GET', '/health'), { status: 200, json: { health: 'GOOD' } })
  t.equal((await callScript(server.url, 'GET', '/api/admin/projects?secret=*:*.x', { token: TOKEN })).status, 200)
  t.equal((await callScript(server.url, 'GET', '/api/admin/ui-config', { token: TOKEN })).json.unleashUrl, server.url, 'links name the port picked and the base path')
  t.equal((await callScript(server.url, 'GET', '/', { token: TOKEN })).status, 404, 'no UI: the API answers its 404')
  // A request's line is written once its answer is sent, so it may reach the pipe after the answer reaches us.
  const requests = () => lines().filter((l) => l['message'] === 'request')
  for (let waited = 0; requests().length < 5 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
  t.match(requests().map(({ method, path, status }) => ({ method, path, status })), [
    { method: 'GET', path: '/flags/ready', status: 200 },
    { method: 'GET', path: '/flags/health', status: 200 },
    { method: 'GET', path: '/flags/api/admin/projects', status: 200 },
    { method: 'GET', path: '/flags/api/admin/ui-config', status: 200 },
    { method: 'GET', path: '/flags/', status: 404 },
  ])
  t.ok(lines().every((l) => typeof l['time'] === 'string'), 'every line is JSON with its time')

  server.child.kill('SIGTERM')
  t.equal(await server.exited, 0)
  t.match(lines().at(-1), { message: 'flagport: stopped.' })
})
