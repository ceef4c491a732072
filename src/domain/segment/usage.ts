import { lookup } from '../../model/dict.js'
import type { FeatureState } from '../../model/state.js'
import type { DefaultStrategy, Strategy } from '../../model/strategy.js'
import type { ReadState } from '../../store/tx.js'

/**
 * The committed state the current step of the transaction stands on: where the transaction
 * began, or what the steps before made, in a transaction of many (`runAll`). Whole-store
 * scans read it rather than the working state: a committed value's scans are kept.
 */
export { stateBefore } from '../../store/tx.js'

export interface StrategyUse {
  readonly feature: FeatureState
  readonly environment: string
  readonly strategy: Strategy
}

/** Every strategy of every feature (archived ones included) in every environment. */
export function* allStrategies(state: ReadState): Generator<StrategyUse> {
  for (const feature of state.features.rows()) {
    for (const environment of Object.keys(feature.environments)) {
      for (const strategy of lookup(feature.environments, environment)!.strategies) yield { feature, environment, strategy }
    }
  }
}

export interface DefaultStrategyUse {
  readonly project: string
  readonly environment: string
  readonly strategy: DefaultStrategy
}

/** Every project environment's default strategy: they name segments and context fields too. */
export function* allDefaultStrategies(state: ReadState): Generator<DefaultStrategyUse> {
  for (const project of state.projects.rows()) {
    const defaults = project.defaultStrategies
    if (defaults !== undefined) for (const environment of Object.keys(defaults)) yield { project: project.id, environment, strategy: defaults[environment]! }
  }
}

export const describeDefaultUse = (use: DefaultStrategyUse): string => `the default strategy of project "${use.project}" in environment "${use.environment}"`

/** The projects' default strategies that use a segment. */
export const defaultsUsingSegment = (state: ReadState, id: number): DefaultStrategyUse[] =>
  [...allDefaultStrategies(state)].filter((use) => use.strategy.segments.includes(id))

/** The strategies that use a segment. */
export const strategiesUsingSegment = (state: ReadState, id: number): StrategyUse[] =>
  [...allStrategies(state)].filter((use) => use.strategy.segments.includes(id))

export const describeUse = (use: StrategyUse): string =>
  `strategy ${use.strategy.id} of feature "${use.feature.name}" in environment "${use.environment}"`

/** How many live projects and features use something: Unleash's `usedInProjects` and `usedInFeatures`. */
export interface UsageCount {
  readonly usedInProjects: number
  readonly usedInFeatures: number
}

/** What `usageOf` counts: each segment's and context field's use. */
export interface Usage {
  readonly segments: ReadonlyMap<number, UsageCount>
  readonly contextFields: ReadonlyMap<string, UsageCount>
}

const NOT_USED: UsageCount = Object.freeze({ usedInProjects: 0, usedInFeatures: 0 })

/** The distinct projects and features found using one thing. */
type Users = { readonly projects: Set<string>; readonly features: Set<string> }

/**
 * What Unleash counts for its segment and context-field lists: the distinct projects and
 * features whose strategies use a segment, or name a context field in a constraint; archived
 * features are left out, as in Unleash. One pass over the features for both lists; it depends
 * on the features table only, so a facade keeps it by that table (src/api/answer-cache.ts).
 */
export const usageOf = (state: ReadState): Usage => {
  const segments = new Map<number, Users>()
  const fields = new Map<string, Users>()
  const note = <K>(map: Map<K, Users>, key: K, feature: FeatureState): void => {
    let entry = map.get(key)
    if (entry === undefined) map.set(key, (entry = { projects: new Set(), features: new Set() }))
    entry.projects.add(feature.project)
    entry.features.add(feature.name)
  }
  for (const { feature, strategy } of allStrategies(state)) {
    if (feature.archived) continue
    for (const id of strategy.segments) note(segments, id, feature)
    for (const c of strategy.constraints) note(fields, c.contextName, feature)
  }
  const counted = <K>(map: Map<K, Users>): Map<K, UsageCount> =>
    new Map([...map].map(([key, { projects, features }]) => [key, { usedInProjects: projects.size, usedInFeatures: features.size }]))
  return { segments: counted(segments), contextFields: counted(fields) }
}

export const segmentUsage = (usage: Usage, id: number): UsageCount => usage.segments.get(id) ?? NOT_USED

export const contextFieldUsage = (usage: Usage, name: string): UsageCount => usage.contextFields.get(name) ?? NOT_USED
