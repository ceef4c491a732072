import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PlainHandler } from '../../src/http/types.js'

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

/** A body a framework's parser already read (express.json() and the like). */
const parsedBody = (req: IncomingMessage): ReadBody => {
  const parsed = (req as IncomingMessage & { body?: unknown }).body
  if (parsed === undefined || parsed === null) return { tooLarge: false }
  if (typeof parsed === 'string' || parsed instanceof Uint8Array) return { body: parsed, tooLarge: false }
  return { body: JSON.stringify(parsed), tooLarge: false }
}

/**
 * Reads at most `limit` bytes. Past that it keeps none of the rest: it discards it, so the
 * client, still sending, can read the 413 and keep its connection; a sender that goes on past
 * `drainLimit` as well is cut off.
 */
export const readNodeBody = (req: IncomingMessage, limit: number, drainLimit = Math.max(4 * limit, 8 * 1024 * 1024)): Promise<ReadBody> => {
  if (req.readableEnded) return Promise.resolve(parsedBody(req))
  const length = req.headers['content-length']
  if (req.headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0)) {
    // Neither a length nor chunks: the request has no body (RFC 9112, 6.3), as most reads have none.
    req.resume()
    return Promise.resolve({ tooLarge: false })
  }
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
  if (Number(length) > limit) return Promise.resolve(discard())
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
      resolve(size === 0 ? { tooLarge: false } : { body: Buffer.concat(chunks), tooLarge: false })
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
const remoteOf = (req: IncomingMessage): { remoteAddress?: string } => {
  const address = (req as IncomingMessage & { ip?: unknown }).ip ?? req.socket?.remoteAddress
  return typeof address === 'string' ? { remoteAddress: address } : {}
}

/**
 * A node:http request listener over the handler: `http.createServer(toNodeListener(handler))`,
 * or `app.use('/flags', toNodeListener(handler))` in express. A body past the limit is not
 * kept: the 413 is sent at once and the rest of the body discarded.
 */
export const toNodeListener =
  (handler: PlainHandler, options: NodeListenerOptions = {}) =>
  (req: IncomingMessage, res: ServerResponse): void => {
    const limit = options.bodyLimit ?? handler.bodyLimit ?? 1024 * 1024
    void (async () => {
      let read: ReadBody
      try {
        read = await readNodeBody(req, limit)
      } catch {
        res.destroy() // the client went away mid-body: there is no one to answer
        return
      }
      const response = await handler({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        ...(read.body !== undefined ? { body: read.body } : {}),
        ...(read.tooLarge ? { bodyTooLarge: true } : {}),
        ...remoteOf(req),
      })
      // A large body is encoded once here, where measuring and then writing the text scanned it twice.
      // Bytes the handler made (exports) are sent as they are; their text is never built.
      const body = response.bytes ?? (response.body !== undefined && response.body.length > LARGE ? Buffer.from(response.body) : response.body)
      const length = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
      res.writeHead(response.status, {
        ...(response.status !== 204 && response.status !== 304 ? { 'content-length': String(length) } : {}),
        ...response.headers,
      })
      res.end(body)
    })().catch((error: unknown) => {
      // The handler answers every fault itself; this is a write to a broken socket.
      if (!res.headersSent) res.writeHead(500)
      res.destroy(error instanceof Error ? error : undefined)
    })
  }
