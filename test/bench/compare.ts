/**
 * Two builds in one process, each operation timed in blocks that alternate between them
 * (A B, B A, A B, ...): the machine's drift, which moves separate runs far more than most
 * changes move a row, then weighs on both alike. Each build makes the same calls in the same
 * order on a store of its own, seeded alike (compare-stores.ts).
 */
import type { AdminApi } from '../../src/index.js'
import type { Build } from './builds.js'
import { openCompareStore, type Seed, type StoreKind } from './compare-stores.js'
import { IN_PROCESS_OPERATIONS, mustSucceed, type InProcessOperation, type Session } from './operations.js'

export interface CompareSettings {
  /** Measured blocks of each build an operation. */
  readonly blocks: number
  /** About how long a block runs: its number of calls is set from the warm-up. */
  readonly blockMs: number
  /** The rows to run, by name; empty: all. */
  readonly rows: ReadonlySet<string>
}

/** One operation's p50s in one order (the build that leads first, and is set up first). */
export interface OrderFigures {
  readonly baselineP50us: number
  readonly thisP50us: number
  readonly callsPerBlock: number
}

const now = () => performance.now()
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 50))
const median = (samples: Float64Array) => {
  const sorted = samples.slice().sort()
  return sorted[sorted.length >> 1]!
}

/** One build's side of an operation: its call, its own call counter, its samples. */
interface Side {
  readonly build: Build
  readonly call: (i: number) => Promise<unknown>
  next: number
  samples: Float64Array
  taken: number
}

const runCalls = async (side: Side, calls: number, check: (result: unknown) => void, record: boolean): Promise<number> => {
  const started = now()
  for (let k = 0; k < calls; k++) {
    const t0 = now()
    const result = await side.call(side.next++)
    const t1 = now()
    check(result)
    if (record) side.samples[side.taken++] = (t1 - t0) * 1000
  }
  return now() - started
}

/**
 * Warm-up and calibration: both sides run 1, 2, 4, ... calls until a run of at least 8 takes
 * half a block; the block's calls come from two more runs of that many, and one more block
 * each follows. Counts, never durations, bound every run, so both sides make the
 * same calls.
 */
const calibrate = async (first: Side, second: Side, blockMs: number, check: (result: unknown) => void): Promise<number> => {
  let calls = 1
  for (;;) {
    const run = async () => Math.max(await runCalls(first, calls, check, false), await runCalls(second, calls, check, false))
    // The first runs time V8 compiling the calls: they end the warm-up only once it is past.
    if (((await run()) >= blockMs / 2 && calls >= 8) || calls >= 1 << 16) {
      // The quicker of two runs: one that a collection or the machine slowed would make blocks too short.
      const slowest = Math.min(await run(), await run())
      const perBlock = Math.max(1, Math.round((calls * blockMs) / Math.max(slowest, 1e-3)))
      await runCalls(first, perBlock, check, false)
      await runCalls(second, perBlock, check, false)
      return perBlock
    }
    calls *= 2
  }
}

const interleave = async (operation: InProcessOperation, first: Side, second: Side, settings: CompareSettings): Promise<number> => {
  const check = mustSucceed(operation.name)
  await settle()
  ;(globalThis as { gc?: () => void }).gc?.()
  const perBlock = await calibrate(first, second, settings.blockMs, check)
  for (const side of [first, second]) {
    side.samples = new Float64Array(perBlock * settings.blocks)
    side.taken = 0
  }
  for (let b = 0; b < settings.blocks; b++) {
    const [a, z] = b % 2 === 0 ? [first, second] : [second, first]
    await runCalls(a, perBlock, check, true)
    await runCalls(z, perBlock, check, true)
  }
  return perBlock
}

/**
 * Every operation on a store of `kind` holding `seed` (of `size` features), `first` set up and
 * leading, `second` after it. Figures by operation name.
 */
export const compareOrder = async (first: Build, second: Build, kind: StoreKind, seed: Seed, size: number, settings: CompareSettings): Promise<Map<string, OrderFigures>> => {
  const stores = [await openCompareStore(first, kind, seed), await openCompareStore(second, kind, seed)] as const
  const sessions: [Session, Session] = [{ updated: 0 }, { updated: 0 }]
  const figures = new Map<string, OrderFigures>()
  const sideOf = async (operation: InProcessOperation, build: Build, api: AdminApi, session: Session): Promise<Side> => ({
    build,
    call: await operation.prepare(api, size, session),
    next: 0,
    samples: new Float64Array(0),
    taken: 0,
  })
  try {
    for (const operation of IN_PROCESS_OPERATIONS) {
      if (settings.rows.size > 0 && !settings.rows.has(operation.name)) continue
      const a = await sideOf(operation, first, stores[0].api, sessions[0])
      const z = await sideOf(operation, second, stores[1].api, sessions[1])
      const callsPerBlock = await interleave(operation, a, z, settings)
      const [baseline, current] = first.name === 'baseline' ? [a, z] : [z, a]
      figures.set(operation.name, { baselineP50us: median(baseline.samples), thisP50us: median(current.samples), callsPerBlock })
    }
  } finally {
    for (const store of stores) await store.dispose()
  }
  return figures
}
