import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PlainHandler } from '../../src/http/messages.js'
import { openStreams, toNodeListener } from './node-listener.js'

export interface ListenOptions {
  /** Default 4242; 0 picks a free port. */
  readonly port?: number
  /** Default 127.0.0.1. */
  readonly host?: string
  /** How long `close()` waits for requests in flight before cutting connections. Default 10 s. */
  readonly graceMs?: number
  /**
   * How long a client may take to send a request's headers before it is answered 408 and cut
   * off. Default 10 s, shorter than node's minute: a slow client holds a socket all that time.
   */
  readonly headersTimeoutMs?: number
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000

export interface Listening {
  /** `http://127.0.0.1:4242`, with the port actually bound. */
  readonly url: string
  readonly server: Server
  /**
   * Stops accepting connections, lets requests in flight finish (their commits included, so
   * nothing acknowledged is lost), then resolves. Close the store after it.
   */
  close(): Promise<void>
}

/** Serves the handler on a node:http server, with a graceful `close()`. */
export const listen = async (handler: PlainHandler, options: ListenOptions = {}): Promise<Listening> => {
  const listener = toNodeListener(handler)
  const inFlight = new Set<ServerResponse>()
  let closing = false

  // One function for every response, not a closure made for each.
  function ended(this: ServerResponse): void {
    inFlight.delete(this)
    // The connection of a finished response may now be idle: let it go.
    if (closing) setImmediate(() => server.closeIdleConnections())
  }
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS
  // Node looks for late headers only this often (30 s by default), whatever the timeout.
  const connectionsCheckingInterval = Math.max(10, Math.min(headersTimeout, 1_000))
  // Node refuses a headers timeout longer than the whole request's (300 s by default).
  const requestTimeout = Math.max(300_000, headersTimeout)
  const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval }, (req, res) => {
    inFlight.add(res)
    res.on('close', ended)
    if (closing) res.setHeader('connection', 'close')
    listener(req, res)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 4242, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address

  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true
        for (const res of inFlight) {
          if (!res.headersSent) res.setHeader('connection', 'close')
          // An event stream never finishes by itself: its SDK reconnects, to another instance.
          else if (openStreams.has(res)) res.end()
        }
        const timer = setTimeout(() => server.closeAllConnections(), options.graceMs ?? 10_000)
        timer.unref()
        server.close(() => {
          clearTimeout(timer)
          resolve()
        })
        server.closeIdleConnections()
      }),
  }
}
