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

/** Where a response in flight is kept: its neighbours in the list. */
const LINKS = Symbol('flagport.inFlight')
interface Links {
  previous: ServerResponse | undefined
  next: ServerResponse | undefined
}
type Listed = ServerResponse & { [LINKS]?: Links }

/**
 * The responses in flight, linked through themselves. A Set of them would be rehashed as
 * responses come and go, and a table it left behind in the old generation keeps the responses
 * it held, with their requests and sockets, alive through every young collection until the next
 * full one: the server then spent more on collecting than on answering. A response taken out
 * of this list refers to no other, and none to it.
 */
class InFlight {
  private first: Listed | undefined = undefined

  add(res: Listed): void {
    const links: Links = { previous: undefined, next: this.first }
    if (this.first !== undefined) this.first[LINKS]!.previous = res
    res[LINKS] = links
    this.first = res
  }

  remove(res: Listed): void {
    const links = res[LINKS]
    if (links === undefined) return
    res[LINKS] = undefined
    const { previous, next } = links
    if (previous === undefined) this.first = next as Listed | undefined
    else (previous as Listed)[LINKS]!.next = next
    if (next !== undefined) (next as Listed)[LINKS]!.previous = previous
    links.previous = links.next = undefined
  }

  *responses(): Generator<ServerResponse> {
    for (let res = this.first; res !== undefined; res = res[LINKS]!.next as Listed | undefined) yield res
  }
}

/** Serves the handler on a node:http server, with a graceful `close()`. */
export const listen = async (handler: PlainHandler, options: ListenOptions = {}): Promise<Listening> => {
  const listener = toNodeListener(handler)
  const inFlight = new InFlight()
  let closing = false

  // One function for every response, not a closure made for each.
  function ended(this: ServerResponse): void {
    inFlight.remove(this)
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
        for (const res of [...inFlight.responses()]) {
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
