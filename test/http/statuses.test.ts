import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { plain } from '../support/api.js'
import { FEATURES, type Served, serve, TRANSPORTS } from './support.js'

/** A viewer's personal access token, made through the HTTP API itself. */
const viewerToken = async (s: Served): Promise<string> => {
  const user = await s.call('POST', '/api/admin/user-admin', { body: { email: 'viewer@example.com', rootRole: 'Viewer' } })
  const pat = await s.call('POST', `/api/admin/user-admin/${user.json.id}/tokens`, { body: { description: 'viewer', expiresAt: '2100-01-01T00:00:00.000Z' } })
  return pat.json.secret
}

const clientToken = async (s: Served): Promise<string> =>
  (await s.call('POST', '/api/admin/api-tokens', { body: { tokenName: 'sdk', type: 'client', environment: 'development', projects: ['*'] } })).json.secret

for (const transport of TRANSPORTS) {
  t.test(`${transport}: 401 without a valid key, before routing and body checks`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const before = plain(s.api.state())
    const none = await s.call('POST', FEATURES, { token: null, body: 'not json', headers: { 'content-type': 'text/plain' } })
    t.equal(none.status, 401)
    t.match(none.json, { name: 'AuthenticationRequired', path: '/auth/simple/login', type: 'password', defaultHidden: false })
    t.match(none.json.message, /had no authorization header/)
    const wrong = await s.call('GET', FEATURES, { token: '*:*.wrong' })
    t.equal(wrong.status, 401)
    t.match(wrong.json.message, /not valid/)
    t.equal((await s.call('GET', '/api/admin/nowhere', { token: null })).status, 401, 'unknown paths too')
    t.equal((await s.call('PATCH', FEATURES, { token: null })).status, 401, 'wrong methods too')
    t.equal((await s.call('GET', FEATURES, { token: `Bearer ${'*:*.test-admin-secret'}` })).status, 200, 'a Bearer prefix is accepted')
    t.same(plain(s.api.state()), before)
  })

  t.test(`${transport}: 403 names the permission, and comes before 415 and 400`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const viewer = await viewerToken(s)
    const client = await clientToken(s)
    const before = plain(s.api.state())
    const refused = await s.call('POST', FEATURES, { token: viewer, body: { name: 'x' } })
    t.equal(refused.status, 403)
    t.equal(refused.json.name, 'NoAccessError')
    t.same(refused.json.permissions, ['CREATE_FEATURE'])
    t.equal((await s.call('POST', FEATURES, { token: viewer, body: 'x', headers: { 'content-type': 'text/plain' } })).status, 403)
    t.equal((await s.call('POST', FEATURES, { token: viewer, body: '{"name":' })).status, 403)
    const env = await s.call('POST', '/api/admin/projects/default/features/x/environments/production/on', { token: viewer })
    t.match(env.json.message, /"UPDATE_FEATURE_ENVIRONMENT" permission in the "production" environment/)
    t.equal((await s.call('GET', FEATURES, { token: viewer })).status, 200, 'reads need no permission')
    const sdk = await s.call('GET', FEATURES, { token: client })
    t.equal(sdk.status, 403, 'a client token is refused on the admin API')
    t.same(plain(s.api.state()), before)
  })

  t.test(`${transport}: 415 for a body that is not application/json, before 413 and 400`, async (t) => {
    const s = await serve(transport, { bodyLimit: 64 })
    t.teardown(s.close)
    const before = plain(s.api.state())
    for (const type of ['text/plain', 'application/jsonx', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await s.call('POST', FEATURES, { body: '{"name":"x"}', headers: { 'content-type': type } })
      t.equal(answer.status, 415, type)
      t.equal(answer.json.name, 'ContentTypeerror')
      t.equal(
        answer.json.message,
        `We do not accept the content-type you provided (${type}). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format.`,
      )
    }
    // Bytes: a fetch Request gives a string body a text/plain type of its own.
    const missing = await s.call('POST', FEATURES, { body: new TextEncoder().encode('{"name":"x"}'), headers: { 'content-type': '' } })
    t.equal(missing.status, 415, 'a missing content type too')
    t.match(missing.json.message, /\(you didn't provide one\)/)
    t.equal((await s.call('PUT', `${FEATURES}/x`, { body: 'x'.repeat(100), headers: { 'content-type': 'text/plain' } })).status, 415, 'before 413')
    t.same(plain(s.api.state()), before)
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8']) {
      const answer = await s.call('POST', FEATURES, { body: { name: `f${type.length}` }, headers: { 'content-type': type } })
      t.equal(answer.status, 201, type)
    }
  })

  t.test(`${transport}: 413 beyond the body limit, store unchanged`, async (t) => {
    const s = await serve(transport, { bodyLimit: 1024 })
    t.teardown(s.close)
    const before = plain(s.api.state())
    const big = await s.call('POST', FEATURES, { body: { name: 'big', description: 'x'.repeat(2000) } })
    t.equal(big.status, 413)
    t.equal(big.json.name, 'PayloadTooLargeError')
    t.equal(big.json.message, 'The request body is larger than the limit of 1024 bytes.')
    const huge = await s.call('POST', FEATURES, { body: { name: 'huge', description: 'x'.repeat(3 * 1024 * 1024) } })
    t.equal(huge.status, 413, 'a body far past the limit is refused without being kept')
    t.same(plain(s.api.state()), before)
    t.equal((await s.call('POST', FEATURES, { body: { name: 'small', description: 'x'.repeat(900) } })).status, 201)
  })

  t.test(`${transport}: malformed, empty, non-UTF-8 and too deeply nested bodies are 400`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const before = plain(s.api.state())
    const malformed = await s.call('POST', FEATURES, { body: '{"name": "x",' })
    t.equal(malformed.status, 400)
    t.equal(malformed.json.name, 'ValidationError')
    t.match(malformed.json.message, /^Request validation failed: your request body or params contain invalid data: The request body is not valid JSON: /)
    const empty = await s.call('POST', FEATURES, { body: '' , headers: { 'content-type': 'application/json' } })
    t.equal(empty.status, 400)
    t.same(empty.json.details, [{ path: '/body', message: 'The `/body` property is required. It was not present on the data you sent.' }])
    const latin1 = await s.call('POST', FEATURES, { body: new Uint8Array([0x7b, 0x22, 0x6e, 0xe9, 0x22, 0x7d]) })
    t.equal(latin1.status, 400)
    t.equal(latin1.json.details[0].message, 'The request body is not valid UTF-8.')
    const deep = await s.call('POST', FEATURES, { body: `{"name":"d","x":${'['.repeat(40)}${']'.repeat(40)}}` })
    t.equal(deep.status, 400)
    t.equal(deep.json.details[0].message, 'The request body nests arrays and objects more than 32 levels deep.')
    t.same(plain(s.api.state()), before)
  })

  t.test(`${transport}: 404 names the path, 405 lists the methods, OPTIONS (authenticated) and HEAD answer`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const unknown = await s.call('GET', '/api/admin/no/such/path')
    t.equal(unknown.status, 404)
    t.equal(unknown.json.message, 'The path you were looking for (/api/admin/no/such/path) is not available.')
    t.equal((await s.call('GET', '/')).status, 404)

    const wrong = await s.call('PATCH', FEATURES, { body: {} })
    t.equal(wrong.status, 405)
    t.equal(wrong.json.name, 'MethodNotAllowedError')
    t.equal(wrong.headers['allow'], 'GET, HEAD, POST, OPTIONS')
    t.equal(wrong.json.message, `The method PATCH is not allowed on ${FEATURES}. Allowed: GET, HEAD, POST, OPTIONS.`)

    const options = await s.call('OPTIONS', `${FEATURES}/x`)
    t.equal(options.status, 204)
    t.equal(options.headers['allow'], 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS')
    const anonymous = await s.call('OPTIONS', `${FEATURES}/x`, { token: null })
    t.equal(anonymous.status, 401, 'which methods a path takes is told only to authenticated callers, as Unleash does')
    t.equal(anonymous.headers['allow'], undefined)

    await s.call('POST', FEATURES, { body: { name: 'x' } })
    const head = await s.call('HEAD', `${FEATURES}/x`)
    t.equal(head.status, 200)
    t.equal(head.text, '')
    t.equal(head.headers['content-type'], 'application/json; charset=utf-8')
    const get = await s.call('GET', `${FEATURES}/x`)
    t.equal(head.headers['content-length'], String(Buffer.byteLength(get.text)), "GET's length, without the body")

    const malformed = await s.call('GET', `${FEATURES}/%E0%A4%A`)
    t.equal(malformed.status, 400)
    t.equal(malformed.json.details[0].message, `The path ${FEATURES}/%E0%A4%A has a malformed %-escape.`)
    t.equal((await s.call('GET', `/api//admin/projects/default//features/x/`)).status, 200, 'repeated and trailing slashes are ignored')
  })

  t.test(`${transport}: a base path mounts the API under a prefix`, async (t) => {
    const s = await serve(transport, { basePath: '/flags/' })
    t.teardown(s.close)
    t.equal((await s.call('GET', `/flags${FEATURES}`)).status, 200)
    const outside = await s.call('GET', FEATURES)
    t.equal(outside.status, 404)
    t.equal(outside.json.message, `The path you were looking for (${FEATURES}) is not available.`)
    t.equal((await s.call('GET', `/flagsx${FEATURES}`)).status, 404)
  })

  t.test(`${transport}: 400 ExceedsLimitError, 503 in maintenance mode`, async (t) => {
    const s = await serve(transport, { config: { resourceLimits: { featureFlags: 1 } } })
    t.teardown(s.close)
    t.equal((await s.call('POST', FEATURES, { body: { name: 'one' } })).status, 201)
    const over = await s.call('POST', FEATURES, { body: { name: 'two' } })
    t.equal(over.status, 400)
    t.equal(over.json.name, 'ExceedsLimitError')

    t.equal((await s.call('POST', '/api/admin/maintenance', { body: { enabled: true } })).status, 204)
    const before = plain(s.api.state())
    const refused = await s.call('PUT', `${FEATURES}/one`, { body: { stale: true } })
    t.equal(refused.status, 503)
    t.same(refused.json, { message: 'Unleash is currently in maintenance mode.' }, "Unleash's body: the message alone")
    t.equal(refused.headers['content-type'], 'application/json; charset=utf-8')
    t.same(plain(s.api.state()), before)
    t.equal((await s.call('GET', `${FEATURES}/one`)).status, 200, 'reads go on')
    t.equal((await s.call('POST', '/api/admin/maintenance', { body: { enabled: false } })).status, 204)
    t.equal((await s.call('PUT', `${FEATURES}/one`, { body: { stale: true } })).status, 200)
  })

  t.test(`${transport}: 503 StorageError when the store cannot make a change durable`, async (t) => {
    const memory = createMemoryStorage()
    let failing = false
    const storage: StoragePort = {
      ...memory,
      commit: async (commit) => (failing ? E.left({ _tag: 'StorageFailure', message: 'disk full' }) : memory.commit(commit)),
    }
    const s = await serve(transport, { storage })
    t.teardown(s.close)
    failing = true
    const answer = await s.call('POST', FEATURES, { body: { name: 'x' } })
    t.equal(answer.status, 503)
    t.equal(answer.json.name, 'StorageError')
    t.equal(answer.json.message, 'The change could not be saved: disk full')
  })

  t.test(`${transport}: a bug is a 500 that reveals nothing and is reported`, async (t) => {
    const reported: unknown[] = []
    const s = await serve(transport, { onError: (error) => reported.push(error) })
    t.teardown(s.close)
    ;(s.api.features as { get: unknown }).get = () => {
      throw new Error('secret internals')
    }
    // The routes were bound when the handler was made: make a new one over the broken facade.
    const { createHttpHandler } = await import('../../src/http/handler.js')
    const handler = createHttpHandler(s.api, { onError: (error) => reported.push(error), ids: { uuid: () => 'u', token: () => 'e1' } })
    const answer = await handler({ method: 'GET', path: `${FEATURES}/x`, headers: { authorization: '*:*.test-admin-secret' } })
    t.equal(answer.status, 500)
    t.notMatch(answer.body, /secret internals/)
    t.match(JSON.parse(answer.body!), { id: 'e1', name: 'InternalError' })
    t.equal(reported.length, 1)
  })
}
