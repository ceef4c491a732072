import { bind, type Run } from '../methods.js'
import * as s from '../operations/strategies.js'

/** Activation strategies of a feature environment, and operation 2. */
export const strategyMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(s.listStrategiesOp),
    get: m(s.getStrategyOp),
    add: m(s.addStrategyOp),
    update: m(s.updateStrategyOp),
    patch: m(s.patchStrategyOp),
    delete: m(s.deleteStrategyOp),
    setSortOrder: m(s.setSortOrderOp),
    validateConstraint: m(s.validateConstraintOp),
  }
}
