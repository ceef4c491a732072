/**
 * `npm run bench`: throughput and latency of flagport's operations, in-process (memory and
 * file store) and over HTTP, and how costs scale with the store. Nothing here is a test.
 *
 * BENCH_SIZES=1000,10000, BENCH_SECONDS=0.5 and BENCH_HTTP_ROUNDS=1 shorten a run; BENCH_SKIP=http
 * skips a section, BENCH_ONLY=kit runs only the one named (inprocess, evaluation, http, postgres, streaming,
 * hosts, imports, logins, metrics, kit, scaling); BENCH_IMPORTS=15 sets how many fresh processes time each import. The
 * postgres, streaming and hosts sections run when DATABASE_URL is set.
 */
import { inProcessRows } from './inprocess.js'
import { printTable, type Row } from './measure.js'
import { scalingFigures } from './scaling.js'
import { fileStore, memoryStore } from './stores.js'

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number)
const seconds = Number(process.env.BENCH_SECONDS ?? '1')
const skipped = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean))
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean))
const skip = { has: (section: string) => skipped.has(section) || (only.size > 0 && !only.has(section)) }

console.log(`flagport benchmarks — node ${process.version}, store sizes ${sizes.join(', ')}, ~${seconds}s a row`)
console.log('Each feature: strategies in two environments with constraints, two variants, a tag.\n')

const rows: Row[] = []
if (!skip.has('inprocess')) {
  for (const size of sizes) {
    for (const open of [memoryStore, fileStore]) rows.push(...(await inProcessRows(open, size, seconds)))
  }
}
if (!skip.has('evaluation')) {
  const { benchEvaluation } = await import('./evaluation.js')
  for (const r of await benchEvaluation()) rows.push({ section: 'evaluation', ...r })
}
if (!skip.has('http')) {
  const { httpRows } = await import('./http.js')
  rows.push(...(await httpRows(Math.min(...sizes.filter((s) => s >= 10000), 10000), seconds)))
}
// Only where a database is given (test/scripts/postgres.sh npm run bench starts one).
if (!skip.has('postgres') && process.env.DATABASE_URL) {
  const { postgresRows } = await import('./postgres.js')
  rows.push(...(await postgresRows(process.env.DATABASE_URL, seconds)))
}
// 1,000 SDK streams on each of two instances of one PostgreSQL store.
if (!skip.has('streaming')) {
  if (process.env.DATABASE_URL) {
    const { streamingRows } = await import('./streaming.js')
    rows.push(...(await streamingRows(process.env.DATABASE_URL)))
  } else console.log('streaming: skipped, no DATABASE_URL (test/scripts/postgres.sh npm run bench starts a database)\n')
}
// The issue's "done when": two `flagport` processes, the Node SDK streaming from the second.
if (!skip.has('hosts') && process.env.DATABASE_URL) {
  const { hostsRows } = await import('./streaming-hosts.js')
  rows.push(...(await hostsRows(process.env.DATABASE_URL)))
}
if (!skip.has('imports')) {
  const { importRows } = await import('./imports.js')
  rows.push(...(await importRows()))
}
if (!skip.has('logins')) {
  const { loginFloodRows } = await import('./login-flood.js')
  rows.push(...(await loginFloodRows()))
}
if (!skip.has('metrics')) {
  const { metricsRows } = await import('./metrics.js')
  rows.push(...(await metricsRows(seconds)))
}
if (!skip.has('kit')) {
  const { kitRows } = await import('./kit.js')
  rows.push(...(await kitRows(seconds)))
}
if (rows.length > 0) printTable(rows)

if (!skip.has('scaling')) {
  console.log('\nScaling (file store, compacted: a snapshot and a short journal)\n')
  const figures = await scalingFigures(sizes)
  const commit = (size: number) => rows.find((r) => r.section === 'in-process file' && r.operation === 'update feature' && r.storeSize === size)
  const scaling: Row[] = figures.flatMap((f) => {
    const cold = commit(f.size)
    return [
      { section: 'scaling', operation: 'open file store', storeSize: f.size, opsPerSec: 1000 / f.openMs, p50us: f.openMs * 1000, p99us: f.openMs * 1000, note: `${f.openMs.toFixed(0)} ms` },
      { section: 'scaling', operation: 'memory per feature, opened', storeSize: f.size, note: `${f.openedBytesPerFeature} bytes` },
      { section: 'scaling', operation: 'memory per feature, all read', storeSize: f.size, note: `${f.builtBytesPerFeature} bytes` },
      { section: 'scaling', operation: 'memory per feature, all updated once', storeSize: f.size, note: `${f.updatedBytesPerFeature} bytes` },
      { section: 'scaling', operation: 'commit (update feature, file), rows read', storeSize: f.size, opsPerSec: 1e6 / f.commitP50us, p50us: f.commitP50us, p99us: f.commitP99us, note: 'every row read first' },
      ...(cold ? [{ ...cold, section: 'scaling', operation: 'commit, first touch of each bucket', note: `reads the bucket from the snapshot too${cold.note ? `; ${cold.note}` : ''}` }] : []),
    ]
  })
  printTable(scaling)
  // The growth between each size and the next: the fixed costs of a small store weigh on 1k.
  for (let i = 1; i < figures.length; i++) {
    const [from, to] = [figures[i - 1]!, figures[i]!]
    console.log(
      `${i === 1 ? '\n' : ''}from ${from.size.toLocaleString('en-US')} to ${to.size.toLocaleString('en-US')} features: open x${(to.openMs / from.openMs).toFixed(1)}, memory per feature (all read) x${(to.builtBytesPerFeature / from.builtBytesPerFeature).toFixed(2)}, commit p50 x${(to.commitP50us / from.commitP50us).toFixed(2)}`,
    )
  }
}
