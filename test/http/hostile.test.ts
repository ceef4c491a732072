import t from 'tap'
import { createHttpHandler } from '../../src/http/handler.js'
import { adminRoutes } from '../../src/http/routes/index.js'
import { plain } from '../support/api.js'
import { FEATURES, type Served, serve, strategiesOf, TRANSPORTS } from './support.js'

/** Bodies no route accepts: wrong types, broken syntax and encodings, depth, size. */
const CORPUS: readonly (string | Uint8Array)[] = [
  'null',
  '1',
  '-0',
  '1e400',
  '"a string"',
  'true',
  '[1]',
  '[null]',
  '[{"id":{},"sortOrder":"x"}]',
  '{"name":',
  '{"a":1}}',
  "{'name':'single quotes'}",
  '{"name":"x",}',
  'NaN',
  '\u0000',
  '["\\ud800"]',
  '{"name":"\\udfff"}',
  `${'['.repeat(100_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `${'['.repeat(1_000)}${']'.repeat(1_000)}`,
  `"${'x'.repeat(2 * 1024 * 1024)}"`,
  new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
  new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]),
]

/** Existing resources for every placeholder, so each request reaches its operation's decoder. */
const setUp = async (s: Served) => {
  await s.call('POST', FEATURES, { body: { name: 'checkout' } })
  await s.call('POST', FEATURES, { body: { name: 'parent' } })
  const strategy = (await s.call('POST', strategiesOf('checkout'), { body: { name: 'default' } })).json.id
  const user = (await s.call('POST', '/api/admin/user-admin', { body: { email: 'u@example.com', rootRole: 'Editor' } })).json.id
  const group = (await s.call('POST', '/api/admin/groups', { body: { name: 'team' } })).json.id
  const account = (await s.call('POST', '/api/admin/service-account', { body: { username: 'robot', name: 'Robot', rootRole: 'Viewer' } })).json.id
  if ([strategy, user, group, account].some((id) => id === undefined)) throw new Error('set-up failed')
  const fill = (pattern: string): string =>
    pattern.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'id') return String(pattern.includes('/groups') ? group : pattern.includes('/service-account') ? account : user)
      const values: Record<string, string> = { projectId: 'default', featureName: 'checkout', environment: 'development', strategyId: strategy, name: 'development', parent: 'parent', tokenId: '1' }
      return values[name] ?? 'x'
    })
  return fill
}

for (const transport of TRANSPORTS) {
  t.test(`${transport}: no hostile body gets a 500 or changes the store`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const fill = await setUp(s)
    const before = plain(s.api.state())
    const version = s.api.storage.head().version
    const routes = adminRoutes(s.api).filter((r) => r.body)
    t.ok(routes.length >= 20, 'every body-bearing route is tried')
    for (const route of routes) {
      for (const body of CORPUS) {
        const answer = await s.call(route.method, fill(route.pattern), { body, headers: { 'content-type': 'application/json' } })
        const shown = typeof body === 'string' ? body.slice(0, 40) : `bytes ${[...body].join(',')}`
        if (![400, 413].includes(answer.status)) t.fail(`${route.method} ${route.pattern} ${shown}: ${answer.status} ${answer.text.slice(0, 200)}`)
        if (s.api.storage.head().version !== version) t.fail(`${route.method} ${route.pattern} ${shown} changed the store`)
      }
    }
    t.same(plain(s.api.state()), before)
    t.equal(({} as Record<string, unknown>)['polluted'], undefined)
  })

  t.test(`${transport}: __proto__ and constructor keys never reach a prototype`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const before = plain(s.api.state())
    const evil = await s.call('POST', FEATURES, { body: '{"__proto__":{"name":"evil"}}' })
    t.equal(evil.status, 400, 'a name inherited through __proto__ is no name')
    t.same(evil.json.details.map((d: { path: string }) => d.path), ['/body/name'])
    t.same(plain(s.api.state()), before)

    const typed = await s.call('POST', FEATURES, { body: '{"name":"plain","__proto__":{"type":"kill-switch"},"constructor":{"prototype":{"polluted":true}}}' })
    t.equal(typed.status, 201)
    t.equal(typed.json.type, 'release', 'the type was not inherited')
    const update = await s.call('PUT', `${FEATURES}/plain`, { body: '{"__proto__":{"archived":true,"stale":true}}' })
    t.equal(update.status, 200)
    t.equal(update.json.archived, false)
    t.equal(update.json.stale, false)

    const strategy = await s.call('POST', strategiesOf('plain'), { body: '{"name":"default","parameters":{"__proto__":"p","constructor":"c"}}' })
    t.equal(strategy.status, 200)
    t.same(strategy.json.parameters, JSON.parse('{"__proto__":"p","constructor":"c"}'))
    t.equal(({} as Record<string, unknown>)['polluted'], undefined)
    t.equal(({} as Record<string, unknown>)['archived'], undefined)
  })

  t.test(`${transport}: hostile paths and queries are answered 4xx`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    await s.call('POST', FEATURES, { body: { name: 'checkout' } })
    const before = plain(s.api.state())
    const paths = [
      '/api/admin/projects/%ZZ/features',
      '/api/admin/projects/default/features/%00',
      '/api/admin/projects/default/features/%ED%A0%80',
      '/api/admin/projects/__proto__/features',
      '/api/admin/projects/constructor/features/toString',
      `/api/admin/projects/default/features/${'a'.repeat(5000)}`,
      '/api/admin/projects/default/features/checkout/environments/__proto__',
      '/api/admin/projects/default/features/checkout/environments/hasOwnProperty/strategies',
      '/api/admin/user-admin/abc',
      '/api/admin/user-admin/1e400',
      '/api/admin/user-admin/-1',
      '/api/admin/user-admin/__proto__',
      '/api/admin/groups/constructor',
      '/api/admin/service-account/9999999999999999999999',
      '/api/admin/environments/__proto__',
      '/api/admin/projects/valueOf',
      `${FEATURES}?__proto__[polluted]=1&constructor=x`,
      // A fetch Request resolves `%2e%2e` to `..` before anyone sees it; over a socket it is a name.
      ...(transport === 'node' ? ['/api/admin/%2e%2e/admin/projects'] : []),
      '/api/admin/projects/default/features/checkout/environments/development/strategies/%',
    ]
    for (const path of paths) {
      for (const method of ['GET', 'DELETE', 'POST', 'PUT']) {
        const answer = await s.call(method, path, method === 'GET' ? {} : { body: '[1]' })
        if (answer.status >= 500 || (answer.status < 400 && !path.includes('?'))) t.fail(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`)
      }
    }
    t.same(plain(s.api.state()), before)
    t.equal(({} as Record<string, unknown>)['polluted'], undefined)
  })
}

t.test('unusual authorization headers are a 401, never a 500', async (t) => {
  const s = await serve('fetch')
  const handler = createHttpHandler(s.api)
  for (const authorization of ['', 'Bearer', 'Bearer ', '*:*.', 'user:', ':', 'x'.repeat(100_000), '\u0000', ['a', 'b']]) {
    const answer = await handler({ method: 'GET', path: FEATURES, headers: { authorization } })
    t.equal(answer.status, 401, JSON.stringify(authorization).slice(0, 20))
  }
})
