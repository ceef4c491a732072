/**
 * `npm run bench`: throughput and latency of flagport's operations, in-process (memory and
 * file store) and over HTTP, and how costs scale with the store. Nothing here is a test.
 *
 * BENCH_SIZES=1000,10000 and BENCH_SECONDS=0.5 shorten a run; BENCH_SKIP=http skips a section.
 */
import { inProcessRows } from './inprocess.js'
import { printTable, type Row } from './measure.js'
import { scalingFigures } from './scaling.js'
import { fileStore, memoryStore } from './stores.js'

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number)
const seconds = Number(process.env.BENCH_SECONDS ?? '1')
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean))

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
printTable(rows)

if (!skip.has('scaling')) {
  console.log('\nScaling (file store, compacted: a snapshot and a short journal)\n')
  const figures = await scalingFigures(sizes)
  const commit = (size: number) => rows.find((r) => r.section === 'in-process file' && r.operation === 'update feature' && r.storeSize === size)
  const scaling: Row[] = figures.flatMap((f) => {
    const cold = commit(f.size)
    return [
      { section: 'scaling', operation: 'open file store', storeSize: f.size, opsPerSec: 1000 / f.openMs, p50us: f.openMs * 1000, p99us: f.openMs * 1000, note: `${f.openMs.toFixed(0)} ms` },
      { section: 'scaling', operation: 'memory per feature, opened', storeSize: f.size, opsPerSec: 0, p50us: 0, p99us: 0, note: `${f.openedBytesPerFeature} bytes` },
      { section: 'scaling', operation: 'memory per feature, all read', storeSize: f.size, opsPerSec: 0, p50us: 0, p99us: 0, note: `${f.builtBytesPerFeature} bytes` },
      { section: 'scaling', operation: 'commit (update feature, file), rows read', storeSize: f.size, opsPerSec: 1e6 / f.commitP50us, p50us: f.commitP50us, p99us: f.commitP99us, note: 'every row read first' },
      ...(cold ? [{ ...cold, section: 'scaling', operation: 'commit, first touch of each bucket', note: 'reads the bucket from the snapshot too' }] : []),
    ]
  })
  printTable(scaling)
  const first = figures[0]
  const last = figures[figures.length - 1]
  if (first && last && first !== last) {
    console.log(
      `\nfrom ${first.size} to ${last.size} features: open x${(last.openMs / first.openMs).toFixed(1)}, memory per feature (all read) x${(last.builtBytesPerFeature / first.builtBytesPerFeature).toFixed(2)}, commit p50 x${(last.commitP50us / first.commitP50us).toFixed(2)}`,
    )
  }
}
