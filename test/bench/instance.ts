import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { SERVER } from './http.js'

/** A `flagport` process and where it listens. */
export interface Instance {
  readonly child: ChildProcess
  readonly url: string
}

/**
 * `flagport` as its own process, as `npm start` runs it, with `env` (its store, port, admin
 * tokens): compiled (npm run bench), or from source under tsx. Resolves once it prints where it
 * listens.
 */
export const startInstance = (env: Record<string, string>): Promise<Instance> =>
  new Promise((resolve, reject) => {
    const fromSource = import.meta.url.endsWith('.ts')
    const args = fromSource ? ['--conditions=flagport-source', '--import', 'tsx', 'adapters/cli/main.ts'] : [SERVER]
    // BENCH_SERVER_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the instances.
    const nodeOptions = (process.env['BENCH_SERVER_NODE_OPTIONS'] ?? '').split(' ').filter(Boolean)
    const child = spawn(process.execPath, [...nodeOptions, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const look = (chunk: Buffer) => {
      output += String(chunk)
      const match = / on (http:\/\/[^\s]+)/.exec(output)
      if (match) resolve({ child, url: match[1]!.replace(/\/$/, '') })
    }
    child.stdout!.on('data', look)
    child.stderr!.on('data', look)
    child.on('exit', () => reject(new Error(`an instance exited before listening:\n${output}`)))
  })

/** Stops the instances as a host does (SIGTERM, which writes what they gathered) and waits for them to exit. */
export const stopInstances = async (...instances: readonly Instance[]): Promise<void> => {
  await Promise.all(
    instances.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    }),
  )
}
