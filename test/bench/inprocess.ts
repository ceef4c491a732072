import { openAuth } from '../../adapters/auth/open.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { buildState } from './fixtures.js'
import { measure, type Row } from './measure.js'
import { IN_PROCESS_OPERATIONS, mustSucceed, type Session } from './operations.js'
import type { BenchStore } from './stores.js'
import type { State } from '../../src/model/state.js'

export const LIMITS = { featureFlags: 10_000_000, projects: 10_000_000, apiTokens: 10_000_000 }

/** Every in-process row for one kind of store and one store size. */
export const inProcessRows = async (open: (state: State) => Promise<BenchStore>, size: number, seconds: number): Promise<Row[]> => {
  const store = await open(buildState(size))
  const api = await createAdminApi({ storage: store.storage, auth: openAuth(), config: { resourceLimits: LIMITS } })
  const section = `in-process ${store.name}`
  const rows: Row[] = []
  const session: Session = { updated: 0 }
  for (const operation of IN_PROCESS_OPERATIONS) {
    const call = await operation.prepare(api, size, session)
    rows.push(await measure(section, operation.name, size, call, operation.measure?.(seconds) ?? { seconds }, mustSucceed(operation.name)))
  }
  await store.dispose()
  return rows
}
