/**
 * A running Unleash read through its admin API. Every answer is bounded: a time limit and a
 * size limit (none of the routes read is paginated in Unleash 8.2; the size limit is what
 * keeps a huge instance from exhausting memory), and must be JSON.
 */
import * as E from 'fp-ts/lib/Either.js'
import type { TransferSource } from './source.js'

export interface UnleashSourceOptions {
  readonly url: string
  readonly token: string
  /** Per answer; default 64 MiB. */
  readonly maxBytes?: number
  /** Per request; default 60 s. */
  readonly timeoutMs?: number
}

const MAX_BYTES = 64 * 1024 * 1024
const TIMEOUT_MS = 60_000

/** The body read up to `max` bytes: more is an error, never held in memory. */
const readBounded = async (response: Response, max: number): Promise<E.Either<string, string>> => {
  if (!response.body) return E.right('')
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size > max) return E.left(`the answer is larger than ${max} bytes`)
    chunks.push(chunk)
  }
  return E.right(Buffer.concat(chunks).toString('utf8'))
}

export const unleashSource = (options: UnleashSourceOptions): TransferSource => {
  const base = options.url.replace(/\/+$/, '')
  const max = options.maxBytes ?? MAX_BYTES
  const request = async (method: 'GET' | 'POST', route: string, body?: unknown): Promise<E.Either<string, unknown>> => {
    const what = `${method} ${base}${route}`
    try {
      const response = await fetch(`${base}${route}`, {
        method,
        headers: { authorization: options.token, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      })
      const text = await readBounded(response, max)
      if (E.isLeft(text)) return E.left(`${what}: ${text.left}`)
      if (!response.ok) return E.left(`${what} answered ${response.status}: ${text.right.slice(0, 300)}`)
      try {
        return E.right(JSON.parse(text.right))
      } catch {
        return E.left(`${what} answered ${response.status} with a body that is not JSON: ${text.right.slice(0, 100)}`)
      }
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
      return E.left(`${what} failed: ${error instanceof Error ? error.message : String(error)}${cause}`)
    }
  }
  return {
    name: `Unleash at ${base}`,
    get: (route) => request('GET', route),
    exportFlags: (project, environment) => request('POST', '/api/admin/features-batch/export', { project, environment }),
  }
}
