import { once } from 'node:events'
import { Worker } from 'node:worker_threads'

/**
 * The SDK side of the streaming bench, in a worker thread so the server's heap (the main
 * thread's) counts only what the server keeps per stream. Opens `perServer` event streams on
 * each URL, then answers each `expect` with when the first and the last stream of each server received its
 * k-th `unleash-updated` event (absolute ms: `performance.timeOrigin + performance.now()`).
 * Plain JavaScript, run with `eval`, so that it runs alike from source and compiled.
 */
export const CLIENTS_SOURCE = `
const { request } = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')

const { urls, token, perServer } = workerData
const now = () => performance.timeOrigin + performance.now()

// Each client: its server's index, how many updates it got, and when each arrived.
const clients = []
// How many clients got at least k updates, by k: checking a round is then one look, not a scan.
const reached = []
let waiting

const check = () => {
  if (waiting === undefined) return
  const { k } = waiting
  if ((reached[k] ?? 0) < clients.length) return
  waiting = undefined
  const of = (s) => clients.filter((c) => c.server === s).map((c) => c.arrivals[k - 1])
  parentPort.postMessage({ type: 'arrived', k, first: urls.map((_, s) => Math.min(...of(s))), last: urls.map((_, s) => Math.max(...of(s))) })
}

const open = (url, server) =>
  new Promise((resolve, reject) => {
    const client = { server, updates: 0, arrivals: [] }
    const req = request(\`\${url}/api/client/streaming\`, { agent: false, headers: { authorization: token, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(\`stream refused: \${res.statusCode}\`))
      res.setEncoding('utf8')
      let connected = false
      res.on('data', (chunk) => {
        if (!connected && chunk.includes('event: unleash-connected')) {
          connected = true
          clients.push(client)
          resolve()
        }
        // A chunk is written whole by the server; an event never spans two of its writes.
        let at = chunk.indexOf('event: unleash-updated')
        while (at !== -1) {
          client.arrivals.push(now())
          client.updates++
          reached[client.updates] = (reached[client.updates] ?? 0) + 1
          at = chunk.indexOf('event: unleash-updated', at + 1)
        }
        check()
      })
    })
    req.on('error', reject)
    req.end()
  })

// A few at a time, as a fleet of SDKs starting would.
const openAll = async () => {
  for (let s = 0; s < urls.length; s++) {
    for (let i = 0; i < perServer; i += 50) await Promise.all(Array.from({ length: Math.min(50, perServer - i) }, () => open(urls[s], s)))
  }
  parentPort.postMessage({ type: 'open' })
}
openAll()
parentPort.on('message', (m) => {
  if (m.type === 'stop') process.exit(0)
  waiting = { k: m.k }
  check()
})
`

/** When the first and the last stream of each server received an update (absolute ms, by server). */
export interface Arrivals {
  readonly first: readonly number[]
  readonly last: readonly number[]
}

/**
 * Opens `perServer` event streams on each of `urls` with `token` (CLIENTS_SOURCE, in a worker
 * thread) and resolves once every one is connected. `arrived(k)` resolves when every stream got
 * its k-th update; `stop` ends them all.
 */
export const openStreamClients = async (urls: readonly string[], token: string, perServer: number) => {
  const worker = new Worker(CLIENTS_SOURCE, { eval: true, workerData: { urls, token, perServer } })
  const messages: ({ type: string } & Partial<Arrivals>)[] = []
  let wake: (() => void) | undefined
  worker.on('message', (m) => {
    messages.push(m)
    wake?.()
  })
  const next = async (type: string) => {
    for (;;) {
      const at = messages.findIndex((m) => m.type === type)
      if (at !== -1) return messages.splice(at, 1)[0]!
      await new Promise<void>((resolve) => (wake = resolve))
    }
  }
  await next('open')
  return {
    arrived: async (k: number): Promise<Arrivals> => {
      worker.postMessage({ type: 'expect', k })
      const { first = [], last = [] } = await next('arrived')
      return { first, last }
    },
    stop: async (): Promise<void> => {
      worker.postMessage({ type: 'stop' })
      await once(worker, 'exit')
    },
  }
}
