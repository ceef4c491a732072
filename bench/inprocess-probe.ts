import { createAdminApi } from '../src/api/admin-api.js'
import { createMemoryStorage } from '../adapters/storage/memory.js'
import { openAuth } from '../adapters/auth/open.js'
import { buildState, featureName } from './fixtures.js'
import { measure, printTable } from './measure.js'

const rows = []
for (const n of [1000, 10000, 100000]) {
  const state = buildState(n)
  const api = await createAdminApi({ storage: createMemoryStorage({ state, version: 1 }), auth: openAuth(), config: { resourceLimits: { featureFlags: 1_000_000 } } })
  rows.push(await measure('in-process memory', 'update feature', n, (i) => api.features.update({ params: { projectId: 'default', featureName: featureName(i % n) }, body: { stale: i % 2 === 0 } })))
  rows.push(await measure('in-process memory', 'set sort order', n, (i) => api.strategies.setSortOrder({ params: { projectId: 'default', featureName: featureName(i % n), environment: 'development' }, body: [{ id: `development-${i % n}-1`, sortOrder: i }] })))
}
printTable(rows)
