import { bind, type Run } from '../methods.js'
import * as s from '../operations/segments.js'
import { setStrategySegmentsOp } from '../operations/strategy-segments.js'

/** Segments: named constraints that strategies share by id. */
export const segmentMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(s.listSegmentsOp),
    get: m(s.getSegmentOp),
    create: m(s.createSegmentOp),
    update: m(s.updateSegmentOp),
    delete: m(s.deleteSegmentOp),
    validateName: m(s.validateSegmentNameOp),
    strategies: m(s.segmentStrategiesOp),
    ofStrategy: m(s.strategySegmentsOp),
    setOfStrategy: m(setStrategySegmentsOp),
  }
}
