import t from 'tap'
import { createHttpHandler } from '../../src/http/handler.js'
import { ADMIN_TOKEN, type Received, type Served, serve, TRANSPORTS } from './support.js'
import { ok } from '../support/api.js'

/**
 * Creating users over HTTP is limited per client, as Unleash limits it (express-rate-limit, 20 a
 * minute by default): every answer past the limiter carries its RateLimit headers, and past the
 * limit the answer is a 429 in its text, with Retry-After, and no user is created.
 */

const USERS = '/api/admin/user-admin'
let n = 0
const createUser = (s: Served, extra: Record<string, unknown> = {}) => s.call('POST', USERS, { body: { email: `user-${++n}@example.com`, rootRole: 'Viewer', ...extra } })
const limitHeaders = (r: Received) => Object.fromEntries(Object.entries(r.headers).filter(([name]) => name.startsWith('ratelimit-') || name === 'retry-after'))
/** The users created: all but the built-in admin. */
const userCount = async (s: Served) => ok(await s.api.users.list({ authorization: ADMIN_TOKEN, params: {} })).users.length - 1

for (const transport of TRANSPORTS) {
  t.test(`${transport}: a client creates users up to the limit a minute, then gets 429 until its window ends`, async (t) => {
    const s = await serve(transport, { rateLimiting: { createUserMaxPerMinute: 3 } })
    t.teardown(s.close)
    for (const remaining of ['2', '1', '0']) {
      const created = await createUser(s)
      t.equal(created.status, 201)
      t.same(limitHeaders(created), { 'ratelimit-policy': '3;w=60', 'ratelimit-limit': '3', 'ratelimit-remaining': remaining, 'ratelimit-reset': '60' })
    }
    const before = await userCount(s)
    s.clock.advance(20_500)
    const refused = await createUser(s)
    t.equal(refused.status, 429)
    t.equal(refused.headers['content-type'], 'text/html; charset=utf-8')
    t.equal(refused.text, 'Too many requests, please try again later.', "the limiter's own text, as Unleash sends it")
    t.same(limitHeaders(refused), { 'ratelimit-policy': '3;w=60', 'ratelimit-limit': '3', 'ratelimit-remaining': '0', 'ratelimit-reset': '40', 'retry-after': '40' })
    t.equal(await userCount(s), before, 'no user was created')
    t.same(limitHeaders(await s.call('GET', USERS)), {}, 'listing users is not limited')

    s.clock.advance(39_500)
    const again = await createUser(s)
    t.equal(again.status, 201, 'a new window once the last one ended')
    t.equal(again.headers['ratelimit-remaining'], '2')
    t.equal(await userCount(s), before + 1)
  })

  t.test(`${transport}: what counts toward the limit is what reaches Unleash's limiter`, async (t) => {
    const s = await serve(transport, { rateLimiting: { createUserMaxPerMinute: 2 }, bodyLimit: 256 })
    t.teardown(s.close)
    const viewer = ok(await s.api.users.create({ authorization: ADMIN_TOKEN, params: {}, body: { username: 'viewer', rootRole: 'Viewer' } }))
    const secret = ok(await s.api.personalTokens.create({ authorization: ADMIN_TOKEN, params: { id: String(viewer.id) }, body: { description: 'x', expiresAt: '2100-01-01T00:00:00.000Z' } })).secret
    const body = { email: 'someone@example.com', rootRole: 'Viewer' }
    // Not counted: refused before the limiter, or (in process) never through it.
    const before = [
      await s.call('POST', USERS, { body, token: null }),
      await s.call('POST', USERS, { body, token: secret }),
      await s.call('POST', USERS, { body: '{"email":', headers: { 'content-type': 'application/json' } }),
      await s.call('POST', USERS, { body: { ...body, name: 'x'.repeat(300) } }),
    ]
    t.same(before.map((r) => r.status), [401, 403, 400, 413])
    t.same(before.map(limitHeaders), [{}, {}, {}, {}], 'no limit headers on what it never saw')
    ok(await s.api.users.create({ authorization: ADMIN_TOKEN, params: {}, body: { username: 'in-process', rootRole: 'Viewer' } }))
    // Counted: a wrong content type, and a body its codec refuses.
    const wrongType = await s.call('POST', USERS, { body: JSON.stringify(body), headers: { 'content-type': 'text/plain' } })
    t.equal(wrongType.status, 415)
    t.equal(wrongType.headers['ratelimit-remaining'], '1')
    const invalid = await s.call('POST', USERS, { body: { rootRole: 'Viewer' } })
    t.equal(invalid.status, 400)
    t.equal(invalid.headers['ratelimit-remaining'], '0')
    const users = await userCount(s)
    const refused = await createUser(s)
    t.equal(refused.status, 429, 'the next valid request is over the limit')
    t.equal(await userCount(s), users)
  })

  t.test(`${transport}: maintenance refuses before the limiter`, async (t) => {
    const s = await serve(transport, { rateLimiting: { createUserMaxPerMinute: 1 } })
    t.teardown(s.close)
    t.equal((await s.call('POST', '/api/admin/maintenance', { body: { enabled: true } })).status, 204)
    const during = await createUser(s)
    t.equal(during.status, 503)
    t.same(limitHeaders(during), {})
    t.equal((await s.call('POST', '/api/admin/maintenance', { body: { enabled: false } })).status, 204)
    t.equal((await createUser(s)).status, 201, 'the refused request did not count')
  })
}

t.test('each client address has its own window; requests without one share a window', async (t) => {
  const s = await serve('fetch', { rateLimiting: { createUserMaxPerMinute: 1 } })
  const post = (remoteAddress?: string) =>
    s.handler({
      method: 'POST',
      path: USERS,
      headers: { authorization: ADMIN_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `client-${++n}@example.com`, rootRole: 'Viewer' }),
      ...(remoteAddress !== undefined ? { remoteAddress } : {}),
    })
  t.same([(await post('10.0.0.1')).status, (await post('10.0.0.2')).status, (await post('10.0.0.1')).status], [201, 201, 429])
  t.same([(await post()).status, (await post()).status], [201, 429])
})

t.test('the default is 20 a minute, as Unleash; false sets no limit', async (t) => {
  const limited = await serve('fetch')
  const statuses: number[] = []
  for (let i = 0; i < 21; i++) statuses.push((await createUser(limited)).status)
  t.same(statuses, [...Array(20).fill(201), 429])
  const open = await serve('fetch', { rateLimiting: false })
  for (let i = 0; i < 21; i++) {
    const created = await createUser(open)
    if (created.status !== 201 || limitHeaders(created)['ratelimit-limit'] !== undefined) t.fail(`request ${i}: ${created.status}`)
  }
  t.equal(await userCount(open), 21 + 0, 'every user created, none with limit headers')
})

t.test('a limit that is not a whole number of 1 or more is refused when the handler is made', async (t) => {
  const { api } = await serve('fetch')
  for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    t.throws(() => createHttpHandler(api, { rateLimiting: { createUserMaxPerMinute: bad } }), TypeError, String(bad))
  }
})
