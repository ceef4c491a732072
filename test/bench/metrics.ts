import { tokenAuth } from '../../adapters/auth/api-tokens.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { internalsOf } from '../../src/api/internals.js'
import { createHttpHandler } from '../../src/http/handler.js'
import type { HttpRequest } from '../../src/http/messages.js'
import { measure, type Row } from './measure.js'

const ADMIN = '*:*.bench-admin'
const FLAGS = 100
const APPS = 10

/**
 * One SDK metrics report (100 flags) over the in-process handler: its cost, and the store
 * commits it makes (the target: none of its own; one write per interval). Then what the
 * stored usage costs per hour: 100 flags reported by 10 applications in 2 environments.
 */
export const metricsRows = async (seconds: number): Promise<Row[]> => {
  const storage = createMemoryStorage()
  const api = await createAdminApi({ storage, auth: tokenAuth({ adminTokens: [ADMIN] }) })
  const handler = createHttpHandler(api, { rateLimiting: false, onError: () => undefined })
  const call = (path: string, body: unknown, authorization = ADMIN) =>
    handler({ method: 'POST', path, headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body), remoteAddress: '127.0.0.1' } as HttpRequest)
  const names = Array.from({ length: FLAGS }, (_, i) => `flag-${i}`)
  for (const name of names) await call('/api/admin/projects/default/features', { name })
  const tokens: string[] = []
  for (const environment of ['development', 'production']) {
    const answer = await call('/api/admin/api-tokens', { tokenName: `sdk-${environment}`, type: 'client', environment, projects: ['*'] })
    tokens.push((JSON.parse(answer.body ?? '{}') as { secret: string }).secret)
  }
  const toggles = Object.fromEntries(names.map((n) => [n, { yes: 7, no: 3, variants: {} }]))
  const report = (i: number) => {
    const now = new Date().toISOString()
    return { appName: `app-${i % APPS}`, instanceId: `i-${i % APPS}`, bucket: { start: now, stop: now, toggles } }
  }
  const before = storage.head().version
  let reports = 0
  const row = await measure('metrics', `SDK report of ${FLAGS} flags`, FLAGS, async (i) => {
    reports++
    const answer = await call('/api/client/metrics', report(i), tokens[i % 2]!)
    if (answer.status !== 202) throw new Error(`a report answered ${answer.status}`)
  }, { seconds })
  const commits = storage.head().version - before
  await api.flushMetrics()
  const state = internalsOf(api).storage.head().state!
  let bytes = 0
  for (const [table, rows] of [['usageCounts', state.usageCounts.rows()], ['usageApplications', state.usageApplications.rows()]] as const) for (const r of rows) bytes += JSON.stringify(r).length + table.length + 40
  const rows = state.usageCounts.size + state.usageApplications.size
  return [
    { ...row, note: `${commits} commits for ${reports} reports (at most one per 30 s interval)` },
    { section: 'metrics', operation: `stored usage per hour (${FLAGS} flags × ${APPS} apps × 2 envs)`, storeSize: FLAGS, note: `${rows} rows, ${(bytes / 1024).toFixed(0)} KiB as JSON; ≤ 120 commits an hour (one per 30 s)` },
  ]
}
