import { request } from 'node:http'
import { connect } from 'node:net'
import t from 'tap'
import { listen } from '../../adapters/http/node.js'

/** A server whose handler answers with the body it was given (null when none). */
const echo = () =>
  listen(async (req) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: req.body === undefined ? null : Buffer.from(req.body).toString('utf8') }) }), { port: 0 })

const send = (url: string, method: string, headers: Record<string, string>, chunks: string[]): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const req = request(`${url}/x`, { method, headers, agent: false }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += String(c)))
      res.on('end', () => resolve(JSON.parse(text)))
    })
    req.on('error', reject)
    for (const chunk of chunks) req.write(chunk)
    req.end()
  })

t.test('node listener: bodies by length, by chunks, and none', async (t) => {
  const server = await echo()
  t.teardown(() => server.close())
  t.same(await send(server.url, 'GET', {}, []), { body: null }, 'a GET with neither length nor chunks has none')
  t.same(await send(server.url, 'POST', { 'content-length': '0' }, []), { body: null }, 'a length of 0 is none')
  t.same(await send(server.url, 'PUT', { 'content-length': '7' }, ['{"a":1}']), { body: '{"a":1}' })
  t.same(await send(server.url, 'PUT', { 'transfer-encoding': 'chunked' }, ['{"a":', '2}']), { body: '{"a":2}' }, 'a chunked body is read to its end')
})

t.test('node listener: a request without a body leaves its connection ready for the next', async (t) => {
  const server = await echo()
  t.teardown(() => server.close())
  const { port } = new URL(server.url)
  const answers = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1')
    let text = ''
    socket.on('data', (c: Buffer) => {
      text += String(c)
      if ((text.match(/\{"body":/g) ?? []).length === 2) {
        socket.end()
        resolve(text)
      }
    })
    socket.on('error', reject)
    // Two requests on one connection, written at once: a GET, then a PUT with a body.
    socket.write('GET /x HTTP/1.1\r\nHost: x\r\n\r\nPUT /x HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi')
  })
  const bodies = [...answers.matchAll(/\{"body":(null|"[^"]*")\}/g)].map((m) => m[1])
  t.same(bodies, ['null', '"hi"'])
})

t.test('listen: close lets the answers in flight finish, each telling its client the connection closes', async (t) => {
  // Three requests held by the handler until the test lets each go, in an order of its own.
  const held: (() => void)[] = []
  const server = await listen(
    (req) =>
      new Promise((resolve) => {
        held.push(() => resolve({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: req.path }) }))
      }),
    { port: 0 },
  )
  const answered = ['/a', '/b', '/c'].map(
    (path) =>
      new Promise<{ connection: string | undefined; body: string }>((resolve, reject) => {
        const req = request(`${server.url}${path}`, { agent: false, headers: { connection: 'keep-alive' } }, (res) => {
          let body = ''
          res.on('data', (c: Buffer) => (body += String(c)))
          res.on('end', () => resolve({ connection: res.headers.connection, body }))
        })
        req.on('error', reject)
        req.end()
      }),
  )
  while (held.length < 3) await new Promise((resolve) => setTimeout(resolve, 5))
  let closed = false
  const closing = server.close().then(() => (closed = true))
  for (const [n, i] of [1, 0, 2].entries()) {
    held[i]!()
    const { connection, body } = await answered[i]!
    t.same([connection, JSON.parse(body)], ['close', { path: ['/a', '/b', '/c'][i] }])
    if (n < 2) t.equal(closed, false, 'the close waits while an answer is in flight')
  }
  await closing
})
