/**
 * The options of `flagport serve`: one table, read for parsing (node:util parseArgs), for the
 * variables each option also reads, and for `--help`. A flag wins over its variable; an empty
 * variable counts as unset.
 */
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

/** The unleash-server version whose Admin UI build is served: the Unleash flagport follows. */
export const UNLEASH_UI_VERSION = '8.2.0'

export interface OptionSpec {
  readonly flag: string
  readonly type: 'string' | 'boolean'
  /** Variables read when the flag is absent, the first set one winning. */
  readonly env: readonly string[]
  /** The default, as `--help` shows it. */
  readonly shown: string
  readonly about: string
  /** Given more than once, its values add up (admin tokens). */
  readonly multiple?: boolean
}

export const SERVE_OPTIONS = [
  { flag: 'port', type: 'string', env: ['PORT'], shown: '4242', about: 'port to listen on; 0 picks a free one' },
  { flag: 'host', type: 'string', env: ['HOST'], shown: '127.0.0.1', about: 'address to bind' },
  { flag: 'data', type: 'string', env: ['FLAGPORT_DATA'], shown: './flagport-data', about: "the file store's directory" },
  { flag: 'database-url', type: 'string', env: ['DATABASE_URL'], shown: 'none', about: 'postgresql://user:password@host:port/database: use PostgreSQL instead of the file store' },
  { flag: 'store', type: 'string', env: ['FLAGPORT_STORE'], shown: 'default', about: "the store's name in that database" },
  { flag: 'admin-token', type: 'string', env: ['FLAGPORT_ADMIN_TOKENS', 'INIT_ADMIN_API_TOKENS'], shown: 'none', about: 'an admin token *:*.<secret> (repeatable; the variables take a comma-separated list)', multiple: true },
  { flag: 'admin-password', type: 'string', env: ['FLAGPORT_ADMIN_PASSWORD'], shown: 'random, printed once', about: 'the password of the built-in user admin' },
  { flag: 'url', type: 'string', env: ['FLAGPORT_URL'], shown: 'http://HOST:PORT/BASE-PATH', about: 'the URL clients reach it at (invite and reset links too), reported by ui-config; https: makes session cookies Secure' },
  { flag: 'base-path', type: 'string', env: ['FLAGPORT_BASE_PATH'], shown: 'none', about: 'serve under a prefix, e.g. /flags' },
  { flag: 'ui', type: 'boolean', env: ['FLAGPORT_UI'], shown: 'off', about: "serve Unleash's Admin UI, fetched from npm on first use (true/false in the variable)" },
  { flag: 'ui-dir', type: 'string', env: ['FLAGPORT_UI_DIR'], shown: 'none', about: 'serve this built Admin UI instead (implies --ui)' },
  { flag: 'ui-cache', type: 'string', env: ['FLAGPORT_UI_CACHE'], shown: '$XDG_CACHE_HOME/flagport or ~/.cache/flagport', about: 'where fetched Admin UI builds are kept' },
  { flag: 'ui-version', type: 'string', env: ['UNLEASH_UI_VERSION'], shown: UNLEASH_UI_VERSION, about: 'the unleash-server version whose Admin UI is fetched' },
  { flag: 'create-user-rate-limit', type: 'string', env: ['CREATE_USER_RATE_LIMIT_PER_MINUTE'], shown: '20', about: 'users one client may create a minute (Unleash\'s variable)' },
  { flag: 'headers-timeout-ms', type: 'string', env: ['FLAGPORT_HEADERS_TIMEOUT_MS'], shown: '10000', about: 'how long a client may take to send its headers; then 408' },
  { flag: 'log', type: 'string', env: ['FLAGPORT_LOG'], shown: 'text', about: 'text, or json: one JSON line per request and per error on stdout' },
] as const satisfies readonly OptionSpec[]

/** The options of `flagport ui fetch`: a subset of serve's. */
export const UI_FETCH_OPTIONS = SERVE_OPTIONS.filter((o) => o.flag === 'ui-cache' || o.flag === 'ui-version')

export type LogFormat = 'text' | 'json'

export interface ServeConfig {
  readonly port: number
  readonly host: string
  readonly data: string
  readonly databaseUrl: string | undefined
  readonly storeName: string
  readonly adminTokens: readonly string[]
  readonly adminPassword: string | undefined
  /** Absent: the URL the server listens at (port 0 picks one). */
  readonly url: string | undefined
  readonly basePath: string
  /** Serve the UI: from `uiDir` when given, else fetched into `uiCache`. */
  readonly ui: boolean
  readonly uiDir: string | undefined
  readonly uiCache: string
  readonly uiVersion: string
  readonly createUserMaxPerMinute: number | undefined
  readonly headersTimeoutMs: number | undefined
  readonly log: LogFormat
}

/** Why the command line or a variable is refused: `usage` for the command line (exit 2), `config` for a variable (exit 1). */
export interface Refused {
  readonly kind: 'usage' | 'config'
  readonly message: string
}

type Raw = { readonly value: string | boolean | string[] | undefined; readonly from: string | undefined; readonly kind: Refused['kind'] }

/** The value of an option: its flag's, else its first set variable's, and where it came from. */
const rawValue = (spec: OptionSpec, flags: Record<string, string | boolean | string[] | undefined>, env: NodeJS.ProcessEnv): Raw => {
  const flagged = flags[spec.flag]
  if (flagged !== undefined) return { value: flagged, from: `--${spec.flag}`, kind: 'usage' }
  for (const name of spec.env) {
    const value = env[name]
    if (value !== undefined && value !== '') return { value, from: name, kind: 'config' }
  }
  return { value: undefined, from: undefined, kind: 'config' }
}

/** Where fetched UI builds are kept unless told: the user's cache directory, shared by every data directory. */
export const defaultUiCache = (env: NodeJS.ProcessEnv): string => join(env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'flagport')

/** Parses the flags of a command against its table; unknown flags and stray words are usage errors. */
export const parseFlags = (argv: readonly string[], specs: readonly OptionSpec[]): Either<Refused, Record<string, string | boolean | string[] | undefined>> => {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = { help: { type: 'boolean' } }
  for (const spec of specs) options[spec.flag] = { type: spec.type, ...(spec.multiple ? { multiple: true } : {}) }
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: true })
    if (positionals.length > 0) return left({ kind: 'usage', message: `unexpected argument "${positionals[0]}".` })
    return right(values as Record<string, string | boolean | string[] | undefined>)
  } catch (error) {
    return left({ kind: 'usage', message: (error as Error).message.replace(/\. To specify a positional argument.*$/s, '.') })
  }
}

const wholeNumber = (raw: Raw, min: number, max: number, what: string): Either<Refused, number | undefined> => {
  if (raw.value === undefined) return right(undefined)
  const n = Number(raw.value)
  if (typeof raw.value === 'string' && raw.value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max) return right(n)
  return left({ kind: raw.kind, message: `${raw.from} must be ${what}; it is "${String(raw.value)}".` })
}

const text = (raw: Raw): string | undefined => (typeof raw.value === 'string' && raw.value !== '' ? raw.value : undefined)

/** Reads `flagport serve`'s configuration from its flags and the environment. */
export const serveConfig = (flags: Record<string, string | boolean | string[] | undefined>, env: NodeJS.ProcessEnv): Either<Refused, ServeConfig> => {
  const raw = (flag: (typeof SERVE_OPTIONS)[number]['flag']) => rawValue(SERVE_OPTIONS.find((o) => o.flag === flag)!, flags, env)
  const port = wholeNumber(raw('port'), 0, 65535, 'a port number')
  if (isLeft(port)) return port
  const createUser = wholeNumber(raw('create-user-rate-limit'), 1, Number.MAX_SAFE_INTEGER, 'a whole number of 1 or more')
  if (isLeft(createUser)) return createUser
  const headers = wholeNumber(raw('headers-timeout-ms'), 1, Number.MAX_SAFE_INTEGER, 'a whole number of milliseconds, 1 or more')
  if (isLeft(headers)) return headers

  const tokensRaw = raw('admin-token')
  const tokens = (Array.isArray(tokensRaw.value) ? tokensRaw.value : typeof tokensRaw.value === 'string' ? [tokensRaw.value] : [])
    .flatMap((list) => list.split(','))
    .map((token) => token.trim())
    .filter((token) => token !== '')
  const malformed = tokens.find((token) => !/^\*:\*\..+/.test(token))
  if (malformed !== undefined) return left({ kind: tokensRaw.kind, message: `an admin token must look like *:*.<secret>; "${malformed.slice(0, 12)}..." does not.` })

  const logRaw = raw('log')
  const log = text(logRaw) ?? 'text'
  if (log !== 'text' && log !== 'json') return left({ kind: logRaw.kind, message: `${logRaw.from} must be text or json; it is "${log}".` })

  const uiRaw = raw('ui')
  const uiFlag = typeof uiRaw.value === 'boolean' ? uiRaw.value : typeof uiRaw.value === 'string' ? /^(1|true|yes|on)$/i.test(uiRaw.value) : false
  const versionRaw = raw('ui-version')
  const uiVersion = text(versionRaw) ?? UNLEASH_UI_VERSION
  if (!/^\d+\.\d+\.\d+$/.test(uiVersion)) return left({ kind: versionRaw.kind, message: `${versionRaw.from} must be a version such as ${UNLEASH_UI_VERSION}; it is "${uiVersion}".` })

  const host = text(raw('host')) ?? '127.0.0.1'
  const basePath = (text(raw('base-path')) ?? '').replace(/\/+$/, '')
  const uiDir = text(raw('ui-dir'))
  return right({
    port: port.right ?? 4242,
    host,
    data: text(raw('data')) ?? './flagport-data',
    databaseUrl: text(raw('database-url')),
    storeName: text(raw('store')) ?? 'default',
    adminTokens: tokens,
    adminPassword: text(raw('admin-password')),
    // With port 0 the port is known once listening: the server's own URL then (serve.ts).
    url: text(raw('url')) ?? (port.right === 0 ? undefined : `http://${host.includes(':') ? `[${host}]` : host}:${port.right ?? 4242}${basePath}`),
    basePath,
    ui: uiFlag || uiDir !== undefined,
    uiDir,
    uiCache: text(raw('ui-cache')) ?? defaultUiCache(env),
    uiVersion,
    createUserMaxPerMinute: createUser.right,
    headersTimeoutMs: headers.right,
    log,
  })
}

/** The lines of `--help` for a table of options. */
export const optionLines = (specs: readonly OptionSpec[]): string[] => {
  const width = Math.max(...specs.map((s) => `--${s.flag}${s.type === 'string' ? ' V' : ''}`.length)) + 2
  return specs.map((s) => {
    const flag = `--${s.flag}${s.type === 'string' ? ' V' : ''}`.padEnd(width)
    return `  ${flag}${s.about}\n  ${''.padEnd(width)}[${s.env.join(' or ')}; default ${s.shown}]`
  })
}
