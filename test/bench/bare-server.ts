/**
 * The ceiling for the HTTP rows: node:http answering a fixed JSON body, nothing else. The body
 * starts as a tag record; `PUT /__answer` (status in `x-status`) replaces it, so that each row's
 * ceiling sends the very bytes flagport sent for that row.
 */
import { createServer } from 'node:http'

let status = 200
let body = Buffer.from(JSON.stringify({ version: 1, tag: { type: 'simple', value: 'team-a' } }))
const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    if (req.method === 'PUT' && req.url === '/__answer') {
      status = Number(req.headers['x-status'] ?? 200)
      body = Buffer.concat(chunks)
      res.writeHead(204).end()
      return
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
    res.end(body)
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
