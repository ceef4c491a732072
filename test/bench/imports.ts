/**
 * Import rows for `npm run bench` (alone: BENCH_ONLY=imports): what a test file pays to import
 * a flag double in a fresh process (runners that isolate test files pay it per file), for
 * `flagport/testing` as built in dist/ and for OpenFeature's and LaunchDarkly's server SDKs;
 * then the import, the first double and one evaluation, which is what such a file pays in all;
 * and what `tsc --noEmit` takes for a 10-line host app of each. Each figure is timed in its own
 * new process, alternating the peers, so a busy machine weighs on all of them alike.
 */
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Row } from './measure.js'

const exec = promisify(execFile)

const TARGETS: [string, string][] = [
  ['flagport/testing', "import { createTestKit } from 'flagport/testing'"],
  ['@openfeature/server-sdk', "import { InMemoryProvider } from '@openfeature/server-sdk'"],
  ['@launchdarkly/node-server-sdk', "import { init } from '@launchdarkly/node-server-sdk'"],
]

/** Each double made from its import, with one flag on, and asked once: the whole cost of a test file's first flag. */
const FIRST_USE: [string, string][] = [
  [
    'flagport/testing: import + createTestKit + isEnabled',
    `const { createTestKit } = await import('flagport/testing')
    const kit = await createTestKit({ flags: { f: { environments: { development: { enabled: true } } } } })
    if (!kit.isEnabled('f')) throw new Error('off')`,
  ],
  [
    'OpenFeature: import + InMemoryProvider + getBooleanValue',
    `const { InMemoryProvider, OpenFeature } = await import('@openfeature/server-sdk')
    await OpenFeature.setProviderAndWait(new InMemoryProvider({ f: { variants: { on: true, off: false }, defaultVariant: 'on', disabled: false } }))
    if (!(await OpenFeature.getClient().getBooleanValue('f', false))) throw new Error('off')`,
  ],
  [
    'LaunchDarkly: import + TestData + variation',
    `const { init, integrations } = await import('@launchdarkly/node-server-sdk')
    const td = new integrations.TestData()
    td.update(td.flag('f').booleanFlag().variationForAll(true))
    const silent = { error() {}, warn() {}, info() {}, debug() {} }
    const ld = init('sdk-key', { updateProcessor: td.getFactory(), sendEvents: false, diagnosticOptOut: true, logger: silent })
    await ld.waitForInitialization({ timeout: 5 })
    if (!(await ld.variation('f', { kind: 'user', key: '1' }, false))) throw new Error('off')
    ld.close()`,
  ],
]

/** A 10-line host app of each, type-checked alone. */
const HOST_APPS: [string, string][] = [
  [
    'flagport',
    `import { createTestKit, type TestKit } from 'flagport/testing'
export const kitFor = (on: boolean): Promise<TestKit> => createTestKit({ flags: { checkout: { environments: { development: { enabled: on } } } } })
export const checkout = async (userId: string): Promise<string> => {
  const kit = await kitFor(true)
  await kit.disable('checkout')
  kit.reset()
  return kit.isEnabled('checkout', { userId }) ? 'new' : 'old'
}
`,
  ],
  [
    'OpenFeature',
    `import { InMemoryProvider, OpenFeature } from '@openfeature/server-sdk'
export const providerFor = (on: boolean): InMemoryProvider => new InMemoryProvider({ checkout: { variants: { on: true, off: false }, defaultVariant: on ? 'on' : 'off', disabled: false } })
export const checkout = async (userId: string): Promise<string> => {
  await OpenFeature.setProviderAndWait(providerFor(true))
  const client = OpenFeature.getClient()
  const on = await client.getBooleanValue('checkout', false, { targetingKey: userId })
  return on ? 'new' : 'old'
}
`,
  ],
]

/** Milliseconds one fresh process takes to run `code` (timed inside it, not node's start). */
const runMs = async (code: string): Promise<number> => {
  const script = `const t = performance.now(); ${code}; console.log(performance.now() - t)`
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), env: { ...process.env, NODE_OPTIONS: '' } })
  return Number(stdout.trim().split('\n').at(-1))
}

/** Milliseconds `tsc --noEmit` takes on one host app (strict, node16 resolution, libraries checked too), start to end. */
const tscMs = async (file: string): Promise<number> => {
  const args = ['node_modules/typescript/bin/tsc', '--noEmit', '--strict', '--target', 'ES2022', '--module', 'node16', '--moduleResolution', 'node16', '--types', 'node', file]
  const t = performance.now()
  await exec(process.execPath, args, { cwd: process.cwd() })
  return performance.now() - t
}

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
  const firstUse = new Map(FIRST_USE.map(([what]) => [what, [] as number[]]))
  for (let i = 0; i < processes; i++) for (const [what, code] of FIRST_USE) firstUse.get(what)!.push(await runMs(code))
  // Inside the package, so that `flagport` resolves to the built package as a host app's would.
  const dir = join(process.cwd(), '.bench', 'host-apps')
  await mkdir(dir, { recursive: true })
  const checks = new Map(HOST_APPS.map(([name]) => [name, [] as number[]]))
  for (const [name, code] of HOST_APPS) await writeFile(join(dir, `${name}.mts`), code)
  const runs = Math.max(3, Math.ceil(processes / 5))
  for (let i = 0; i < runs; i++) for (const [name] of HOST_APPS) checks.get(name)!.push(await tscMs(join(dir, `${name}.mts`)))
  const row = (section: string, what: string, times: readonly number[], note: string): Row => {
    const sorted = [...times].sort((a, b) => a - b)
    const p50 = percentile(sorted, 0.5)
    return { section, operation: what, storeSize: 0, opsPerSec: 1000 / p50, p50us: p50 * 1000, p99us: sorted.at(-1)! * 1000, note }
  }
  const fresh = `median of ${processes} fresh processes (p99: the slowest)`
  return [
    ...TARGETS.map(([specifier, what]) => row('import', what, times.get(specifier)!, fresh)),
    ...FIRST_USE.map(([what]) => row('import', what, firstUse.get(what)!, fresh)),
    ...HOST_APPS.map(([name]) => row('tsc', `tsc --noEmit, a 10-line host app of ${name}`, checks.get(name)!, `median of ${runs} runs, the whole tsc process`)),
  ]
}
