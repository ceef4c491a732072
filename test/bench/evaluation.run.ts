/** Runs the evaluation rows alone: `npx tsx bench/evaluation.run.ts`. */
import { type Row, benchEvaluation } from './evaluation.js'

const fmt = (n: number): string => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 3))

const print = (rows: readonly Row[]): void => {
  const header = ['operation', 'store size', 'ops/s', 'p50 µs', 'p99 µs', 'note']
  const lines = rows.map((r) => [r.operation, r.storeSize.toLocaleString('en-US'), fmt(r.opsPerSec), fmt(r.p50us), fmt(r.p99us), r.note ?? ''])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  console.log([line(header), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n'))
}

print(await benchEvaluation())
