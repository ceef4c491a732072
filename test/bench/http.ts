import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildState, featureName } from './fixtures.js'
import type { Row } from './measure.js'
import { fileStore } from './stores.js'

export const TOKEN = '*:*.bench-admin-token'
const CONNECTIONS = 50
/** Rounds of each HTTP row (BENCH_HTTP_ROUNDS), each flagport then the ceiling. */
const ROUNDS = Math.max(1, Number(process.env['BENCH_HTTP_ROUNDS'] ?? 3))

/** The compiled server (in dist/, as `npm start` runs it; `npm run bench` builds it first) and the ceiling, beside this file in `.bench/`. */
export const SERVER = fileURLToPath(new URL('../../../dist/adapters/cli/main.js', import.meta.url))
const BARE_SERVER = fileURLToPath(new URL('./bare-server.js', import.meta.url))

/** Starts a child process and resolves with the URL it prints ("listening on <url>"). */
export const start = (script: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    // BENCH_SERVER_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
    const nodeOptions = (process.env['BENCH_SERVER_NODE_OPTIONS'] ?? '').split(' ').filter(Boolean)
    const child = spawn(process.execPath, [...(script === SERVER ? nodeOptions : []), script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    // Keep reading to the end, so that the child's last words never meet a closed pipe.
    child.stdout!.on('data', (chunk) => {
      output += String(chunk)
      const match = /listening on (http:\/\/[^\s]+)/.exec(output)
      if (match) resolve({ child, url: match[1]!.replace(/\/$/, '') })
    })
    child.on('exit', () => reject(new Error(`${script} exited before listening:\n${output}`)))
  })

export const stop = async (child: ChildProcess) => {
  child.kill('SIGTERM')
  if (child.exitCode === null) await once(child, 'exit')
}

const formatBytes = (n: number): string => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(n < 10_240 ? 1 : 0)} KB`)

export interface Load {
  readonly operation: string
  readonly method: 'GET' | 'POST' | 'PUT'
  readonly path: string
  /** A body per request, so that writes change something each time. */
  readonly body?: (i: number) => unknown
}

/**
 * CPU seconds a process has used, user and system, all its threads: from /proc on Linux,
 * undefined elsewhere. Divided by the answers it gave, it is the server's cost of an answer,
 * a figure the load generator sharing the machine does not bend as it bends throughput.
 */
const cpuSeconds = (pid: number | undefined): number | undefined => {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks; the name in parentheses may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return undefined
  }
}

interface Fired {
  readonly result: autocannon.Result
  /** The server's CPU time per answer, in µs, where the platform tells it. */
  readonly cpuPerAnswerUs?: number
}

/** Seconds of load before the rounds of a row, on each server. */
const WARM_UP_SECONDS = 1

/** `seconds` of load: whole seconds, as autocannon counts requests a second. */
export const fire = async (server: { readonly child: ChildProcess; readonly url: string }, load: Load, seconds: number): Promise<Fired> => {
  let i = 0
  const cpuBefore = cpuSeconds(server.child.pid)
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: load.method,
        path: load.path,
        headers: { authorization: TOKEN, 'content-type': 'application/json' },
        ...(load.body ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(load.body!(i++)) }) } : {}),
      },
    ],
  })
  const cpuAfter = cpuSeconds(server.child.pid)
  const answers = result.requests.total
  return cpuBefore === undefined || cpuAfter === undefined || answers === 0 ? { result } : { result, cpuPerAnswerUs: ((cpuAfter - cpuBefore) * 1e6) / answers }
}

/**
 * Over HTTP: the `npm start` server on a file store of `size` features, driven from this
 * process by autocannon with 50 connections on loopback; beside each row the same request
 * against a bare node:http server answering a fixed JSON body (the ceiling): the answer
 * flagport gave to that request, so that both write and read the same bytes. Each row is the
 * round whose ratio to the ceiling is the median of `ROUNDS`.
 */
export const httpRows = async (size: number, seconds: number): Promise<Row[]> => {
  const store = await fileStore(buildState(size))
  await store.storage.close()
  const server = await start(SERVER, { PORT: '0', FLAGPORT_DATA: store.dir!, FLAGPORT_ADMIN_TOKENS: TOKEN })
  const bare = await start(BARE_SERVER, {})
  const hundred = Array.from({ length: 100 }, (_, k) => featureName(k))
  const measured = Math.max(1, Math.round(seconds * 2))
  const loads: Load[] = [
    { operation: 'get tag', method: 'GET', path: '/api/admin/tags/simple/team-a' },
    { operation: 'ui config', method: 'GET', path: '/api/admin/ui-config' },
    { operation: 'update feature', method: 'PUT', path: `/api/admin/projects/default/features/${featureName(1)}`, body: (i) => ({ description: `bench ${i}` }) },
    { operation: 'export 100 features', method: 'POST', path: '/api/admin/features-batch/export', body: () => ({ environment: 'development', features: hundred }) },
    {
      operation: 'bulk tag 100 features',
      method: 'PUT',
      path: '/api/admin/projects/default/tags',
      body: (i) => ({ features: hundred, tags: { addedTags: [{ value: i % 2 ? 'bench-odd' : 'bench-even' }], removedTags: [{ value: i % 2 ? 'bench-even' : 'bench-odd' }] } }),
    },
  ]
  // BENCH_HTTP_ONLY="update feature,get tag" runs only those rows.
  const only = process.env['BENCH_HTTP_ONLY']?.split(',')
  const rows: Row[] = []
  try {
    for (const load of loads.filter((l) => !only || only.includes(l.operation))) {
      // The ceiling answers what flagport answers to this request: the same bytes to write and to read.
      const sample = await fetch(`${server.url}${load.path}`, {
        method: load.method,
        headers: { authorization: TOKEN, 'content-type': 'application/json' },
        ...(load.body ? { body: JSON.stringify(load.body(-1)) } : {}),
      })
      const answer = Buffer.from(await sample.arrayBuffer())
      await fetch(`${bare.url}/__answer`, { method: 'PUT', headers: { 'x-status': String(sample.status) }, body: answer })
      // Unmeasured, so that no round pays for compiling the server's code while the other side runs warm.
      await fire(server, load, WARM_UP_SECONDS)
      await fire(bare, load, WARM_UP_SECONDS)
      // Flagport and the ceiling take turns, so that a machine whose speed drifts (a shared
      // VM) moves both sides of each round's ratio alike; the median round is reported.
      const runs: { readonly flagport: Fired; readonly ceiling: Fired; readonly ratio: number }[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const flagport = await fire(server, load, measured)
        const ceiling = await fire(bare, load, measured)
        runs.push({ flagport, ceiling, ratio: flagport.result.requests.average / ceiling.result.requests.average })
      }
      const byRatio = [...runs].sort((a, b) => a.ratio - b.ratio)
      const median = byRatio[Math.floor(byRatio.length / 2)]!
      const result = median.flagport.result
      const failures = runs.reduce((n, { flagport }) => n + flagport.result.non2xx + flagport.result.errors, 0)
      const spread = runs.length > 1 ? ` (${byRatio[0]!.ratio.toFixed(2)}-${byRatio[byRatio.length - 1]!.ratio.toFixed(2)} over ${runs.length} rounds)` : ''
      const cpu =
        median.flagport.cpuPerAnswerUs !== undefined && median.ceiling.cpuPerAnswerUs !== undefined
          ? `; server CPU ${median.flagport.cpuPerAnswerUs.toFixed(1)} µs an answer, ceiling ${median.ceiling.cpuPerAnswerUs.toFixed(1)}`
          : ''
      rows.push({
        section: 'http (file store)',
        operation: load.operation,
        storeSize: size,
        opsPerSec: result.requests.average,
        p50us: result.latency.p50 * 1000,
        p99us: result.latency.p99 * 1000,
        note: `${formatBytes(answer.length)} answers; ceiling ${Math.round(median.ceiling.result.requests.average).toLocaleString('en-US')}/s, ratio ${median.ratio.toFixed(2)}${spread}${cpu}${failures ? `, ${failures} failed` : ''}`,
      })
    }
  } finally {
    await stop(server.child)
    await stop(bare.child)
    await store.dispose()
  }
  return rows
}
