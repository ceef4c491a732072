import * as E from 'fp-ts/lib/Either.js'
import type { Constraint } from '../../model/constraint.js'
import { type Dict, dictFrom } from '../../model/dict.js'
import type { Strategy, StrategyBody } from '../../model/strategy.js'
import type { StrategyVariant } from '../../model/variant.js'
import type { Ctx } from '../context.js'
import { notFound, validationError, type ExceedsLimitError, type NotFoundError, type ValidationError } from '../errors.js'
import { checkConstraintLimits, checkStrategy, checkStrategyPlacement, placementIn } from './validate-strategy.js'
import type { ReadState } from '../../store/tx.js'

export interface StrategyPath {
  readonly projectId: string
  readonly featureName: string
  readonly environment: string
}

/** A body's parameters as strings, as Unleash stores them (a number 50 becomes "50"). */
export const stringParameters = (body: Pick<StrategyBody, 'parameters'>): Dict<string> =>
  dictFrom(Object.entries(body.parameters ?? {}).map(([k, v]) => [k, String(v)] as const))

/**
 * Parameters as strings. A `flexibleRollout` gets Unleash's defaults for what it leaves out:
 * rollout 100, the project's default stickiness, the feature's name as groupId.
 */
const parametersOf = (state: ReadState, path: StrategyPath, body: StrategyBody) => {
  const given = Object.entries(stringParameters(body))
    // An empty stickiness means "the default", as in Unleash.
    .filter(([k, v]) => body.name !== 'flexibleRollout' || k !== 'stickiness' || v !== '')
  if (body.name !== 'flexibleRollout') return dictFrom(given)
  const defaults = [
    ['rollout', '100'],
    ['stickiness', state.projects.get(path.projectId)?.defaultStickiness ?? 'default'],
    ['groupId', path.featureName],
  ] as const
  return dictFrom([...given, ...defaults.filter(([k]) => !given.some(([g]) => g === k))])
}

/**
 * A strategy body checked, for a strategy of `projectId`, in Unleash's order: the constraint
 * limits (ExceedsLimitError), then every other problem at once. `before` is the strategy an
 * update replaces. Its constraints and variants as they are stored.
 */
/**
 * Unleash looks a strategy's segments up after its type and before the rest (the environment
 * of an added one included): an unknown one is its 404.
 */
export const unknownSegment = (state: ReadState, body: Pick<StrategyBody, 'name' | 'segments'>): NotFoundError | undefined => {
  if (!state.strategyTypes.get(body.name)) return undefined
  const missing = (body.segments ?? []).find((segment) => !state.segments.has(String(segment)))
  return missing === undefined ? undefined : notFound(`No segment exists with ID "${missing}"`)
}

export const checkedStrategy = (
  state: ReadState,
  projectId: string,
  body: StrategyBody,
  ctx: Ctx,
  before?: Strategy,
): E.Either<(ExceedsLimitError | NotFoundError | ValidationError), { constraints: Constraint[]; variants: StrategyVariant[] }> => {
  const exceeded = checkConstraintLimits(body.constraints ?? [], before?.constraints ?? [], ctx.limits)
  if (exceeded) return E.left(exceeded)
  const checked = checkStrategy(state, body, ctx)
  const unknown = unknownSegment(state, body)
  if (unknown !== undefined) return E.left(unknown)
  const problems = [...checked.problems, ...checkStrategyPlacement(placementIn(state), body, checked.constraints, projectId)]
  if (problems.length > 0) return E.left(validationError(problems))
  return E.right({ constraints: checked.constraints, variants: checked.variants })
}

/**
 * The strategy a body makes at `path`, checked (see `checkedStrategy`). A replaced strategy
 * (`before`) keeps its title, its disabled flag and its segments where the body leaves them
 * out, as Unleash keeps them: a PUT written before those fields existed must not turn a
 * disabled rollout on or detach its segments. A `disabled: null` keeps the flag too, as in Unleash.
 */
export const build = (state: ReadState, path: StrategyPath, body: StrategyBody, id: string, sortOrder: number, ctx: Ctx, before?: Strategy): E.Either<ExceedsLimitError | NotFoundError | ValidationError, Strategy> =>
  E.map(({ constraints, variants }: { constraints: Constraint[]; variants: StrategyVariant[] }) => ({
    id,
    name: body.name,
    title: body.title !== undefined ? body.title : (before?.title ?? null),
    disabled: body.disabled ?? before?.disabled ?? false,
    featureName: path.featureName,
    sortOrder,
    segments: body.segments ?? (before ? [...before.segments] : []),
    constraints,
    variants,
    parameters: parametersOf(state, path, body),
  }))(checkedStrategy(state, path.projectId, body, ctx, before))
