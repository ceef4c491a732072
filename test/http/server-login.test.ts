import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { callScript, startScript, stopScript as stop } from '../support/script.js'

/** `npm start`'s server (adapters/cli/main.ts), as its own process. */
const start = (env: Record<string, string>) => startScript('adapters/cli/main.ts', env)

const login = (url: string, password: string) => callScript(url, 'POST', '/auth/simple/login', { body: { username: 'admin', password } })

const workspace = async (t: { teardown(fn: () => unknown): void }) => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-server-login-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return dir
}

t.test("npm start: the built-in admin gets a random password, printed once; the UI is served from FLAGPORT_UI_DIR", async (t) => {
  const dir = await workspace(t)
  const ui = join(dir, 'ui')
  await mkdir(ui)
  await writeFile(join(ui, 'index.html'), '<meta name="baseUriPath" content="::baseUriPath::" /><script src="/static/a.js"></script>')
  const env = { FLAGPORT_DATA: join(dir, 'store'), FLAGPORT_ADMIN_TOKENS: '*:*.server-login', FLAGPORT_BASE_PATH: '/flags', FLAGPORT_UI_DIR: ui, FLAGPORT_ADMIN_PASSWORD: '' }
  const first = await start(env)
  t.teardown(() => stop(first))
  const password = /admin's password, shown only now: (\S+)$/m.exec(first.output())?.[1]
  t.ok(password, 'printed')
  const session = await login(first.url, password!)
  t.equal(session.status, 200)
  t.match(String(session.headers['set-cookie']), /^unleash-session=\S+; Path=\/flags; HttpOnly; SameSite=Lax;/)
  t.equal((await login(first.url, 'guess')).status, 401)
  const page = await callScript(first.url, 'GET', '/projects/default')
  t.equal(page.status, 200)
  t.equal(page.headers['content-type'], 'text/html; charset=utf-8')
  first.child.kill('SIGTERM')
  t.equal(await first.exited, 0)

  const again = await start(env)
  t.teardown(() => stop(again))
  t.notMatch(again.output(), /password, shown only now/, 'no new password')
  t.equal((await login(again.url, password!)).status, 200, 'the first run\'s still works')
  again.child.kill('SIGTERM')
  t.equal(await again.exited, 0)
})

t.test('npm start: FLAGPORT_ADMIN_PASSWORD sets the password, and a weak one stops the server', async (t) => {
  const dir = await workspace(t)
  const env = { FLAGPORT_DATA: join(dir, 'store'), FLAGPORT_ADMIN_TOKENS: '*:*.server-login', FLAGPORT_ADMIN_PASSWORD: 'Given-Pass-42' }
  const server = await start(env)
  t.teardown(() => stop(server))
  t.notMatch(server.output(), /password, shown only now/)
  t.equal((await login(server.url, 'Given-Pass-42')).status, 200)
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 0)

  const weak = start({ ...env, FLAGPORT_ADMIN_PASSWORD: 'weak' })
  await t.rejects(weak, /FLAGPORT_ADMIN_PASSWORD is not strong enough: The password must be at least 10 characters long\./)
})
