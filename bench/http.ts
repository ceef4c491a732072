import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { buildState, featureName } from './fixtures.js'
import type { Row } from './measure.js'
import { fileStore } from './stores.js'

const TOKEN = '*:*.bench-admin-token'
const CONNECTIONS = 50
/** Rounds of each HTTP row (BENCH_HTTP_ROUNDS), each flagport then the ceiling. */
const ROUNDS = Math.max(1, Number(process.env['BENCH_HTTP_ROUNDS'] ?? 3))

/** Starts a child process and resolves with the URL it prints ("listening on <url>"). */
const start = (args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    // BENCH_SERVER_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
    const nodeOptions = (process.env['BENCH_SERVER_NODE_OPTIONS'] ?? '').split(' ').filter(Boolean)
    const child = spawn(process.execPath, [...(args[0] === 'examples/server.ts' ? nodeOptions : []), '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    // Keep reading to the end, so that the child's last words never meet a closed pipe.
    child.stdout!.on('data', (chunk) => {
      output += String(chunk)
      const match = /listening on (http:\/\/[^\s]+)/.exec(output)
      if (match) resolve({ child, url: match[1]!.replace(/\/$/, '') })
    })
    child.on('exit', () => reject(new Error(`${args.join(' ')} exited before listening:\n${output}`)))
  })

const stop = async (child: ChildProcess) => {
  child.kill('SIGTERM')
  if (child.exitCode === null) await once(child, 'exit')
}

const formatBytes = (n: number): string => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(n < 10_240 ? 1 : 0)} KB`)

interface Load {
  readonly operation: string
  readonly method: 'GET' | 'POST' | 'PUT'
  readonly path: string
  /** A body per request, so that writes change something each time. */
  readonly body?: (i: number) => unknown
}

/** Seconds of load before the rounds of a row, on each server. */
const WARM_UP_SECONDS = 1

/** `seconds` of load: whole seconds, as autocannon counts requests a second. */
const fire = async (url: string, load: Load, seconds: number): Promise<autocannon.Result> => {
  let i = 0
  return autocannon({
    url,
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
  const server = await start(['examples/server.ts'], { PORT: '0', FLAGPORT_DATA: store.dir!, FLAGPORT_ADMIN_TOKENS: TOKEN })
  const bare = await start(['bench/bare-server.ts'], {})
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
      await fire(server.url, load, WARM_UP_SECONDS)
      await fire(bare.url, load, WARM_UP_SECONDS)
      // Flagport and the ceiling take turns, so that a machine whose speed drifts (a shared
      // VM) moves both sides of each round's ratio alike; the median round is reported.
      const runs: { readonly result: autocannon.Result; readonly ceiling: number; readonly ratio: number }[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const result = await fire(server.url, load, measured)
        const ceiling = (await fire(bare.url, load, measured)).requests.average
        runs.push({ result, ceiling, ratio: result.requests.average / ceiling })
      }
      const byRatio = [...runs].sort((a, b) => a.ratio - b.ratio)
      const median = byRatio[Math.floor(byRatio.length / 2)]!
      const failures = runs.reduce((n, { result }) => n + result.non2xx + result.errors, 0)
      const spread = runs.length > 1 ? ` (${byRatio[0]!.ratio.toFixed(2)}-${byRatio[byRatio.length - 1]!.ratio.toFixed(2)} over ${runs.length} rounds)` : ''
      rows.push({
        section: 'http (file store)',
        operation: load.operation,
        storeSize: size,
        opsPerSec: median.result.requests.average,
        p50us: median.result.latency.p50 * 1000,
        p99us: median.result.latency.p99 * 1000,
        note: `${formatBytes(answer.length)} answers; ceiling ${Math.round(median.ceiling).toLocaleString('en-US')}/s, ratio ${median.ratio.toFixed(2)}${spread}${failures ? `, ${failures} failed` : ''}`,
      })
    }
  } finally {
    await stop(server.child)
    await stop(bare.child)
    await store.dispose()
  }
  return rows
}
