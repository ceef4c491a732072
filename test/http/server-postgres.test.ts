import t from 'tap'
import { callScript, startScript, stopScript as stop } from '../support/script.js'
import { databaseUrl, freshStoreName } from '../storage/fixtures/postgres.js'

/** `npm start`'s server (adapters/cli/main.ts) on PostgreSQL, as its own process. */
const start = (env: Record<string, string>) => startScript('adapters/cli/main.ts', env)

const call = (url: string, method: string, path: string, token: string, body?: unknown) =>
  callScript(url, method, path, { token, ...(body !== undefined ? { body } : {}) })

const url = databaseUrl(t)

if (url !== null) {
  t.test('npm start on DATABASE_URL: two servers starting at once make one admin token and serve one store', async (t) => {
    const env = { DATABASE_URL: url, FLAGPORT_STORE: freshStoreName('server'), FLAGPORT_ADMIN_TOKENS: '', INIT_ADMIN_API_TOKENS: '' }
    const [a, b] = await Promise.all([start(env), start(env)])
    t.teardown(() => stop(a))
    t.teardown(() => stop(b))
    const printed = [a, b].map((s) => /admin token: (\*:\*\.\S+)$/m.exec(s.output())?.[1]).filter((token) => token !== undefined)
    t.equal(printed.length, 1, 'one of them made and printed a token, the other found it')
    const token = printed[0]!
    t.match(a.output(), /PostgreSQL store/)
    const tokens = await call(b.url, 'GET', '/api/admin/api-tokens', token)
    t.same(tokens.json.tokens.map((x: { type: string }) => x.type), ['admin'], 'one admin token in the store')

    t.equal((await call(a.url, 'POST', '/api/admin/projects/default/features', token, { name: 'shared' })).status, 201)
    const read = await call(b.url, 'GET', '/api/admin/projects/default/features/shared', token)
    t.equal(read.status, 200, 'a write acknowledged by one is read from the other at once')
    t.equal(read.json.name, 'shared')
    a.child.kill('SIGTERM')
    b.child.kill('SIGTERM')
    t.same(await Promise.all([a.exited, b.exited]), [0, 0])
  })

  t.test('npm start on DATABASE_URL: a server killed with SIGKILL mid-write loses no acknowledged write', async (t) => {
    const env = { DATABASE_URL: url, FLAGPORT_STORE: freshStoreName('server'), FLAGPORT_ADMIN_TOKENS: '*:*.s3cret' }
    const [a, b] = await Promise.all([start(env), start(env)])
    t.teardown(() => stop(a))
    t.teardown(() => stop(b))
    const writes = Array.from({ length: 60 }, (_, i) =>
      call(i % 2 === 0 ? a.url : b.url, 'POST', '/api/admin/projects/default/features', '*:*.s3cret', { name: `f${i}` }).then(
        (answer) => ({ name: `f${i}`, status: answer.status }),
        () => ({ name: `f${i}`, status: 0 }), // cut off: not acknowledged
      ),
    )
    await writes[0]
    a.child.kill('SIGKILL')
    const outcomes = await Promise.all(writes)
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.name)
    t.ok(acknowledged.length >= 1, 'some writes were acknowledged')
    t.same(outcomes.filter((o) => o.status !== 201 && o.status !== 0), [], 'each write is acknowledged or cut off, nothing else')
    const listed = await call(b.url, 'GET', '/api/admin/projects/default/features', '*:*.s3cret')
    const stored = new Set(listed.json.features.map((f: { name: string }) => f.name))
    t.same(acknowledged.filter((name) => !stored.has(name)), [], 'every acknowledged write is in the store')
    b.child.kill('SIGTERM')
    t.equal(await b.exited, 0)
  })
}
