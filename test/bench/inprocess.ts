import { openAuth } from '../../adapters/auth/open.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { buildState, featureName } from './fixtures.js'
import { measure, type MeasureOptions, type Row } from './measure.js'
import type { BenchStore } from './stores.js'
import type { State } from '../../src/model/state.js'

const LIMITS = { featureFlags: 10_000_000, projects: 10_000_000, apiTokens: 10_000_000 }

/** Every in-process row for one kind of store and one store size. */
export const inProcessRows = async (open: (state: State) => Promise<BenchStore>, size: number, seconds: number): Promise<Row[]> => {
  const store = await open(buildState(size))
  const api = await createAdminApi({ storage: store.storage, auth: openAuth(), config: { resourceLimits: LIMITS } })
  const section = `in-process ${store.name}`
  const rows: Row[] = []
  const run = async (operation: string, op: (i: number) => Promise<unknown>, options: MeasureOptions = {}) => {
    // Each call must succeed, or the figure would measure a refusal.
    const succeeded = (result: unknown) => {
      const r = result as { _tag: string; left?: unknown }
      if (r._tag === 'Left') throw new Error(`${operation} failed: ${JSON.stringify(r.left)}`)
    }
    rows.push(await measure(section, operation, size, op, { seconds, ...options }, succeeded))
  }
  const pick = (i: number) => featureName((i * 7919) % size)

  // A new description each time: every call is a real change, with its event and commit.
  let updated = 0
  // The section's first row warms up longer: its calls are the first to run most of the write
  // path, and with the usual warm-up its first round still timed V8 compiling it.
  await run(
    'update feature',
    (i) => {
      updated = Math.max(updated, i + 1)
      return api.features.update({ params: { projectId: 'default', featureName: pick(i) }, body: { description: `bench ${i}` } })
    },
    { warmupSeconds: 1 },
  )
  // The floor under that row: the same call on a feature it already updated (the caller is its
  // latest collaborator), sending what the feature holds, so nothing changes: no event, no commit.
  await run('update feature, nothing changed', (i) =>
    api.features.update({ params: { projectId: 'default', featureName: pick(i % updated) }, body: { type: 'release' } }),
  )
  await run('set strategy sort order', (i) =>
    api.strategies.setSortOrder({ params: { projectId: 'default', featureName: pick(i), environment: 'development' }, body: [{ id: `development-${(i * 7919) % size}-1`, sortOrder: i }] }),
  )
  await run('bulk tag 100 features', (i) => {
    const start = (i * 100) % Math.max(1, size - 100)
    const features = Array.from({ length: Math.min(100, size) }, (_, k) => featureName(start + k))
    const [add, remove] = i % 2 === 0 ? ['bench-even', 'bench-odd'] : ['bench-odd', 'bench-even']
    return api.featureTags.bulkUpdate({ params: { projectId: 'default' }, body: { features, tags: { addedTags: [{ value: add }], removedTags: [{ value: remove }] } } })
  })
  await run('get tag', () => api.tags.get({ params: { type: 'simple', value: 'team-a' } }))
  for (let u = 0; u < 50; u++) await api.users.create({ params: {}, body: { email: `seed-${u}@example.com`, rootRole: 2 } })
  await run('list users (50)', () => api.users.list({ params: {} }))
  await run('ui config', () => api.instance.uiConfig({ params: {} }))
  const hundred = Array.from({ length: Math.min(100, size) }, (_, k) => featureName(k))
  await run('export 100 features', () => api.batch.exportFeatures({ params: {}, body: { environment: 'development', features: hundred } }))
  await run('export all features', () => api.batch.exportFeatures({ params: {}, body: { environment: 'development', features: [] } }), { seconds: Math.min(seconds, 3), warmupSeconds: 0 })
  await run('create project', (i) => api.projects.create({ params: {}, body: { name: `Bench project ${i}` } }))
  await run('create user', (i) => api.users.create({ params: {}, body: { email: `bench-${i}@example.com`, rootRole: 3 } }))
  await store.dispose()
  return rows
}
