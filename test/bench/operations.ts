/**
 * The in-process operations, defined once: `npm run bench` times each as a row
 * (inprocess.ts) and `npm run bench:compare` times each in two builds side by side
 * (compare.ts). They use only the public facade, so a baseline build runs them too, and find
 * their targets (strategy ids) by reading the store, not by assuming how it was seeded.
 */
import type { AdminApi } from '../../src/index.js'
import { featureName } from './fixtures.js'
import type { MeasureOptions } from './measure.js'

/** What the operations of one store share: how many features `update feature` has updated. */
export interface Session {
  updated: number
}

export interface InProcessOperation {
  readonly name: string
  /** The `npm run bench` row's options, given its usual measured seconds. */
  readonly measure?: (seconds: number) => MeasureOptions
  /** Readies the store for the row (untimed) and gives the timed call; a call resolves to the facade's Either. */
  readonly prepare: (api: AdminApi, size: number, session: Session) => Promise<(i: number) => Promise<unknown>>
}

const pickIndex = (i: number, size: number) => (i * 7919) % size

/** Each feature's first strategy in development, read from an export. */
const firstStrategies = async (api: AdminApi): Promise<Map<string, string>> => {
  const exported = await api.batch.exportFeatures({ params: {}, body: { environment: 'development', features: [] } })
  if (exported._tag === 'Left') throw new Error(`cannot read the strategies: ${JSON.stringify(exported.left)}`)
  const first = new Map<string, string>()
  for (const s of exported.right.body.featureStrategies) if (!first.has(s.featureName)) first.set(s.featureName, s.id)
  return first
}

const updateFeature = (api: AdminApi, feature: string, i: number) =>
  api.features.update({ params: { projectId: 'default', featureName: feature }, body: { description: `bench ${i}` } })

export const IN_PROCESS_OPERATIONS: readonly InProcessOperation[] = [
  {
    // A new description each time: every call is a real change, with its event and commit.
    // It warms up longer in a row: its calls are the first to run most of the write path, and
    // with the usual warm-up its first round still timed V8 compiling it.
    name: 'update feature',
    measure: (seconds) => ({ seconds, warmupSeconds: 1 }),
    prepare: async (api, size, session) => (i) => {
      session.updated = Math.max(session.updated, i + 1)
      return updateFeature(api, featureName(pickIndex(i, size)), i)
    },
  },
  {
    // The floor under that row: the same call on a feature it already updated (the caller is
    // its latest collaborator), sending what the feature holds, so nothing changes: no event,
    // no commit. Run alone, it first updates the features it will pick.
    name: 'update feature, nothing changed',
    prepare: async (api, size, session) => {
      if (session.updated === 0) {
        session.updated = Math.min(size, 1000)
        for (let i = 0; i < session.updated; i++) await updateFeature(api, featureName(pickIndex(i, size)), i)
      }
      return (i) => api.features.update({ params: { projectId: 'default', featureName: featureName(pickIndex(i % session.updated, size)) }, body: { type: 'release' } })
    },
  },
  {
    name: 'set strategy sort order',
    prepare: async (api, size) => {
      const strategies = await firstStrategies(api)
      return (i) => {
        const feature = featureName(pickIndex(i, size))
        return api.strategies.setSortOrder({ params: { projectId: 'default', featureName: feature, environment: 'development' }, body: [{ id: strategies.get(feature)!, sortOrder: i }] })
      }
    },
  },
  {
    name: 'bulk tag 100 features',
    prepare: async (api, size) => (i) => {
      const start = (i * 100) % Math.max(1, size - 100)
      const features = Array.from({ length: Math.min(100, size) }, (_, k) => featureName(start + k))
      const [add, remove] = i % 2 === 0 ? ['bench-even', 'bench-odd'] : ['bench-odd', 'bench-even']
      return api.featureTags.bulkUpdate({ params: { projectId: 'default' }, body: { features, tags: { addedTags: [{ value: add! }], removedTags: [{ value: remove! }] } } })
    },
  },
  {
    name: 'get tag',
    prepare: async (api) => () => api.tags.get({ params: { type: 'simple', value: 'team-a' } }),
  },
  {
    name: 'list users (50)',
    prepare: async (api) => {
      for (let u = 0; u < 50; u++) await api.users.create({ params: {}, body: { email: `seed-${u}@example.com`, rootRole: 2 } })
      return () => api.users.list({ params: {} })
    },
  },
  {
    name: 'ui config',
    prepare: async (api) => () => api.instance.uiConfig({ params: {} }),
  },
  {
    name: 'export 100 features',
    prepare: async (api, size) => {
      const hundred = Array.from({ length: Math.min(100, size) }, (_, k) => featureName(k))
      return () => api.batch.exportFeatures({ params: {}, body: { environment: 'development', features: hundred } })
    },
  },
  {
    name: 'export all features',
    measure: (seconds) => ({ seconds: Math.min(seconds, 3), warmupSeconds: 0 }),
    prepare: async (api) => () => api.batch.exportFeatures({ params: {}, body: { environment: 'development', features: [] } }),
  },
  {
    name: 'create project',
    prepare: async (api) => (i) => api.projects.create({ params: {}, body: { name: `Bench project ${i}` } }),
  },
  {
    name: 'create user',
    prepare: async (api) => (i) => api.users.create({ params: {}, body: { email: `bench-${i}@example.com`, rootRole: 3 } }),
  },
]

/** Throws unless `result` is a Right: a figure must not time a refusal. */
export const mustSucceed = (operation: string) => (result: unknown) => {
  const r = result as { _tag: string; left?: unknown }
  if (r._tag === 'Left') throw new Error(`${operation} failed: ${JSON.stringify(r.left)}`)
}
