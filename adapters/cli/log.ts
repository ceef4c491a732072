/**
 * What `flagport serve` writes: in text, lines for a person; in json (`--log json`), one JSON
 * object a line on stdout, for a log collector: its messages, each request, each error.
 */
import { performance } from 'node:perf_hooks'
import type { HttpRequest, HttpResponse, PlainHandler } from '../../src/http/messages.js'
import type { LoggerPort } from '../../src/ports/logger.js'
import type { LogFormat } from './options.js'

export interface CliLog {
  /** Something a person starting the server reads (where it listens, the admin token ...). */
  info(message: string, fields?: Record<string, unknown>): void
  /** A fault; in text on stderr. */
  error(message: string, fields?: Record<string, unknown>): void
  /** One line per answered request in json; nothing in text. */
  readonly requests: boolean
  readonly format: LogFormat
}

const line = (level: string, message: string, fields: Record<string, unknown> = {}) =>
  `${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`

export const cliLog = (format: LogFormat, out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): CliLog =>
  format === 'json'
    ? {
        format,
        requests: true,
        info: (message, fields) => out.write(line('info', message, fields)),
        error: (message, fields) => out.write(line('error', message, fields)),
      }
    : {
        format,
        requests: false,
        info: (message) => out.write(`${message}\n`),
        error: (message, fields) => err.write(`flagport: ${message}${fields?.['stack'] ? `\n${String(fields['stack'])}` : ''}\n`),
      }

/** A segment that may be a secret: an API token (`project:environment.secret`, `*:*.secret`). */
const SECRET_SEGMENT = /^[^/]*:[^/]*\.[^/]+$/

/** The path as logged: no query (it may hold tokens), and token-like segments replaced. */
export const loggedPath = (path: string): string => {
  const pathname = path.split(/[?#]/, 1)[0] ?? ''
  return pathname
    .split('/')
    .map((segment) => {
      let decoded = segment
      try {
        decoded = decodeURIComponent(segment)
      } catch {
        // kept as sent
      }
      return SECRET_SEGMENT.test(decoded) ? '[redacted]' : segment
    })
    .join('/')
}

/** The handler, with a JSON line per answered request when the log asks for them. */
export const withRequestLog = (handler: PlainHandler, log: CliLog): PlainHandler => {
  if (!log.requests) return handler
  const logged = async (request: HttpRequest): Promise<HttpResponse> => {
    const started = performance.now()
    const response = await handler(request)
    log.info('request', {
      method: String(request.method).toUpperCase(),
      path: loggedPath(request.path),
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    })
    return response
  }
  return Object.assign(logged, handler.bodyLimit === undefined ? {} : { bodyLimit: handler.bodyLimit })
}

/** The handler's logger and `onError`, writing to the log. */
export const handlerLogging = (log: CliLog): { logger: LoggerPort; onError: (error: unknown, request: HttpRequest) => void } => ({
  logger: { error: (message) => log.error(message), warn: (message) => log.error(message, { level: 'warn' }) },
  onError: (error, request) =>
    log.error('a request failed on the server', {
      method: String(request.method).toUpperCase(),
      path: loggedPath(request.path),
      error: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    }),
})
