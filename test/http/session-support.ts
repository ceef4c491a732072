import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { sessionAuth } from '../../adapters/auth/sessions.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import type { AdminApiConfig } from '../../src/api/config.js'
import { createHttpHandler } from '../../src/http/handler.js'
import type { HttpHandlerOptions, HttpRequest, HttpResponse } from '../../src/http/messages.js'
import { fixedClock } from '../../src/ports/clock.js'
import { sequentialIds } from '../../src/ports/ids.js'
import { recorded } from '../support/openapi.js'
import { TEST_HASH_COST } from '../support/api.js'
import type { StoragePort } from '../../src/ports/storage.js'
import type { EmailPort } from '../../src/ports/email.js'
import type { LoggerPort } from '../../src/ports/logger.js'

export const ADMIN_TOKEN = '*:*.session-test-admin'
export const GOOD_PASSWORD = 'Correct-Horse-7'

/** The admin API with tokens and sessions, as the server wires it, over `storage` (default: a fresh memory store). */
export const serveWithSessions = async (
  options: { storage?: StoragePort; clock?: ReturnType<typeof fixedClock>; config?: AdminApiConfig; http?: HttpHandlerOptions; email?: EmailPort; logger?: LoggerPort } = {},
) => {
  const clock = options.clock ?? fixedClock('2026-01-01T00:00:00.000Z')
  const storage = options.storage ?? createMemoryStorage()
  const api = await createAdminApi({
    storage,
    auth: sessionAuth(tokenAuth({ adminTokens: [ADMIN_TOKEN], clock }), { clock }),
    clock,
    ids: sequentialIds(),
    config: { passwordHashCost: TEST_HASH_COST, ...options.config },
    ...(options.email ? { email: options.email } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  })
  // Every answer is held to the OpenAPI document: a call whose answer does not match it throws.
  const held = recorded(createHttpHandler(api, { clock, ...options.http }), options.http)
  const handler = held.handler
  const call = async (method: string, path: string, sent: { body?: unknown; headers?: Record<string, string>; secure?: boolean; remoteAddress?: string } = {}) => {
    const request: HttpRequest = {
      method,
      path,
      headers: { ...(sent.body !== undefined ? { 'content-type': 'application/json' } : {}), ...sent.headers },
      ...(sent.body !== undefined ? { body: JSON.stringify(sent.body) } : {}),
      ...(sent.secure ? { secure: true } : {}),
      remoteAddress: sent.remoteAddress ?? '127.0.0.1',
    }
    const response: HttpResponse = await handler(request)
    held.check()
    let json: any // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = response.body ? JSON.parse(response.body) : undefined
    } catch {
      json = undefined // a 429 is text, as Unleash's limiter sends it
    }
    return { ...response, json }
  }
  const asAdmin = { authorization: ADMIN_TOKEN }
  /** Creates a user with a password and root role through the API. */
  const base = options.http?.basePath ?? ''
  const createUser = async (username: string, rootRole: string, password = GOOD_PASSWORD) =>
    (await call('POST', `${base}/api/admin/user-admin`, { headers: asAdmin, body: { username, rootRole, password } })).json as { id: number }
  const login = (username: string, password: string, extra: { secure?: boolean; remoteAddress?: string } = {}) =>
    call('POST', `${base}/auth/simple/login`, { body: { username, password }, ...extra })
  return { api, clock, storage, handler, call, asAdmin, createUser, login }
}

/** The session cookie a login set, as a Cookie header sends it back. */
export const cookieOf = (response: HttpResponse): string => {
  const set = response.headers['set-cookie'] ?? ''
  return set.slice(0, set.indexOf(';'))
}
