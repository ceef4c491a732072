/** The ceiling for the HTTP rows: node:http answering a fixed JSON body, nothing else. */
import { createServer } from 'node:http'

const body = Buffer.from(JSON.stringify({ version: 1, tag: { type: 'simple', value: 'team-a' } }))
const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
    res.end(body)
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
