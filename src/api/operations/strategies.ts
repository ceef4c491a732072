import * as E from 'fp-ts/lib/Either.js'
import { featureEnvironment } from '../../domain/feature/lookup.js'
import { copyStrategy } from '../../domain/feature/render.js'
import { addStrategy, deleteStrategy, patchStrategy, setSortOrder, updateStrategy } from '../../domain/feature/strategies.js'
import { type ErrorDetail, notFound, validationError } from '../../domain/errors.js'
import { checkConstraint } from '../../domain/feature/validate-strategy.js'
import { ConstraintInput } from '../../model/constraint.js'
import { JsonPatch } from '../../model/json-patch.js'
import { lookup } from '../../model/dict.js'
import { type ListedStrategy, SetSortOrderBody, type Strategy, StrategyBody } from '../../model/strategy.js'
import type { State } from '../../model/state.js'
import { read, write } from '../operation.js'
import { EnvironmentParams, NoParams, StrategyParams } from '../../model/params.js'


const scope = (p: EnvironmentParams) => ({ project: p.projectId, environment: p.environment })

const strategyOf = (p: EnvironmentParams) => (id: string) => (next: State): Strategy =>
  copyStrategy(lookup(next.features.get(p.featureName)!.environments, p.environment)!.strategies.find((s) => s.id === id)!)

export const listStrategiesOp = read({
  params: EnvironmentParams,
  requirement: 'NONE',
  run: (state, { params }) =>
    E.map((env: { strategies: readonly Strategy[] }) => env.strategies.map((s): ListedStrategy => ({ ...copyStrategy(s), milestoneId: null })))(featureEnvironment(state, params.projectId, params.featureName, params.environment)),
})

export const getStrategyOp = read({
  params: StrategyParams,
  requirement: 'NONE',
  run: (state, { params }) =>
    E.chain((env: { strategies: readonly Strategy[] }) => {
      const found = env.strategies.find((s) => s.id === params.strategyId)
      return found ? E.right(copyStrategy(found)) : E.left(notFound(`Could not find strategy with id: ${params.strategyId}`)) // Unleash's words on a read
    })(featureEnvironment(state, params.projectId, params.featureName, params.environment)),
})

export const addStrategyOp = write({
  params: EnvironmentParams,
  requirement: 'CREATE_FEATURE_STRATEGY',
  scope,
  body: StrategyBody,
  run: (draft, { params, body, ctx }) => E.map(strategyOf(params))(addStrategy(draft, params, body, ctx)),
})

export const updateStrategyOp = write({
  params: StrategyParams,
  requirement: 'UPDATE_FEATURE_STRATEGY',
  scope,
  body: StrategyBody,
  run: (draft, { params, body, ctx }) => E.map(strategyOf(params))(updateStrategy(draft, params, params.strategyId, body, ctx)),
})

/** A JSON Patch of a strategy, saved as `update` saves (Unleash: PATCH .../strategies/:strategyId). */
export const patchStrategyOp = write({
  params: StrategyParams,
  requirement: 'UPDATE_FEATURE_STRATEGY',
  scope,
  body: JsonPatch,
  run: (draft, { params, body, ctx }) => E.map(strategyOf(params))(patchStrategy(draft, params, params.strategyId, body, ctx)),
})

export const deleteStrategyOp = write({
  params: StrategyParams,
  requirement: 'DELETE_FEATURE_STRATEGY',
  scope,
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteStrategy(draft, params, params.strategyId, ctx)),
})

/** Operation 2. */
export const setSortOrderOp = write({
  params: EnvironmentParams,
  requirement: 'UPDATE_FEATURE_STRATEGY',
  scope,
  body: SetSortOrderBody,
  run: (draft, { params, body, ctx }) => E.map(() => () => undefined)(setSortOrder(draft, params, body, ctx)),
})

/**
 * A constraint checked as a strategy's or a segment's is (Unleash: POST
 * /api/admin/constraints/validate, 204): its operator's values, each problem at its path.
 * Its context field need not exist, as in Unleash.
 */
export const validateConstraintOp = read({
  params: NoParams,
  requirement: 'NONE',
  body: ConstraintInput,
  run: (_state, { body }) => {
    const problems: ErrorDetail[] = []
    checkConstraint(body, '/body', problems)
    return problems.length > 0 ? E.left(validationError(problems)) : E.right(undefined)
  },
})
