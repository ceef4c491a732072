import type { EventStream } from '../../src/api/client-stream/hub.js'
import type { PlainHandler } from '../../src/http/messages.js'

export interface FetchHandlerOptions {
  /** Bytes of a body to read before giving up; default the handler's own limit. */
  readonly bodyLimit?: number
}

/** Reads at most `limit` bytes of the body; past that it cancels the stream and says so. */
const readFetchBody = async (request: Request, limit: number): Promise<{ body?: Uint8Array; tooLarge: boolean }> => {
  if (request.body === null) return { tooLarge: false }
  if (Number(request.headers.get('content-length')) > limit) {
    await request.body.cancel().catch(() => undefined)
    return { tooLarge: true }
  }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      return { tooLarge: true }
    }
    chunks.push(value)
  }
  if (size === 0) return { tooLarge: false }
  const body = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    body.set(chunk, at)
    at += chunk.byteLength
  }
  return { body, tooLarge: false }
}

/**
 * An event stream as a fetch body. What the reader has not taken is the queue's size past its
 * high-water mark of 0, which the stream's own bound (a slow reader is dropped) reads.
 */
const eventBody = (stream: EventStream, aborted: AbortSignal): ReadableStream<Uint8Array> => {
  let stop: (() => void) | undefined
  let ended = false
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const end = () => {
          if (ended) return
          ended = true
          stop?.()
          try {
            controller.close()
          } catch {
            // already closed or errored by the reader
          }
        }
        stop = stream.open({
          write: (chunk) => {
            if (!ended) controller.enqueue(chunk)
          },
          buffered: () => Math.max(0, -(controller.desiredSize ?? 0)),
          close: end,
        })
        aborted.addEventListener('abort', end, { once: true })
      },
      cancel() {
        ended = true
        stop?.()
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  )
}

/**
 * Who sent a request, which a `Request` does not say: the runtime does (Deno's `info.remoteAddr`,
 * Bun's `server.requestIP`, hono's `getConnInfo`). Rate limits count by `remoteAddress`.
 */
export interface FetchClient {
  readonly remoteAddress?: string
}

/**
 * A WHATWG fetch handler over the handler, `(Request, client?) => Promise<Response>`: for hono,
 * Next.js route handlers, Deno, Bun, workers, and for tests that need no socket.
 */
export const toFetchHandler =
  (handler: PlainHandler, options: FetchHandlerOptions = {}) =>
  async (request: Request, client: FetchClient = {}): Promise<Response> => {
    const limit = options.bodyLimit ?? handler.bodyLimit ?? 1024 * 1024
    const url = new URL(request.url)
    const headers: Record<string, string> = Object.create(null)
    request.headers.forEach((value, name) => {
      headers[name] = value
    })
    let read: { body?: Uint8Array; tooLarge: boolean }
    try {
      read = await readFetchBody(request, limit)
    } catch {
      return new Response(null, { status: 400 }) // the body stream failed: the client went away
    }
    const response = await handler({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers,
      ...(read.body !== undefined ? { body: read.body } : {}),
      ...(read.tooLarge ? { bodyTooLarge: true } : {}),
      ...(client.remoteAddress !== undefined ? { remoteAddress: client.remoteAddress } : {}),
      ...(url.protocol === 'https:' ? { secure: true } : {}),
    })
    if (response.stream !== undefined) return new Response(eventBody(response.stream, request.signal), { status: response.status, headers: response.headers })
    return new Response(response.bytes ?? response.body ?? null, { status: response.status, headers: response.headers })
  }
