import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http'
import type { HttpRequest, HttpResponse, PlainHandler } from '../../src/http/messages.js'

/** Bodies longer than this (in UTF-16 units) are encoded to bytes before they are written. */
const LARGE = 16 * 1024

export interface NodeListenerOptions {
  /** Bytes of a body to read before giving up; default the handler's own limit. */
  readonly bodyLimit?: number
}

interface ReadBody {
  readonly body?: Uint8Array | string
  readonly tooLarge: boolean
}

const NO_BODY: ReadBody = Object.freeze({ tooLarge: false })

/** A body a framework's parser already read (express.json() and the like). */
const parsedBody = (req: IncomingMessage): ReadBody => {
  const parsed = (req as IncomingMessage & { body?: unknown }).body
  if (parsed === undefined || parsed === null) return NO_BODY
  if (typeof parsed === 'string' || parsed instanceof Uint8Array) return { body: parsed, tooLarge: false }
  return { body: JSON.stringify(parsed), tooLarge: false }
}

/**
 * The body, when it is known without waiting: read already by a framework, or none at all
 * (neither a length nor chunks, RFC 9112 6.3), as most reads have none. Undefined: it is
 * still to come.
 */
const bodyAtOnce = (req: IncomingMessage): ReadBody | undefined => {
  if (req.readableEnded) return parsedBody(req)
  const length = req.headers['content-length']
  if (req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0)) return undefined
  req.resume()
  return NO_BODY
}

/**
 * Reads at most `limit` bytes. Past that it keeps none of the rest: it discards it, so the
 * client, still sending, can read the 413 and keep its connection; a sender that goes on past
 * `drainLimit` as well is cut off.
 */
export const readNodeBody = (req: IncomingMessage, limit: number, drainLimit = Math.max(4 * limit, 8 * 1024 * 1024)): Promise<ReadBody> => {
  const known = bodyAtOnce(req)
  if (known) return Promise.resolve(known)
  const discard = () => {
    let discarded = 0
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length
      if (discarded > drainLimit) req.destroy()
    })
    req.on('error', () => undefined)
    req.resume()
    return { tooLarge: true }
  }
  if (Number(req.headers['content-length']) > limit) return Promise.resolve(discard())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        stop()
        resolve(discard())
      } else chunks.push(chunk)
    }
    const onEnd = () => {
      stop()
      resolve(size === 0 ? NO_BODY : { body: Buffer.concat(chunks), tooLarge: false })
    }
    const onError = (error: Error) => {
      stop()
      reject(error)
    }
    const onClose = () => onError(new Error('The request was closed before its body ended.'))
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose)
  })
}

/** The client's address: express's `req.ip` (which honours its `trust proxy`), else the socket's. */
const remoteOf = (req: IncomingMessage): string | undefined => {
  const address = (req as IncomingMessage & { ip?: unknown }).ip ?? req.socket?.remoteAddress
  return typeof address === 'string' ? address : undefined
}

/** The plain request the handler takes, every one of the same shape (V8 makes it once). */
const plainRequest = (req: IncomingMessage, read: ReadBody): HttpRequest => ({
  method: req.method ?? 'GET',
  path: req.url ?? '/',
  headers: req.headers,
  body: read.body,
  bodyTooLarge: read.tooLarge,
  remoteAddress: remoteOf(req),
  // A TLS socket (an https server) says so; session cookies are then Secure.
  secure: (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true,
})

/**
 * Writes the handler's answer. Headers go as one flat list, which node:http takes without
 * listing an object's keys; the length comes first, and a handler's own wins over it.
 */
const send = (res: ServerResponse, response: HttpResponse): void => {
  if (response.stream !== undefined) return sendStream(res, response)
  // A large body is encoded once here, where measuring and then writing the text scanned it twice.
  // Bytes the handler made (exports) are sent as they are; their text is never built.
  const body = response.bytes ?? (response.body !== undefined && response.body.length > LARGE ? Buffer.from(response.body) : response.body)
  const headers: OutgoingHttpHeader[] = []
  const given = response.headers
  if (response.status !== 204 && response.status !== 304 && given['content-length'] === undefined) {
    headers.push('content-length', String(body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength))
  }
  for (const name in given) headers.push(name, given[name]!)
  res.writeHead(response.status, headers)
  res.end(body)
}

/** Responses that are open event streams: a server that stops ends them rather than waiting. */
export const openStreams = new WeakSet<ServerResponse>()

const CRLF = Buffer.from('\r\n')
let lastChunk: Uint8Array | undefined
let lastFrame: Buffer = CRLF
/**
 * A chunk as chunked transfer encoding frames it, in one buffer. The stream hub writes one
 * event to many streams in a row, so the frame of the last chunk is kept: one frame an event.
 */
const chunkFrame = (chunk: Uint8Array): Buffer => {
  if (chunk !== lastChunk) {
    lastChunk = chunk
    lastFrame = Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`, 'latin1'), chunk, CRLF])
  }
  return lastFrame
}

/**
 * An event stream: the headers at once (no length, chunked), then what the stream writes.
 * `close` ends it, or cuts it when its reader left bytes untaken (a slow reader is dropped).
 */
const sendStream = (res: ServerResponse, response: HttpResponse): void => {
  const headers: OutgoingHttpHeader[] = []
  for (const name in response.headers) headers.push(name, response.headers[name]!)
  res.writeHead(response.status, headers)
  res.flushHeaders()
  res.socket?.setNoDelay(true)
  res.socket?.setTimeout(0)
  openStreams.add(res)
  const stop = response.stream!.open({
    // Straight to the socket once it is this response's (the headers are on it already): one
    // write a stream, where `res.write` corks it, frames the chunk in four buffers and writes
    // them a tick later, after every other stream's.
    write: (chunk) => {
      // Ended by a stopping server, the stream leaves the hub once its socket closes: nothing goes after the end.
      if (res.writableEnded) return
      const socket = res.socket
      if (socket === null || socket.destroyed) res.write(chunk)
      else socket.write(res.chunkedEncoding ? chunkFrame(chunk) : chunk)
    },
    buffered: () => res.writableLength,
    close: () => {
      if (res.writableLength > 0) res.destroy()
      else res.end()
    },
  })
  res.once('close', () => {
    openStreams.delete(res)
    stop()
  })
}

/** The handler's fault is answered by the handler; this is a write to a broken socket. */
const broken = (res: ServerResponse, error: unknown): void => {
  if (!res.headersSent) res.writeHead(500)
  res.destroy(error instanceof Error ? error : undefined)
}

/**
 * A node:http request listener over the handler: `http.createServer(toNodeListener(handler))`,
 * or `app.use('/flags', toNodeListener(handler))` in express. A body past the limit is not
 * kept: the 413 is sent at once and the rest of the body discarded.
 */
export const toNodeListener = (handler: PlainHandler, options: NodeListenerOptions = {}) => {
  const limit = options.bodyLimit ?? handler.bodyLimit ?? 1024 * 1024
  const answer = (req: IncomingMessage, res: ServerResponse, read: ReadBody): void => {
    let answered: Promise<HttpResponse>
    try {
      answered = handler(plainRequest(req, read))
    } catch (error) {
      return broken(res, error) // a handler of the plain shape that threw instead of rejecting
    }
    answered.then(
      (response) => {
        try {
          send(res, response)
        } catch (error) {
          broken(res, error)
        }
      },
      (error: unknown) => broken(res, error),
    )
  }
  return (req: IncomingMessage, res: ServerResponse): void => {
    // Most requests have no body: they go to the handler now, with no promise to wait for first.
    const known = bodyAtOnce(req)
    if (known) return answer(req, res, known)
    readNodeBody(req, limit).then(
      (read) => answer(req, res, read),
      () => res.destroy(), // the client went away mid-body: there is no one to answer
    )
  }
}
