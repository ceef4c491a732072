import * as E from 'fp-ts/lib/Either.js'
import t from 'tap'
import { isJsonContentType, nestsDeeperThan, parseJsonBody } from '../../src/http/body.js'
import { errorBody, STATUS } from '../../src/http/errors.js'
import { header, normalizeBasePath, target, underBase } from '../../src/http/request.js'
import { route } from '../../src/http/route.js'
import { createRouter, resolvePaths, splitPath } from '../../src/http/router.js'
import { byteLength, bytesResponse } from '../../src/http/response.js'
import { createAnswerCache } from '../../src/api/answer-cache.js'
import { utf8Length } from '../../src/model/utf8.js'
import { notFound, validationError } from '../../src/domain/errors.js'

const call = async () => E.right(undefined)

t.test('splitPath decodes each segment, drops empty ones, and refuses malformed escapes', async (t) => {
  t.same(splitPath('/api//admin/tags/'), ['api', 'admin', 'tags'])
  t.same(splitPath('/a+b/é/%41'), ['a+b', 'é', 'A'], 'segments without an escape are taken as they are')
  t.same(splitPath('/a/b%2Fc/%E2%9C%93'), ['a', 'b/c', '✓'], 'an encoded slash stays inside its segment')
  t.equal(splitPath('/a/%E0%A4%A'), undefined)
  t.equal(splitPath('/a/%'), undefined)
  t.equal(splitPath('/a/%ED%A0%80'), undefined, 'an encoded lone surrogate is malformed UTF-8')
})

t.test('the router prefers literal segments and reports the methods of a known path', async (t) => {
  const setSort = route('POST', '/s/:env/strategies/set-sort-order', call)
  const byId = route('GET', '/s/:env/strategies/:strategyId', call)
  const resolve = createRouter([byId, setSort])
  t.match(resolve('POST', ['s', 'dev', 'strategies', 'set-sort-order']), { kind: 'route', route: setSort, params: { env: 'dev' } })
  t.match(resolve('GET', ['s', 'dev', 'strategies', 'abc']), { kind: 'route', route: byId, params: { env: 'dev', strategyId: 'abc' } })
  t.same(resolve('DELETE', ['s', 'dev', 'strategies', 'abc']), { kind: 'wrong-method', allowed: ['GET'] })
  t.same(resolve('GET', ['s', 'dev']), { kind: 'unknown' })
  const proto = resolve('GET', ['s', '__proto__', 'strategies', 'constructor'])
  t.equal(proto.kind, 'route')
  if (proto.kind === 'route') {
    t.equal(proto.params['env'], '__proto__')
    t.equal(Object.getPrototypeOf(proto.params), null)
  }
})

t.test('the router: more literal segments win wherever they are, then the route declared first', async (t) => {
  const laterLiterals = route('GET', '/a/:x/c/d', call)
  const earlyLiteral = route('GET', '/a/b/:y/:z', call)
  const first = route('GET', '/a/b/:y/d', call)
  const second = route('GET', '/a/:x/c/d', call)
  const resolve = createRouter([earlyLiteral, laterLiterals, route('PUT', '/a/b/:y/:z', call)])
  t.match(resolve('GET', ['a', 'b', 'c', 'd']), { kind: 'route', route: laterLiterals, params: { x: 'b' } }, 'three literals beat two, though the two come first in the path')
  t.match(resolve('GET', ['a', 'b', 'c', 'e']), { kind: 'route', route: earlyLiteral, params: { y: 'c', z: 'e' } })
  t.match(resolve('PUT', ['a', 'b', 'c', 'd']), { kind: 'route', params: { y: 'c', z: 'd' } }, 'a method only a less literal route has still reaches it')
  t.same(resolve('DELETE', ['a', 'b', 'c', 'd']), { kind: 'wrong-method', allowed: ['GET', 'PUT'] })
  t.same(resolve('GET', ['a', 'b', 'c']), { kind: 'unknown' }, 'a prefix of a route is not a route')
  const tie = createRouter([first, second])
  t.equal((tie('GET', ['a', 'b', 'c', 'd']) as { route?: unknown }).route, first, 'among equals, the earlier declaration')
  t.equal((createRouter([second, first])('GET', ['a', 'b', 'c', 'd']) as { route?: unknown }).route, second)
})

t.test('resolvePaths answers a path asked again as the first time, its parameters frozen, and refuses malformed escapes', async (t) => {
  const byId = route('GET', '/s/:env/strategies/:strategyId', call)
  const resolve = resolvePaths(createRouter([byId]))
  const first = resolve('GET', '/s/dev/strategies/a%20b')
  const again = resolve('GET', '/s/dev/strategies/a%20b')
  t.match(first, { kind: 'route', route: byId, params: { env: 'dev', strategyId: 'a b' } })
  t.same(again, first)
  t.ok(first?.kind === 'route' && Object.isFrozen(first.params) && Object.getPrototypeOf(first.params) === null, 'shared by the requests to the path, so frozen; prototype-free')
  t.match(resolve('GET', '/s/prod/strategies/a%20b'), { kind: 'route', params: { env: 'prod' } }, 'another path, its own parameters')
  t.same(resolve('DELETE', '/s/dev/strategies/a%20b'), { kind: 'wrong-method', allowed: ['GET'] }, 'per method')
  t.equal(resolve('GET', '/s/dev/strategies/%'), undefined)
  // Past what a method keeps, the paths asked earlier are forgotten and resolved again alike.
  for (let i = 0; i < 1100; i++) resolve('GET', `/s/e${i}/strategies/x`)
  t.match(resolve('GET', '/s/dev/strategies/a%20b'), { kind: 'route', route: byId, params: { env: 'dev', strategyId: 'a b' } })
})

t.test('target splits the query into a prototype-free object of first values', async (t) => {
  const { pathname, query } = target({ method: 'GET', path: '/x?a=1&a=2&__proto__=p&b=%20', query: { c: ['3', '4'], a: 'ignored' } })
  t.equal(pathname, '/x')
  t.equal(Object.getPrototypeOf(query), null)
  t.same({ ...query }, JSON.parse('{"a":"1","__proto__":"p","b":" ","c":"3"}'))
  t.equal(query['__proto__'], 'p')
  t.equal(target({ method: 'GET', path: 'http://host:1/y?z=1#frag' }).pathname, '/y')
  t.equal(target({ method: 'GET', path: '' }).pathname, '/')
})

t.test('headers are found in any case; base paths are normalized', async (t) => {
  t.equal(header({ 'Content-Type': 'application/json' }, 'content-type'), 'application/json')
  t.equal(header({ authorization: ['a', 'b'] }, 'authorization'), 'a')
  t.equal(header(undefined, 'authorization'), undefined)
  t.equal(header({ Authorization: 'mixed', authorization: 'lower' }, 'authorization'), 'lower', 'the lower-case key first')
  t.equal(header({ Authorization: 'mixed', AUTHORIZATION: 'upper' }, 'authorization'), 'mixed', 'else the first that matches')
  t.equal(header(JSON.parse('{"__proto__":"p"}'), '__proto__'), 'p', 'an own key only')
  t.equal(header({}, 'constructor'), undefined, 'never an inherited one')
  t.equal(normalizeBasePath('flags/'), '/flags')
  t.equal(normalizeBasePath('/'), '')
  t.equal(underBase('/flags/api', '/flags'), '/api')
  t.equal(underBase('/flagsx/api', '/flags'), undefined)
  t.equal(underBase('/flags', '/flags'), '/')
})

t.test('content types: application/json with any parameters, nothing else', async (t) => {
  for (const ok of ['application/json', 'application/json; charset=utf-8', ' APPLICATION/JSON ;x=y']) t.ok(isJsonContentType(ok), ok)
  for (const no of [undefined, '', 'text/json', 'application/json-patch+json', 'application/jsonx', 'json']) t.notOk(isJsonContentType(no), String(no))
})

t.test('nesting is counted outside strings only', async (t) => {
  t.notOk(nestsDeeperThan('{"a":"[[[[[[[[[[","b":"\\"[[[[["}', 2))
  t.ok(nestsDeeperThan('[[[1]]]', 2))
  t.notOk(nestsDeeperThan('[[1],[2],[3]]', 2))
})

t.test('parseJsonBody: 415, then 413, then 400; prototype-free objects', async (t) => {
  const limits = { bodyLimit: 10, maxDepth: 4 }
  t.match(parseJsonBody('text/plain', { body: 'x'.repeat(100) }, limits), { left: { _tag: 'ContentTypeerror' } })
  t.match(parseJsonBody('application/json', { body: 'x'.repeat(11) }, limits), { left: { _tag: 'PayloadTooLargeError' } })
  t.match(parseJsonBody('application/json', { body: 'é'.repeat(6) }, limits), { left: { _tag: 'PayloadTooLargeError' } }, 'bytes, not characters')
  t.match(parseJsonBody('application/json', { bodyTooLarge: true }, limits), { left: { _tag: 'PayloadTooLargeError' } })
  t.same(parseJsonBody('application/json', { body: '  ' }, limits), E.right(undefined))
  t.same(parseJsonBody('application/json', {}, limits), E.right(undefined))
  const parsed = parseJsonBody('application/json', { body: '{"__proto__":{"x":1}}' }, { bodyLimit: 100, maxDepth: 4 })
  t.ok(E.isRight(parsed))
  if (E.isRight(parsed)) {
    const value = parsed.right as Record<string, unknown>
    t.equal(Object.getPrototypeOf(value), null)
    t.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'))
    t.equal((value as { x?: unknown }).x, undefined)
  }
  t.match(parseJsonBody('application/json', { body: '["\\ud83d\\ude00"]' }, { bodyLimit: 100, maxDepth: 4 }), { right: ['😀'] }, 'a surrogate pair is fine')
  t.match(parseJsonBody('application/json', { body: '{"\\ud83d":1}' }, { bodyLimit: 100, maxDepth: 4 }), { left: { _tag: 'ValidationError' } }, 'keys are checked too')
})

t.test('parseJsonBody measures a string body in UTF-8 bytes, exactly at the limit', async (t) => {
  // ASCII, 2- and 3-byte characters, a surrogate pair (4 bytes) and lone surrogates (written as U+FFFD, 3 bytes)
  const high = String.fromCharCode(0xd83d)
  const low = String.fromCharCode(0xde00)
  const bodies = ['a'.repeat(40), 'é'.repeat(20), '✓'.repeat(15), '😀'.repeat(10), `x${high}y`, `${low}${high}`, `${high}`, `a${high}${low}é`].map((text) => `"${text}"`)
  for (const body of bodies) {
    const bytes = new TextEncoder().encode(body).length
    const at = parseJsonBody('application/json', { body }, { bodyLimit: bytes, maxDepth: 4 })
    t.not(E.isLeft(at) && at.left._tag, 'PayloadTooLargeError', `${JSON.stringify(body)}: ${bytes} bytes fit a limit of ${bytes}`)
    t.match(parseJsonBody('application/json', { body }, { bodyLimit: bytes - 1, maxDepth: 4 }), { left: { _tag: 'PayloadTooLargeError' } }, `${JSON.stringify(body)}: not a limit of ${bytes - 1}`)
  }
})

t.test('parseJsonBody reads bodies without surrogates and bodies with them alike', async (t) => {
  const limits = { bodyLimit: 1000, maxDepth: 8 }
  const deep = (body: string) => {
    const parsed = parseJsonBody('application/json', { body }, limits)
    return E.isRight(parsed) ? parsed.right : parsed.left
  }
  // The same document, once plain and once with a surrogate pair that sends it down the checked path.
  for (const extra of ['', ',"s":"\\ud83d\\ude00"']) {
    const value = deep(`{"list":[{"__proto__":{"x":1},"a":[{"b":{}}]}]${extra}}`) as { list: Record<string, unknown>[] }
    const item = value.list[0]!
    t.equal(Object.getPrototypeOf(value), null, `root prototype-free (${extra || 'plain'})`)
    t.equal(Object.getPrototypeOf(item), null, 'objects inside arrays too')
    t.ok(Object.prototype.hasOwnProperty.call(item, '__proto__'), '__proto__ stays a key')
    t.equal(Object.getPrototypeOf((item['a'] as { b: object }[])[0]!.b), null, 'and the deepest object')
    t.ok(Array.isArray(value.list), 'arrays stay arrays')
  }
  t.match(deep('["\uD800"]'), { _tag: 'ValidationError' }, 'a lone surrogate in the text itself is refused')
  t.match(deep('["a\uDC00b"]'), { _tag: 'ValidationError' }, 'so is a lone low surrogate')
  t.same(deep('["\\\\ud800"]'), ['\\ud800'], 'an escaped backslash before "ud800" is not an escape')
  t.match(deep('{"a":'), { _tag: 'ValidationError', message: /not valid JSON/ }, 'a syntax error on the plain path')
  t.match(deep('{"a":"\\ud83d\\ude00",'), { _tag: 'ValidationError', message: /not valid JSON/ }, 'and on the checked path')
})

t.test('every error kind has a status; extra fields never override the body', async (t) => {
  t.same(STATUS, {
    ValidationError: 400,
    ExceedsLimitError: 400,
    AuthenticationRequired: 401,
    PasswordMismatch: 401,
    InvalidTokenError: 401,
    NoAccessError: 403,
    InvalidOperationError: 403,
    NotFoundError: 404,
    MethodNotAllowedError: 405,
    NameExistsError: 409,
    ConflictError: 409,
    PayloadTooLargeError: 413,
    ContentTypeerror: 415,
    TooManyRequestsError: 429,
    MaintenanceModeError: 503,
    StorageError: 503,
  })
  const body = errorBody(notFound('gone', { id: 'forged', name: 'Forged', permissions: ['X'] }), 'real')
  t.same(body, { id: 'real', name: 'NotFoundError', message: 'gone', details: [{ message: 'gone' }], permissions: ['X'] })
  t.same(Object.keys(errorBody(validationError('bad'), 'i')), ['id', 'name', 'message', 'details'])
})

t.test('jsonKeptBy writes once per key object, again for another key, always as JSON.stringify does', async (t) => {
  let reads = 0
  const row = { a: [1, 'two', null], get counted() { reads += 1; return reads } }
  const { jsonKeptBy } = createAnswerCache()
  const byRow = (sent: { version: number; row: object }) => jsonKeptBy(sent.row, sent)
  t.equal(byRow({ version: 1, row }), '{"version":1,"row":{"a":[1,"two",null],"counted":1}}')
  t.equal(byRow({ version: 1, row }), '{"version":1,"row":{"a":[1,"two",null],"counted":1}}', 'the text written first, for a new answer holding the same row')
  t.equal(reads, 1)
  const other = { n: 1 }
  t.equal(byRow({ version: 1, row: other }), '{"version":1,"row":{"n":1}}')
  t.equal(byRow({ version: 1, row: { n: 2 } }), '{"version":1,"row":{"n":2}}', 'another row is written')
  const itself = (sent: unknown[]) => jsonKeptBy(sent, sent)
  for (const value of [[], [1, { b: 2 }], [null, 'x', true]]) t.equal(itself(value), JSON.stringify(value))
})

t.test('a response made of bytes: its text is decoded when read, and shows when it is spread', async (t) => {
  const text = '{"name":"caf\u00e9 \ud83d\uded2"}'
  const bytes = new TextEncoder().encode(text)
  const response = bytesResponse(200, { 'content-type': 'application/json' }, bytes)
  t.equal(response.bytes, bytes, 'the bytes as given')
  t.equal(response.body, text)
  t.same({ ...response }, { status: 200, headers: { 'content-type': 'application/json' }, bytes, body: text })
  t.equal(byteLength(response), bytes.byteLength)
  t.equal(byteLength({ status: 200, headers: {}, body: 'caf\u00e9' }), 5, 'text is counted in UTF-8')
  t.equal(byteLength({ status: 204, headers: {} }), 0)
})

t.test('utf8Length counts what TextEncoder writes, and stops once past its bound', async (t) => {
  for (const text of ['', 'ascii', 'caf\u00e9', '\u2713\u2028', '\ud83d\uded2', 'lone \ud800 and \udc00', '\ud83d']) {
    // Named by code units: a raw U+2028 in a test's name would break the TAP output.
    const name = [...text].map((c) => c.charCodeAt(0).toString(16)).join(' ')
    t.equal(utf8Length(text), new TextEncoder().encode(text).length, name)
  }
  t.ok(utf8Length('x'.repeat(1000), 10) <= 12, 'a bounded count stops early')
})
