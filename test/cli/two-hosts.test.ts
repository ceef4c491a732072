import t from 'tap'
import { databaseUrl, freshStoreName } from '../storage/fixtures/postgres.js'
import { callScript, type Running, startCommand, stopScript } from '../support/script.js'
import { streamingSdk } from '../support/streaming-sdk.js'

/**
 * Two `flagport` processes on one PostgreSQL store, as behind a load balancer: an SDK streaming
 * from B follows every flip made through A, usage an SDK reports to A shows on B, and both
 * still show it after both restart.
 */

const ADMIN = '*:*.two-hosts-admin'
const FEATURE = '/api/admin/projects/default/features/checkout'
const TOGGLES = 10

const startServer = (url: string, store: string) =>
  startCommand(process.execPath, ['--conditions=flagport-source', '--import', 'tsx', 'adapters/cli/main.ts', '--admin-token', ADMIN], {
    DATABASE_URL: url,
    FLAGPORT_STORE: store,
  })

/** SIGTERM, as a restart sends: the server drains, writes what it gathered, and exits 0. */
const stopServer = async (server: Running): Promise<number | null> => {
  server.child.kill('SIGTERM')
  return server.exited
}

const admin = (server: Running, method: string, path: string, body?: unknown) => callScript(server.url, method, path, { token: ADMIN, ...(body !== undefined ? { body } : {}) })

/** Asks until `holds` is true of the answer: what another process committed reaches this one a moment later. */
const eventually = async <T>(ask: () => Promise<T>, holds: (answer: T) => boolean, ms = 15_000): Promise<T> => {
  const deadline = Date.now() + ms
  for (;;) {
    const answer = await ask()
    if (holds(answer) || Date.now() > deadline) return answer
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const hourOf = () => new Date().toISOString().slice(0, 13)

t.test('two flagport processes on one PostgreSQL: streamed flips, shared usage, and both after a restart', async (t) => {
  const url = databaseUrl(t)
  if (url === null) return
  const store = freshStoreName('two-hosts')
  const running = new Set<Running>()
  t.teardown(() => running.forEach(stopScript))
  const start = async () => {
    const server = await startServer(url, store)
    running.add(server)
    return server
  }
  // Both set the new store up at once, as two hosts of one deployment do: one of them waits for the other.
  const [a, b] = await Promise.all([start(), start()])

  t.equal((await admin(a, 'POST', '/api/admin/projects/default/features', { name: 'checkout' })).status, 201)
  const created = await admin(a, 'POST', '/api/admin/api-tokens', { tokenName: 'two-hosts-sdk', type: 'client', environment: 'development', projects: ['*'] })
  t.equal(created.status, 201)
  const token = created.json.secret as string
  const known = await eventually(() => callScript(b.url, 'GET', '/api/client/features', { token }), (r) => r.status === 200)
  t.equal(known.status, 200, "B knows A's new client token")

  // Streaming from B: each state is seen once, in order, though every flip is made through A.
  const follower = streamingSdk(t, b.url, token, { appName: 'two-hosts-follower' })
  await follower.until(() => follower.unleash.getFeatureToggleDefinition('checkout') !== undefined)
  const seen: boolean[] = [follower.unleash.getFeatureToggleDefinition('checkout')!.enabled]
  follower.unleash.on('changed', () => seen.push(follower.unleash.getFeatureToggleDefinition('checkout')!.enabled))
  const expected = [false]
  for (let k = 1; k <= TOGGLES; k++) {
    const on = k % 2 === 1
    t.equal((await admin(a, 'POST', `${FEATURE}/environments/development/${on ? 'on' : 'off'}`)).status, 200)
    expected.push(on)
    await follower.until(() => seen.length === expected.length)
  }
  t.same(seen, expected, `B's stream carried each of the ${TOGGLES} flips made through A, in order`)
  t.same(follower.problems, [], 'the SDK met no error')
  follower.unleash.destroy()

  // Usage reported to A: one no while the flag is off, three yes once it is on.
  const reporter = streamingSdk(t, a.url, token, { appName: 'two-hosts-shop', metrics: true })
  const registered = new Promise((resolve) => reporter.unleash.once('registered', resolve))
  await reporter.until(() => reporter.unleash.getFeatureToggleDefinition('checkout')?.enabled === false)
  const hour = hourOf()
  t.equal(reporter.unleash.isEnabled('checkout'), false)
  t.equal((await admin(a, 'POST', `${FEATURE}/environments/development/on`)).status, 200)
  await reporter.until(() => reporter.unleash.getFeatureToggleDefinition('checkout')?.enabled === true)
  for (let i = 0; i < 3; i++) t.equal(reporter.unleash.isEnabled('checkout'), true)
  await registered
  await reporter.unleash.destroyWithFlush()
  t.same(reporter.problems, [], 'the SDK met no error')
  // A holds the report in memory until its interval or its stop: stopping writes it to the store.
  t.equal(await stopServer(a), 0, 'A stopped cleanly')
  running.delete(a)

  const development = (answer: { json: { environments?: { name: string; yes?: number; no?: number }[] } }) => {
    const env = answer.json.environments?.find((e) => e.name === 'development')
    return { yes: env?.yes, no: env?.no }
  }
  const apps = (answer: { json: { applications?: { appName: string }[] } }) => (answer.json.applications ?? []).map((x) => x.appName)
  // The feature shows this hour's counts: a run across the hour's end finds them in the last hour.
  const counted = () => (hourOf() === hour ? { yes: 3, no: 1 } : { yes: 0, no: 0 })
  const showsUsage = async (server: Running, who: string) => {
    const feature = await eventually(() => admin(server, 'GET', FEATURE), (r) => development(r).yes === counted().yes && development(r).no === counted().no)
    t.same(development(feature), counted(), `${who}: the feature's development environment shows the yes and no reported to A`)
    const listed = await eventually(() => admin(server, 'GET', '/api/admin/metrics/applications'), (r) => apps(r).includes('two-hosts-shop'))
    t.ok(apps(listed).includes('two-hosts-shop'), `${who}: the applications page lists the SDK that reported to A`)
    t.equal((await admin(server, 'GET', '/api/admin/metrics/applications/two-hosts-shop/overview')).status, 200, `${who}: and its overview`)
    const project = await admin(server, 'GET', '/api/admin/projects/default/applications')
    t.same(project.json.applications.map((x: { name: string }) => x.name), ['two-hosts-shop'], `${who}: and the project's applications`)
  }
  await showsUsage(b, 'B')
  t.equal(await stopServer(b), 0, 'B stopped cleanly')
  running.delete(b)

  const [a2, b2] = await Promise.all([start(), start()])
  await showsUsage(a2, 'A restarted')
  await showsUsage(b2, 'B restarted')
  const stopped = await Promise.all([stopServer(a2), stopServer(b2)])
  t.same(stopped, [0, 0], 'both stopped cleanly')
  running.clear()
})
