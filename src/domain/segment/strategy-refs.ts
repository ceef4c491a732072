import type { StrategyRef } from '../../model/segment.js'
import { type StrategyUse, allStrategies } from './usage.js'
import type { ReadState } from '../../store/tx.js'

/*
 * The lists of strategies Unleash's UI shows for a segment and for a context field (what would
 * stop deleting them), and the segments of one strategy.
 */

const byPlace = (a: StrategyRef, b: StrategyRef): number =>
  a.projectId.localeCompare(b.projectId) || a.featureName.localeCompare(b.featureName) || a.environment.localeCompare(b.environment)

const refOf = (use: StrategyUse): StrategyRef => ({
  id: use.strategy.id,
  projectId: use.feature.project,
  featureName: use.feature.name,
  strategyName: use.strategy.name,
  environment: use.environment,
})

/** The strategies (archived features' too, as in Unleash) that `keep` picks, by project, feature and environment, each in its order there. */
export const strategyRefs = (state: ReadState, keep: (use: StrategyUse) => boolean): StrategyRef[] => {
  const refs: StrategyRef[] = []
  for (const use of allStrategies(state)) if (keep(use)) refs.push(refOf(use))
  // Sorted stably: strategies of one environment keep their sortOrder.
  return refs.sort(byPlace)
}

/** The strategies that use a segment. */
export const strategiesWithSegment = (state: ReadState, id: number): StrategyRef[] => strategyRefs(state, (use) => use.strategy.segments.includes(id))

/** The strategies with a constraint on a context field (Unleash looks at constraints only). */
export const strategiesWithContextField = (state: ReadState, name: string): StrategyRef[] =>
  strategyRefs(state, (use) => use.strategy.constraints.some((c) => c.contextName === name))

/** The segment ids of the strategy with that id, wherever it is; none for no such strategy. */
export const segmentIdsOfStrategy = (state: ReadState, strategyId: string): readonly number[] => {
  for (const use of allStrategies(state)) if (use.strategy.id === strategyId) return use.strategy.segments
  return []
}
