/**
 * Import rows for `npm run bench` (alone: BENCH_ONLY=imports): what a test file pays to import
 * a flag double in a fresh process (runners that isolate test files pay it per file), for
 * `flagport/testing` as built in dist/ and for OpenFeature's and LaunchDarkly's server SDKs.
 * Each import is timed inside its own new node process, alternating the three, so a busy
 * machine weighs on all of them alike.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Row } from './measure.js'

const exec = promisify(execFile)

const TARGETS: [string, string][] = [
  ['flagport/testing', "import { createTestKit } from 'flagport/testing'"],
  ['@openfeature/server-sdk', "import { InMemoryProvider } from '@openfeature/server-sdk'"],
  ['@launchdarkly/node-server-sdk', "import { init } from '@launchdarkly/node-server-sdk'"],
]

/** Milliseconds one fresh process takes to import `specifier` (the dynamic import alone, not node's start). */
const importMs = async (specifier: string): Promise<number> => {
  const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t)`
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), env: { ...process.env, NODE_OPTIONS: '' } })
  return Number(stdout.trim())
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

export const importRows = async (processes = Number(process.env.BENCH_IMPORTS ?? '15')): Promise<Row[]> => {
  const times = new Map(TARGETS.map(([specifier]) => [specifier, [] as number[]]))
  for (let i = 0; i < processes; i++) for (const [specifier] of TARGETS) times.get(specifier)!.push(await importMs(specifier))
  return TARGETS.map(([specifier, what]) => {
    const sorted = [...times.get(specifier)!].sort((a, b) => a - b)
    const p50 = percentile(sorted, 0.5)
    return { section: 'import', operation: what, storeSize: 0, opsPerSec: 1000 / p50, p50us: p50 * 1000, p99us: sorted.at(-1)! * 1000, note: `median of ${processes} fresh processes (p99: the slowest)` }
  })
}
