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

/** Options of `measure`: how long to run, in how many rounds, after how long a warm-up. */
export interface MeasureOptions {
  /** Seconds of measured calls, all rounds together. */
  readonly seconds?: number
  /** Rounds the measured time is split into; the note gives the lowest and highest round's throughput. */
  readonly rounds?: number
  /** Seconds of unmeasured calls first (at least one call), so that no row is timed while V8 is still compiling its code. */
  readonly warmupSeconds?: number
  /** At most this many measured calls, all rounds together. */
  readonly maxOps?: number
}

const fmt = (n: number | undefined): string => (n === undefined ? '' : n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 2))

// A double in milliseconds: process.hrtime.bigint() allocates a BigInt on every reading, two a
// call, and that garbage was a tenth of a 15 µs call's cost.
const now = (): number => performance.now()

/** A pause for pending I/O: long enough for an `fdatasync` and a lock file's removal. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 50))

/**
 * Runs `op` sequentially for about `seconds`, after a warm-up, and reports throughput and
 * latency percentiles over every call. Sequential on purpose: it measures the cost of one
 * call. The time is split into rounds, whose throughputs the note gives: a VM whose speed
 * drifts, or a collection of the old generation (hundreds of milliseconds at 100k features),
 * shows as a spread between them, where one figure for the whole second would hide it.
 */
export const measure = async (
  section: string,
  operation: string,
  storeSize: number,
  op: (i: number) => unknown | Promise<unknown>,
  { seconds = 1.5, rounds = 3, warmupSeconds = 0.25, maxOps = 200_000 }: MeasureOptions = {},
  check: (result: unknown) => void = () => {},
): Promise<TimedRow> => {
  // The I/O the rows before left under way ends first: a file store's last flush still giving
  // back its lock, for one. A row of reads awaits only settled promises, so the event loop
  // would not reach that I/O until the row ended, and meanwhile every read skipped the check
  // for other processes' commits, as a store writing its own does: get tag on the file store
  // came out at 0.42 µs in some runs and 1.1 µs in others.
  await settle()
  // A row starts on a collected heap: otherwise the garbage the rows before it left (the store
  // built for them included) is collected during this one.
  ;(globalThis as { gc?: () => void }).gc?.()
  let i = 0
  const warm = now() + warmupSeconds * 1000
  do check(await op(i++))
  while (now() < warm)
  // Filled in place: a growing array of samples would be garbage the calls pay for.
  const perRound = Math.max(1, Math.floor(maxOps / rounds))
  const samples = new Float64Array(perRound * rounds)
  let taken = 0
  const throughputs: number[] = []
  let measured = 0
  for (let round = 0; round < rounds; round++) {
    const started = now()
    const deadline = started + (seconds / rounds) * 1000
    let calls = 0
    for (;;) {
      const t0 = now()
      const result = await op(i++)
      const t1 = now()
      check(result)
      samples[taken++] = (t1 - t0) * 1000
      calls++
      if (t1 > deadline || calls >= perRound) break
    }
    const elapsed = now() - started
    measured += elapsed
    throughputs.push(calls / (elapsed / 1000))
  }
  const sorted = samples.subarray(0, taken).sort()
  const spread = rounds > 1 ? `rounds ${fmt(Math.min(...throughputs))}-${fmt(Math.max(...throughputs))}/s` : undefined
  return { section, operation, storeSize, opsPerSec: taken / (measured / 1000), p50us: percentile(sorted, 0.5), p99us: percentile(sorted, 0.99), ...(spread ? { note: spread } : {}) }
}

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
