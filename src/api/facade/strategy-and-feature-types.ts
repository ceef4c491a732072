import { bind, type Run } from '../methods.js'
import * as types from '../operations/strategy-and-feature-types.js'

/** What a strategy and a feature may be: the strategy types and the feature types, as Unleash lists them. */
export const typeMethods = (run: Run) => {
  const m = bind(run)
  return {
    strategyTypes: m(types.listStrategyTypesOp),
    strategyType: m(types.getStrategyTypeOp),
    createStrategyType: m(types.createStrategyTypeOp),
    updateStrategyType: m(types.updateStrategyTypeOp),
    deleteStrategyType: m(types.deleteStrategyTypeOp),
    deprecateStrategyType: m(types.setStrategyTypeDeprecatedOp(true)),
    reactivateStrategyType: m(types.setStrategyTypeDeprecatedOp(false)),
    featureTypes: m(types.listFeatureTypesOp),
    setFeatureTypeLifetime: m(types.setFeatureTypeLifetimeOp),
  }
}
