import { dictFrom } from '../../src/model/dict.js'
import type { FeatureState, State } from '../../src/model/state.js'
import { setRow, tableFrom } from '../../src/store/table.js'
import { initialState } from '../../src/domain/seed.js'
import { tagKey } from '../../src/model/state.js'

const NOW = '2026-01-01T00:00:00.000Z'
export const featureName = (i: number) => `feature-${String(i).padStart(6, '0')}`
const TEAMS = ['team-a', 'team-b', 'team-c', 'team-d']

/** A feature of the benchmark's shape: strategies in two environments, constraints, variants, tags. */
const feature = (i: number): FeatureState => {
  const name = featureName(i)
  const env = (environment: string, enabled: boolean) => ({
    enabled,
    lastSeenAt: null,
    strategies: [
      {
        id: `${environment}-${i}-1`,
        name: 'flexibleRollout',
        title: null,
        disabled: false,
        featureName: name,
        sortOrder: 0,
        segments: [],
        constraints: [{ contextName: 'userId', operator: 'IN' as const, values: ['1', '2', '3'], caseInsensitive: false, inverted: false }],
        variants: [],
        parameters: dictFrom([['rollout', '50'], ['stickiness', 'default'], ['groupId', name]]),
      },
      {
        id: `${environment}-${i}-2`,
        name: 'default',
        title: null,
        disabled: false,
        featureName: name,
        sortOrder: 1,
        segments: [],
        constraints: [{ contextName: 'appName', operator: 'STR_STARTS_WITH' as const, values: ['web'], caseInsensitive: true, inverted: false }],
        variants: [],
        parameters: dictFrom<string>([]),
      },
    ],
    variants: [
      { name: 'control', weight: 500, weightType: 'variable' as const, stickiness: 'default', overrides: [] },
      { name: 'treatment', weight: 500, weightType: 'variable' as const, stickiness: 'default', overrides: [] },
    ],
  })
  return {
    name,
    project: 'default',
    type: 'release',
    description: `Benchmark feature ${i}`,
    stale: false,
    impressionData: false,
    archived: false,
    archivedAt: null,
    createdAt: NOW,
    createdByUserId: -1337,
    lifecycle: { stage: 'initial', enteredStageAt: NOW },
    environments: dictFrom([
      ['development', env('development', true)],
      ['production', env('production', i % 2 === 0)],
    ]),
    tags: [{ type: 'simple', value: TEAMS[i % TEAMS.length]! }],
    dependencies: [],
    children: [],
    collaborators: [-1337],
  }
}

/** A seeded state holding `n` features of the benchmark's shape (built directly: fast). */
export const buildState = (n: number): State => {
  const base = initialState('bench-instance', NOW)
  const features = tableFrom<FeatureState>([])
  for (let i = 0; i < n; i++) setRow(features, featureName(i), feature(i))
  const tags = tableFrom(TEAMS.map((value) => [tagKey('simple', value), { type: 'simple', value }] as const))
  return { ...base, features, tags, liveFeatures: dictFrom([['default', n]]) }
}
