import { connect } from 'node:net'
import t from 'tap'
import { listen } from '../../adapters/http/node.js'
import { createHttpHandler } from '../../src/http/handler.js'
import { makeApi } from '../support/api.js'
import { FEATURES, serve, TRANSPORTS } from './support.js'

for (const transport of TRANSPORTS) {
  t.test(`${transport}: every answer carries x-content-type-options: nosniff`, async (t) => {
    const s = await serve(transport)
    t.teardown(s.close)
    const answers = {
      created: await s.call('POST', FEATURES, { body: { name: 'checkout' } }),
      read: await s.call('GET', `${FEATURES}/checkout`),
      head: await s.call('HEAD', `${FEATURES}/checkout`),
      export: await s.call('POST', '/api/admin/features-batch/export', { body: { features: ['checkout'], environment: 'development' } }),
      options: await s.call('OPTIONS', FEATURES),
      invalid: await s.call('POST', FEATURES, { body: { name: '' } }),
      unauthenticated: await s.call('GET', FEATURES, { token: null }),
      unknown: await s.call('GET', '/api/admin/nothing-here'),
      notJson: await s.call('POST', FEATURES, { body: '{', headers: { 'content-type': 'application/json' } }),
    }
    t.same(
      Object.entries(answers).map(([name, answer]) => [name, answer.status, answer.headers['x-content-type-options']]),
      [
        ['created', 201, 'nosniff'],
        ['read', 200, 'nosniff'],
        ['head', 200, 'nosniff'],
        ['export', 200, 'nosniff'],
        ['options', 204, 'nosniff'],
        ['invalid', 400, 'nosniff'],
        ['unauthenticated', 401, 'nosniff'],
        ['unknown', 404, 'nosniff'],
        ['notJson', 400, 'nosniff'],
      ],
    )
    t.same(JSON.parse(answers.export.text).features.map((f: { name: string }) => f.name), ['checkout'], 'an answer sent as bytes keeps its body')
  })
}

t.test('a 500 carries nosniff too', async (t) => {
  const { api } = await makeApi({ tokens: false })
  let reported: unknown
  const handler = createHttpHandler(api, { onError: (error) => (reported = error) })
  // An adapter's request whose headers fail to read: a fault of the server, not of the client.
  const request = {
    method: 'GET',
    path: FEATURES,
    get headers(): never {
      throw new Error('a bug')
    },
  }
  const answer = await handler(request)
  t.match(reported, { message: 'a bug' })
  t.same([answer.status, answer.headers['x-content-type-options']], [500, 'nosniff'])
})

t.test('listen: a client that sends its headers slower than headersTimeoutMs is answered 408 and cut off', async (t) => {
  const { api } = await makeApi({ tokens: false })
  const server = await listen(createHttpHandler(api), { port: 0, headersTimeoutMs: 100 })
  t.teardown(() => server.close())
  t.equal(server.server.headersTimeout, 100)
  const { port } = new URL(server.url)
  const received = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /api/admin/projects HTTP/1.1\r\nHost: x\r\n'))
    let text = ''
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
    socket.on('error', reject)
    socket.on('close', () => resolve(text))
  })
  t.match(received, /^HTTP\/1\.1 408/)
})

t.test('listen: the default headers timeout is shorter than node\'s minute', async (t) => {
  const { api } = await makeApi({ tokens: false })
  const server = await listen(createHttpHandler(api), { port: 0 })
  t.teardown(() => server.close())
  t.ok(server.server.headersTimeout < 60_000, `headersTimeout is ${server.server.headersTimeout} ms`)
})
