import * as E from 'fp-ts/lib/Either.js'
import type { JsonPatch } from '../../model/json-patch.js'
import { PatchedStrategy, type SetSortOrderBody, type Strategy, type StrategyBody } from '../../model/strategy.js'
import type { Ctx } from '../context.js'
import { decodeWith } from '../decode.js'
import { exceedsLimit, notFound, validationError, type ExceedsLimitError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { applyJsonPatch, blamed } from '../json-patch.js'
import { offWithoutEnabledStrategies } from './environment.js'
import { featureEnvironment, featureInProject, sortStrategies, touch } from './lookup.js'
import { copyStrategy } from './render.js'
import { build, type StrategyPath, unknownSegment } from './build-strategy.js'
import type { Editable, ReadState, Tx } from '../../store/tx.js'

/**
 * An archived feature's strategies are not changed (Unleash's ArchivedFeatureError, a 400,
 * answered as flagport's ValidationError): revived, it must come back as it was archived.
 */
const refuseArchived = (state: ReadState, path: StrategyPath): E.Either<ValidationError, void> =>
  state.features.get(path.featureName)?.archived
    ? E.left(validationError(`Cannot perform this operation on archived features: revive "${path.featureName}" before changing its strategies.`, '/params/featureName'))
    : E.right(undefined)

/** Adds a strategy; without a sortOrder it goes last (max + 1, or 0 for the first). */
export const addStrategy = (draft: Tx, path: StrategyPath, body: StrategyBody, ctx: Ctx): E.Either<ExceedsLimitError | NotFoundError | ValidationError, string> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  const archived = refuseArchived(draft, path)
  if (E.isLeft(archived)) return archived
  const unknown = unknownSegment(draft, body)
  if (unknown !== undefined) return E.left(unknown)
  const env = featureEnvironment(draft, path.projectId, path.featureName, path.environment)
  // Unleash's words for a strategy added in an environment the feature's project lacks.
  if (E.isLeft(env)) return E.left(validationError('You have not added the current environment to the project'))
  const strategies = env.right.strategies
  if (strategies.length >= ctx.limits.featureEnvironmentStrategies) {
    return E.left(exceedsLimit('strategy', ctx.limits.featureEnvironmentStrategies))
  }
  const sortOrder = body.sortOrder ?? (strategies.length === 0 ? 0 : Math.max(...strategies.map((s) => s.sortOrder)) + 1)
  const strategy = build(draft, path, body, ctx.uuid(), sortOrder, ctx)
  if (E.isLeft(strategy)) return strategy
  strategies.push(strategy.right as Editable<Strategy>)
  sortStrategies(strategies)
  touch(feature.right, ctx)
  recordEvent(draft, ctx, { type: 'feature-strategy-add', project: path.projectId, featureName: path.featureName, environment: path.environment, data: strategy.right })
  return E.right(strategy.right.id)
}

const strategyIndex = (strategies: readonly Strategy[], id: string): E.Either<(NotFoundError | ValidationError), number> => {
  const index = strategies.findIndex((s) => s.id === id)
  return index < 0
    ? E.left(notFound(`Could not find strategy with id=${id}`)) // Unleash's words on a change
    : E.right(index)
}

/**
 * Replaces a strategy, keeping its id and its sortOrder (a sortOrder sent is ignored, as
 * Unleash's update ignores it: `setSortOrder` moves strategies); an environment left with
 * every strategy disabled is turned off.
 */
export const updateStrategy = (draft: Tx, path: StrategyPath, id: string, body: StrategyBody, ctx: Ctx): E.Either<ExceedsLimitError | NotFoundError | ValidationError, string> => {
  const env = featureEnvironment(draft, path.projectId, path.featureName, path.environment)
  if (E.isLeft(env)) return env
  const archived = refuseArchived(draft, path)
  if (E.isLeft(archived)) return archived
  const index = strategyIndex(env.right.strategies as Strategy[], id)
  if (E.isLeft(index)) return index
  const before = env.right.strategies[index.right]! as Strategy
  const strategy = build(draft, path, body, id, before.sortOrder, ctx, before)
  if (E.isLeft(strategy)) return strategy
  env.right.strategies[index.right] = strategy.right as Editable<Strategy>
  sortStrategies(env.right.strategies)
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isRight(feature)) touch(feature.right, ctx)
  recordEvent(draft, ctx, { type: 'feature-strategy-update', project: path.projectId, featureName: path.featureName, environment: path.environment, data: strategy.right, preData: before })
  offWithoutEnabledStrategies(draft, path, env.right, ctx)
  return E.right(id)
}

/**
 * A JSON Patch of a strategy (Unleash: PATCH .../strategies/:strategyId): applied to the
 * strategy as it is read, checked as Unleash checks the result (no other properties), then
 * saved as a PUT saves it; `id` and `featureName` stay the strategy's own. Each problem is
 * placed at the operation that caused it.
 */
export const patchStrategy = (draft: Tx, path: StrategyPath, id: string, patch: JsonPatch, ctx: Ctx): E.Either<ExceedsLimitError | NotFoundError | ValidationError, string> => {
  const env = featureEnvironment(draft, path.projectId, path.featureName, path.environment)
  if (E.isLeft(env)) return env
  const archived = refuseArchived(draft, path)
  if (E.isLeft(archived)) return archived
  const index = strategyIndex(env.right.strategies as Strategy[], id)
  if (E.isLeft(index)) return index
  const what = 'The strategy'
  const patched = applyJsonPatch(copyStrategy(env.right.strategies[index.right] as Strategy), patch, what)
  if (E.isLeft(patched)) return E.left(validationError([patched.left]))
  const { document, writes } = patched.right
  const decoded = decodeWith(PatchedStrategy, '/body')(document)
  if (E.isLeft(decoded)) return E.left(validationError(blamed(decoded.left.details, writes, '/body', what)))
  const { id: _id, featureName: _featureName, ...fields } = decoded.right
  // The whole strategy is sent: a field the patch removed is cleared, not kept as a PUT keeps it.
  const body = { title: null, disabled: false, segments: [], ...fields }
  const updated = updateStrategy(draft, path, id, body, ctx)
  if (E.isLeft(updated) && updated.left._tag === 'ValidationError') return E.left(validationError(blamed(updated.left.details, writes, '/body', what)))
  return updated
}

export const deleteStrategy = (draft: Tx, path: StrategyPath, id: string, ctx: Ctx): E.Either<NotFoundError | ValidationError, string> => {
  const env = featureEnvironment(draft, path.projectId, path.featureName, path.environment)
  if (E.isLeft(env)) return env
  const archived = refuseArchived(draft, path)
  if (E.isLeft(archived)) return archived
  const index = strategyIndex(env.right.strategies as Strategy[], id)
  if (E.isLeft(index)) return index
  const [removed] = env.right.strategies.splice(index.right, 1)
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isRight(feature)) touch(feature.right, ctx)
  // Unleash records the environment turned off before the removal.
  offWithoutEnabledStrategies(draft, path, env.right, ctx)
  recordEvent(draft, ctx, { type: 'feature-strategy-remove', project: path.projectId, featureName: path.featureName, environment: path.environment, preData: removed })
  return E.right(id)
}

/**
 * Operation 2. Listed strategies take the given sortOrder; the others keep theirs. An id that
 * is not a strategy of this feature environment refuses the whole request.
 */
export const setSortOrder = (draft: Tx, path: StrategyPath, body: SetSortOrderBody, ctx: Ctx): E.Either<NotFoundError | ValidationError, void> => {
  const env = featureEnvironment(draft, path.projectId, path.featureName, path.environment)
  if (E.isLeft(env)) return env
  const archived = refuseArchived(draft, path)
  if (E.isLeft(archived)) return archived
  const strategies = env.right.strategies
  const unknown = body.map((entry, i) => ({ entry, i })).filter(({ entry }) => !strategies.some((s) => s.id === entry.id))
  if (unknown.length > 0) {
    return E.left(
      validationError(
        unknown.map(({ entry, i }) => ({
          path: `/body/${i}/id`,
          message: `"${entry.id}" is not a strategy of feature "${path.featureName}" in environment "${path.environment}".`,
        })),
      ),
    )
  }
  const before = strategies.map((s) => s.id)
  for (const { id, sortOrder } of body) strategies.find((s) => s.id === id)!.sortOrder = sortOrder
  sortStrategies(strategies)
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isRight(feature)) touch(feature.right, ctx)
  recordEvent(draft, ctx, {
    type: 'strategy-order-changed',
    project: path.projectId,
    featureName: path.featureName,
    environment: path.environment,
    preData: { strategyIds: before },
    data: { strategyIds: strategies.map((s) => s.id) },
  })
  return E.right(undefined)
}
