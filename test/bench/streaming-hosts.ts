import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { Unleash } from 'unleash-client'
import type { Row } from './measure.js'
import { startInstance, stopInstances } from './instance.js'
import { openStreamClients } from './streaming-clients.js'

const ADMIN = '*:*.bench-hosts-admin'
const FEATURE = '/api/admin/projects/default/features/streamed'
const now = () => performance.timeOrigin + performance.now()
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

/** A process's CPU time so far in ms (user and system), where /proc tells it. */
const cpuMs = (pid: number | undefined): number | undefined => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return undefined
  }
}

/** One admin call, on a kept-alive connection as the Admin UI's are. */
const call = (agent: Agent, base: string, method: string, path: string, body?: unknown) =>
  new Promise<{ status: number; json: any }>((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const headers: Record<string, string> = { authorization: ADMIN }
    if (text !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
    const req = request(`${base}${path}`, { method, headers, agent }, (res) => {
      let data = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (data += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: data ? JSON.parse(data) : undefined }))
    })
    req.on('error', reject)
    req.end(text)
  })

/**
 * The "done when": two `flagport` processes, A and B, on one PostgreSQL store; Unleash's
 * Node SDK streaming from B, beside `streamsOnB` other event streams on B (their clients in a
 * worker thread). A flag is toggled through A's admin API `rounds` times, each once the SDK
 * and every stream got the previous toggle and `gapMs` passed (a person's toggles are apart,
 * so each is a change on its own, not part of a storm); each figure runs from the call on A.
 */
export const hostsRows = async (url: string, streamsOnB = 1000, rounds = 100, gapMs = 50): Promise<Row[]> => {
  const env = { DATABASE_URL: url, FLAGPORT_STORE: `bench-hosts-${randomUUID()}`, PORT: '0', HOST: '127.0.0.1', FLAGPORT_ADMIN_TOKENS: ADMIN }
  const [a, b] = await Promise.all([startInstance(env), startInstance(env)])
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const fail = (what: string, answer: { status: number; json: unknown }) => new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`)
  const created = await call(agent, a.url, 'POST', '/api/admin/projects/default/features', { name: 'streamed' })
  if (created.status !== 201) throw fail('create the flag', created)
  for (let i = 1; i < 20; i++) await call(agent, a.url, 'POST', '/api/admin/projects/default/features', { name: `other-${i}` })
  const issued = await call(agent, a.url, 'POST', '/api/admin/api-tokens', { tokenName: 'bench-sdk', type: 'client', environment: 'development', projects: ['*'] })
  if (issued.status !== 201) throw fail('create a client token', issued)
  const token = issued.json.secret as string
  // B hears of the token a moment after A made it.
  for (let known = false; !known; ) {
    const answer = await new Promise<number>((resolve) => request(`${b.url}/api/client/features`, { headers: { authorization: token } }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).end())
    known = answer === 200
  }

  const clients = streamsOnB > 0 ? await openStreamClients([b.url], token, streamsOnB) : undefined

  const sdk = new Unleash({
    url: `${b.url}/api/`,
    appName: 'bench-hosts',
    customHeaders: { Authorization: token },
    refreshInterval: 60_000,
    disableMetrics: true,
    skipInstanceCountWarning: true,
    experimentalMode: { type: 'streaming' },
  })
  sdk.on('error', (e) => console.error('the SDK:', e))
  const state = () => sdk.getFeatureToggleDefinition('streamed')?.enabled
  const sdkHolds = (enabled: boolean) =>
    new Promise<number>((resolve) => {
      if (state() === enabled) return resolve(now())
      const check = () => {
        if (state() !== enabled) return
        const at = now()
        sdk.off('changed', check)
        resolve(at)
      }
      sdk.on('changed', check)
    })
  await sdkHolds(false)

  const cpuBefore = cpuMs(b.child.pid)
  const acks: number[] = []
  const toSdk: number[] = []
  const toLast: number[] = []
  for (let k = 1; k <= rounds; k++) {
    const on = k % 2 === 1
    const seen = sdkHolds(on)
    const start = now()
    const toggled = await call(agent, a.url, 'POST', `${FEATURE}/environments/development/${on ? 'on' : 'off'}`)
    if (toggled.status !== 200) throw fail('toggle', toggled)
    acks.push(now() - start)
    toSdk.push((await seen) - start)
    if (clients) toLast.push((await clients.arrived(k)).last[0]! - start)
    await new Promise((resolve) => setTimeout(resolve, gapMs))
  }
  const cpuAfter = cpuMs(b.child.pid)
  sdk.destroy()
  await clients?.stop()
  agent.destroy()
  await stopInstances(a, b)

  const row = (name: string, d: number[], note: string): Row => {
    const sorted = [...d].sort((x, y) => x - y)
    return {
      section: 'streaming: two processes',
      operation: name,
      storeSize: 20,
      opsPerSec: 1000 / percentile(sorted, 0.5),
      p50us: percentile(sorted, 0.5) * 1000,
      p99us: percentile(sorted, 0.99) * 1000,
      note,
    }
  }
  const setting = `${rounds} toggles through A's admin API, ${gapMs} ms apart; the SDK and ${streamsOnB} other streams on B`
  return [
    row("toggle on A acknowledged (HTTP)", acks, 'the part of each figure below that is the call on A'),
    row("toggle on A to the Node SDK streaming from B", toSdk, setting),
    ...(clients ? [row("toggle on A to the last of B's streams", toLast, setting)] : []),
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? [{ section: 'streaming: two processes', operation: "B's CPU per toggle", storeSize: 20, note: `${((cpuAfter - cpuBefore) / rounds).toFixed(1)} ms: hearing of it, reading it, and writing it to ${streamsOnB + 1} streams (and the heartbeats)` }]
      : []),
  ]
}
