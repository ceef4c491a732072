import type { StorageFailure } from '../../../src/storage/index.js'

/** Why a PostgreSQL store could not be opened; `reason` says what to repair. */
export interface PostgresOpenError {
  readonly _tag: 'PostgresOpenError'
  readonly reason: OpenFailureReason
  /** For an operator: what failed and the server's own words; no password. */
  readonly message: string
  /** The server's SQLSTATE or the system's error code, when there is one. */
  readonly code?: string
  readonly cause?: unknown
}

export type OpenFailureReason =
  /** The connection string does not parse as a postgres:// URL. */
  | 'bad-url'
  /** No server answers at that address (refused, unknown host, timed out, starting up). */
  | 'unreachable'
  /** The server refused the user or password. */
  | 'authentication'
  /** The database in the URL does not exist. */
  | 'no-database'
  /** The user may not create or read the store's tables. */
  | 'permission'
  /** The tables were made by a newer flagport: this code does not know their shape. */
  | 'schema-too-new'
  /** `synchronous_commit` is off: an acknowledged commit could be lost in a crash. */
  | 'synchronous-commit-off'
  /** The stored commits or snapshot do not decode. */
  | 'corrupt'
  | 'other'

export const openError = (reason: OpenFailureReason, message: string, cause?: unknown, code?: string): PostgresOpenError => ({
  _tag: 'PostgresOpenError',
  reason,
  message,
  ...(code === undefined ? {} : { code }),
  ...(cause === undefined ? {} : { cause }),
})

const codeOf = (e: unknown): string | undefined => {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', '57P03'])

/** An error from the driver while opening, named by what the operator must fix. */
export const classifyOpenError = (e: unknown): PostgresOpenError => {
  const code = codeOf(e)
  const said = e instanceof Error ? e.message : String(e)
  if (code === '28P01' || code === '28000') return openError('authentication', `PostgreSQL refused the credentials: ${said}`, e, code)
  if (code === '3D000') return openError('no-database', `The database does not exist: ${said}`, e, code)
  if (code === '42501') return openError('permission', `The user lacks a right the store needs: ${said}`, e, code)
  if ((code !== undefined && UNREACHABLE.has(code)) || /timeout|terminated|connect/i.test(said)) {
    return openError('unreachable', `PostgreSQL could not be reached: ${said}`, e, code)
  }
  return openError('other', `PostgreSQL refused to open the store: ${said}`, e, code)
}

/** A failure of a running store: the client reads `message`, the operator `detail`. */
export const storageFailure = (message: string, e?: unknown): StorageFailure => ({
  _tag: 'StorageFailure',
  message,
  ...(e === undefined ? {} : { detail: `${codeOf(e) ?? ''} ${e instanceof Error ? e.message : String(e)}`.trim(), cause: e }),
})
