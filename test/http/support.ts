import { request as nodeRequest } from 'node:http'
import { listen } from '../../adapters/http/node.js'
import { toFetchHandler } from '../../adapters/http/fetch.js'
import { createHttpHandler } from '../../src/http/handler.js'
import type { AdminApiConfig } from '../../src/api/config.js'
import type { HttpHandlerOptions } from '../../src/http/messages.js'
import type { StoragePort } from '../../src/ports/storage.js'
import { ADMIN_TOKEN, makeApi } from '../support/api.js'
import { recorded } from '../support/openapi.js'

export { ADMIN_TOKEN }

export type Transport = 'node' | 'fetch'
export const TRANSPORTS: readonly Transport[] = ['node', 'fetch']

export interface Sent {
  /** An object is sent as JSON with `content-type: application/json` unless headers say otherwise. */
  readonly body?: unknown
  /** Extra headers; an empty value leaves the header out (e.g. `content-type: ''`). */
  readonly headers?: Record<string, string>
  /** The Authorization header; default the admin token, `null` for none. */
  readonly token?: string | null
}

export interface Received {
  readonly status: number
  readonly headers: Record<string, string>
  readonly text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly json: any
}

const encode = (sent: Sent): { headers: Record<string, string>; body?: string | Uint8Array } => {
  const headers: Record<string, string> = {}
  if (sent.token !== null) headers.authorization = sent.token ?? ADMIN_TOKEN
  let body: string | Uint8Array | undefined
  if (sent.body !== undefined) {
    body = typeof sent.body === 'string' || sent.body instanceof Uint8Array ? sent.body : JSON.stringify(sent.body)
    headers['content-type'] = 'application/json'
  }
  const merged: Record<string, string> = { ...headers, ...sent.headers }
  for (const [name, value] of Object.entries(merged)) if (value === '') delete merged[name]
  return { headers: merged, ...(body !== undefined ? { body } : {}) }
}

const parse = (status: number, headers: Record<string, string>, text: string): Received => {
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status, headers, text, json }
}

/** A request over a real socket, with node:http (which sends the path exactly as given). */
const overSocket = (base: string, method: string, path: string, sent: Sent): Promise<Received> =>
  new Promise((resolve, reject) => {
    const { headers, body } = encode(sent)
    // node:http frames a DELETE's body only when told its length.
    if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
    const { hostname, port } = new URL(base)
    // `path` goes out exactly as written: a URL would resolve `%2e%2e` and the like first.
    const req = nodeRequest({ hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const h: Record<string, string> = {}
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h[k] = Array.isArray(v) ? v.join(', ') : v
        resolve(parse(res.statusCode ?? 0, h, Buffer.concat(chunks).toString('utf8')))
      })
    })
    req.on('error', reject)
    req.end(body)
  })

/**
 * An admin API over a fresh memory store with token auth, served through `transport`: a
 * node:http server on an ephemeral port, or the fetch adapter with no socket.
 */
export const serve = async (
  transport: Transport,
  options: HttpHandlerOptions & { tokens?: boolean; storage?: StoragePort; config?: AdminApiConfig } = {},
) => {
  const { api, clock } = await makeApi({
    tokens: options.tokens ?? true,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.config ? { config: options.config } : {}),
  })
  let n = 0
  // Every answer is held to the OpenAPI document: a call whose answer does not match it throws.
  const held = recorded(createHttpHandler(api, { ids: { uuid: () => 'uuid', token: () => `error-${++n}` }, clock, ...options }), options)
  const handler = held.handler
  const checked = async (received: Promise<Received>): Promise<Received> => {
    const answer = await received
    held.check()
    return answer
  }
  if (transport === 'node') {
    const listening = await listen(handler, { port: 0 })
    return {
      api,
      clock,
      handler,
      close: () => listening.close(),
      call: (method: string, path: string, sent: Sent = {}) => checked(overSocket(listening.url, method, path, sent)),
    }
  }
  const fetchHandler = toFetchHandler(handler)
  return {
    api,
    clock,
    handler,
    close: async () => undefined,
    call: (method: string, path: string, sent: Sent = {}): Promise<Received> =>
      checked(
        (async () => {
          const { headers, body } = encode(sent)
          const response = await fetchHandler(new Request(`http://flagport.test${path}`, { method, headers, ...(body !== undefined ? { body } : {}) }))
          const h: Record<string, string> = {}
          response.headers.forEach((v, k) => (h[k] = v))
          return parse(response.status, h, await response.text())
        })(),
      ),
  }
}

export type Served = Awaited<ReturnType<typeof serve>>

export const FEATURES = '/api/admin/projects/default/features'
export const strategiesOf = (feature: string, env = 'development') => `${FEATURES}/${feature}/environments/${env}/strategies`
