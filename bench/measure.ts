/** One row of the benchmark table. */
export interface Row {
  readonly section: string
  readonly operation: string
  readonly storeSize: number
  /** Left out (a blank cell) for a row that is a figure, not a timed operation (memory). */
  readonly opsPerSec?: number
  readonly p50us?: number
  readonly p99us?: number
  readonly note?: string
}

/** A row measured by timing calls: every figure there. */
export interface TimedRow extends Row {
  readonly opsPerSec: number
  readonly p50us: number
  readonly p99us: number
}

const percentile = (sorted: Float64Array, p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

/**
 * Runs `op` sequentially for about `seconds` (after a warm-up) and reports throughput and
 * latency percentiles. Sequential on purpose: it measures the cost of one call.
 */
export const measure = async (
  section: string,
  operation: string,
  storeSize: number,
  op: (i: number) => unknown | Promise<unknown>,
  { seconds = 1.5, warmup = 200, maxOps = 200_000 } = {},
): Promise<TimedRow> => {
  for (let i = 0; i < warmup; i++) await op(i)
  const samples: number[] = []
  const started = process.hrtime.bigint()
  const deadline = started + BigInt(Math.round(seconds * 1e9))
  let i = warmup
  for (;;) {
    const t0 = process.hrtime.bigint()
    await op(i++)
    const t1 = process.hrtime.bigint()
    samples.push(Number(t1 - t0) / 1000)
    if (t1 > deadline || samples.length >= maxOps) break
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9
  const sorted = Float64Array.from(samples).sort()
  return { section, operation, storeSize, opsPerSec: samples.length / elapsed, p50us: percentile(sorted, 0.5), p99us: percentile(sorted, 0.99) }
}

const fmt = (n: number | undefined): string => (n === undefined ? '' : n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 2))

/** Prints rows as a Markdown table (readable in a terminal, pasteable into a note). */
export const printTable = (rows: readonly Row[]): void => {
  const header = ['section', 'operation', 'store size', 'ops/s', 'p50 µs', 'p99 µs', 'note']
  const lines = rows.map((r) => [r.section, r.operation, r.storeSize.toLocaleString('en-US'), fmt(r.opsPerSec), fmt(r.p50us), fmt(r.p99us), r.note ?? ''])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
  console.log(row(header))
  console.log(row(widths.map((w) => '-'.repeat(w))))
  for (const l of lines) console.log(row(l))
}
