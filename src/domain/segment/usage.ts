import type { Draft } from 'immer'
import { lookup } from '../../model/dict.js'
import type { FeatureState, State } from '../../model/state.js'
import { committedState } from '../../model/transaction.js'
import type { Strategy } from '../../model/strategy.js'
import { rows } from '../../model/table.js'

/**
 * The state as it was when the transaction began. Whole-store scans read it rather than the
 * draft: it is the committed state, whose rows are plain objects, whatever the transaction changed.
 */
export const stateBefore = (draft: Draft<State>): State => committedState(draft as State)

export interface StrategyUse {
  readonly feature: FeatureState
  readonly environment: string
  readonly strategy: Strategy
}

/** Every strategy of every feature (archived ones included) in every environment. */
export function* allStrategies(state: State): Generator<StrategyUse> {
  for (const feature of rows(state.features)) {
    for (const environment of Object.keys(feature.environments)) {
      for (const strategy of lookup(feature.environments, environment)!.strategies) yield { feature, environment, strategy }
    }
  }
}

/** The strategies that use a segment. */
export const strategiesUsingSegment = (state: State, id: number): StrategyUse[] =>
  [...allStrategies(state)].filter((use) => use.strategy.segments.includes(id))

export const describeUse = (use: StrategyUse): string =>
  `strategy ${use.strategy.id} of feature "${use.feature.name}" in environment "${use.environment}"`
