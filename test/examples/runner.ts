import { execFile } from 'node:child_process'

export interface Run {
  readonly code: number | null
  readonly output: string
}

/** Runs a test runner on an example as its own process, to its end: its exit code and everything it printed. */
export const runExample = (command: string, args: readonly string[]): Promise<Run> =>
  new Promise((resolve) => {
    execFile(command, args, { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null
      resolve({ code, output: `${stdout}${stderr}` })
    })
  })

/** Node with flagport's sources for `flagport/...` and TypeScript through tsx, as the suite runs. */
export const NODE_SOURCE = ['--conditions=flagport-source', '--import=tsx']
