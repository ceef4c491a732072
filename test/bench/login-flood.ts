import * as E from 'fp-ts/lib/Either.js'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { sessionAuth } from '../../adapters/auth/sessions.js'
import { openFileStorage } from '../../adapters/storage/file.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { createHttpHandler } from '../../src/http/handler.js'
import type { HttpRequest } from '../../src/http/messages.js'
import type { Row } from './measure.js'

const ADMIN = '*:*.bench-admin'
const FLAG = '/api/admin/projects/default/features/flood-target/environments/development'

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

/**
 * A file-store write (a flag turned on and off, over the in-process handler) timed alone, then
 * while 100 addresses send wrong passwords as fast as they are answered (the per-address limit
 * off, so only the hashing queue stands between the flood and the store's I/O), each address
 * waiting the second a 429 asks for.
 */
export const loginFloodRows = async (writes = 60): Promise<Row[]> => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-bench-login-'))
  const opened = await openFileStorage({ path: dir })
  if (E.isLeft(opened)) throw new Error(JSON.stringify(opened.left))
  const api = await createAdminApi({ storage: opened.right, auth: sessionAuth(tokenAuth({ adminTokens: [ADMIN] })) })
  const handler = createHttpHandler(api, { rateLimiting: false, onError: () => undefined })
  const call = (method: string, path: string, body?: unknown, remoteAddress = '127.0.0.1'): ReturnType<typeof handler> =>
    handler({ method, path, headers: { authorization: ADMIN, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}), remoteAddress } as HttpRequest)
  await call('POST', '/api/admin/projects/default/features', { name: 'flood-target' })

  const timeWrites = async (): Promise<number[]> => {
    const ms: number[] = []
    for (let i = 0; i < writes; i++) {
      const start = performance.now()
      const answer = await call('POST', `${FLAG}/${i % 2 === 0 ? 'on' : 'off'}`)
      if (answer.status !== 200) throw new Error(`a write answered ${answer.status}`)
      ms.push(performance.now() - start)
    }
    return ms.sort((a, b) => a - b)
  }

  const baseline = await timeWrites()
  let flooding = true
  const statuses = new Map<number, number>()
  const login = (address: number, n: number): HttpRequest =>
    ({ method: 'POST', path: '/auth/simple/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: `guess-${address}-${n}`, password: 'wrong' }), remoteAddress: `10.9.0.${address}` }) as HttpRequest
  const flood = Array.from({ length: 100 }, async (_, address) => {
    for (let n = 0; flooding; n++) {
      const answer = await handler(login(address, n))
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      // A refused login comes back at once, asking for a second's wait: the flood waits it, so
      // that what is measured is the hashing's effect, not this process answering 429s as fast as it can.
      if (answer.status === 429) await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  })
  await new Promise((resolve) => setTimeout(resolve, 200))
  const during = await timeWrites()
  flooding = false
  await Promise.all(flood)
  await opened.right.close()
  await rm(dir, { recursive: true, force: true })
  const answered = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${n} x ${s}`).join(', ')
  const row = (operation: string, ms: number[], note: string): Row => ({
    section: 'logins',
    operation,
    storeSize: 1,
    opsPerSec: 1000 / (ms.reduce((a, b) => a + b, 0) / ms.length),
    p50us: percentile(ms, 0.5) * 1000,
    p99us: percentile(ms, 0.99) * 1000,
    note,
  })
  return [
    row('file write, alone', baseline, 'baseline'),
    row('file write, 100-address wrong-password flood', during, `p50 x${(percentile(during, 0.5) / percentile(baseline, 0.5)).toFixed(2)} of alone; logins answered ${answered}`),
  ]
}
