/**
 * `BENCH_BASELINE=../baseline npm run bench:compare`: the in-process rows of this checkout
 * against those of another built flagport checkout, in one process (docs/benchmarks.md).
 *
 * BENCH_SIZES=1000,10000 (store sizes), BENCH_STORES=memory (store kinds), BENCH_ROWS="get tag"
 * (rows by name), BENCH_BLOCKS=30 (measured blocks of each build a row and order) and
 * BENCH_BLOCK_MS=40 (about how long a block runs) shape a run.
 */
import { execFileSync } from 'node:child_process'
import { loadBaseline, thisBuild } from './builds.js'
import { compareOrder, type CompareSettings, type OrderFigures } from './compare.js'
import { seedOf, type StoreKind } from './compare-stores.js'

const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').map((s) => s.trim()).filter(Boolean)
const baselineDir = process.env.BENCH_BASELINE
if (!baselineDir) {
  console.error('BENCH_BASELINE must name another flagport checkout, built: git worktree add ../baseline <commit> && (cd ../baseline && npm ci && npm run build)')
  process.exit(2)
}
const sizes = list(process.env.BENCH_SIZES, '1000,10000,100000').map(Number)
const kinds = list(process.env.BENCH_STORES, 'memory,file') as StoreKind[]
const settings: CompareSettings = {
  blocks: Number(process.env.BENCH_BLOCKS ?? '30'),
  blockMs: Number(process.env.BENCH_BLOCK_MS ?? '40'),
  rows: new Set(list(process.env.BENCH_ROWS, '')),
}

let baseline
try {
  baseline = await loadBaseline(baselineDir)
} catch (e) {
  console.error((e as Error).message)
  process.exit(1)
}

const commitOf = (dir: string) => {
  try {
    return execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim().slice(0, 72)
  } catch {
    return 'not a git checkout'
  }
}
console.log(`flagport bench:compare — node ${process.version}, store sizes ${sizes.join(', ')}, ${settings.blocks} blocks of ~${settings.blockMs} ms a build, row and order`)
console.log(`baseline: ${baselineDir} (${commitOf(baselineDir)})`)
console.log(`this:     ${process.cwd()} (${commitOf(process.cwd())})\n`)

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 2))
const header = ['operation', 'store', 'size', 'calls/block', 'baseline p50 µs', 'this p50 µs', 'this/baseline, baseline first', 'this/baseline, this first', 'mean ratio']
const lines: string[][] = []
for (const size of sizes) {
  const seed = await seedOf(size)
  for (const kind of kinds) {
    const baselineFirst = await compareOrder(baseline, thisBuild, kind, seed, size, settings)
    const thisFirst = await compareOrder(thisBuild, baseline, kind, seed, size, settings)
    for (const [operation, one] of baselineFirst) {
      const two = thisFirst.get(operation) as OrderFigures
      const ratios = [one.thisP50us / one.baselineP50us, two.thisP50us / two.baselineP50us]
      lines.push([
        operation,
        kind,
        size.toLocaleString('en-US'),
        `${one.callsPerBlock}, ${two.callsPerBlock}`,
        fmt((one.baselineP50us + two.baselineP50us) / 2),
        fmt((one.thisP50us + two.thisP50us) / 2),
        ratios[0]!.toFixed(3),
        ratios[1]!.toFixed(3),
        ((ratios[0]! + ratios[1]!) / 2).toFixed(3),
      ])
    }
  }
}
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
console.log(row(header))
console.log(row(widths.map((w) => '-'.repeat(w))))
for (const l of lines) console.log(row(l))
