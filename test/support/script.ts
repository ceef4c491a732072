import { type ChildProcess, spawn } from 'node:child_process'
import { request } from 'node:http'

export interface Running {
  readonly child: ChildProcess
  /** The URL the script printed, e.g. `http://127.0.0.1:41234/flags`. */
  readonly url: string
  /** Its exit code once it exits. */
  readonly exited: Promise<number | null>
  /** Everything it printed so far, stdout and stderr. */
  output(): string
}

/**
 * Runs a command that serves HTTP (an example, `npm start`) as its own process, PORT=0, and
 * resolves once it prints `on http://...`: the URL it serves.
 */
export const startCommand = async (command: string, args: readonly string[], env: Record<string, string | undefined> = {}, cwd?: string): Promise<Running> => {
  const label = [command, ...args].join(' ')
  const child = spawn(command, args, {
    // The file store unless a test asks for PostgreSQL, even where the suite has a database.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd !== undefined ? { cwd } : {}),
    detached: true, // its own process group, so `stopScript` ends whatever it started too
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start:\n${output}`)), 60_000)
    const look = () => {
      const found = / on (http:\/\/[^\s]+)/.exec(output)
      if (found) {
        clearTimeout(timer)
        resolve(found[1]!)
      }
    }
    child.stdout!.on('data', look)
    child.on('exit', () => {
      clearTimeout(timer)
      reject(new Error(`${label} exited:\n${output}`))
    })
  })
  return { child, url, exited, output: () => output }
}

/** Runs a TypeScript script (an example, `npm start`'s server) with tsx; see `startCommand`. */
export const startScript = (script: string, env: Record<string, string | undefined> = {}): Promise<Running> =>
  startCommand(process.execPath, ['--conditions=flagport-source', '--import', 'tsx', script], env)

/** Ends a script a test started, and any process it left behind. */
export const stopScript = (running: Running): void => {
  try {
    process.kill(-running.child.pid!, 'SIGKILL')
  } catch {
    // the group is gone already
  }
}

export interface Answer {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly json: any
}

export interface Call {
  /** The Authorization header; none when absent. */
  readonly token?: string
  /** Sent as JSON (`content-type: application/json` unless `headers` says otherwise); a string as is. */
  readonly body?: unknown
  readonly headers?: Record<string, string>
}

/** One request to a running script, on a fresh connection. */
export const callScript = (url: string, method: string, path: string, call: Call = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const text = call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body)
    const headers: Record<string, string> = {}
    if (call.token !== undefined) headers['authorization'] = call.token
    if (text !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
    Object.assign(headers, call.headers)
    const req = request(`${url}${path}`, { method, headers, agent: false }, (res) => {
      let data = ''
      res.on('data', (c: Buffer) => (data += c.toString()))
      res.on('end', () => {
        let json: unknown
        try {
          json = data ? JSON.parse(data) : undefined
        } catch {
          json = data
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json })
      })
    })
    req.on('error', reject)
    req.end(text)
  })
