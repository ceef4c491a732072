import * as E from 'fp-ts/lib/Either.js'
import { dictFrom, lookup } from '../../model/dict.js'
import type { Strategy } from '../../model/strategy.js'
import type { FeatureEnvironmentState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type DomainError, conflict, notFound, validationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { defaultStrategyOf } from '../project/default-strategy.js'
import { build, type StrategyPath } from './build-strategy.js'
import { featureInProject, sortStrategies, touch } from './lookup.js'
import { copyStrategy } from './render.js'
import type { Editable, ReadState, Tx } from '../../store/tx.js'

/**
 * The strategy Unleash adds when a feature is turned on in an environment where no strategy is
 * enabled (its `getDefaultStrategy`): a `flexibleRollout` to everyone, grouped by the feature.
 */
const defaultStrategy = (featureName: string, id: string, sortOrder: number): Strategy => ({
  id,
  name: 'flexibleRollout',
  title: null,
  disabled: false,
  featureName,
  sortOrder,
  segments: [],
  constraints: [],
  variants: [],
  parameters: dictFrom([
    ['rollout', '100'],
    ['stickiness', 'default'],
    ['groupId', featureName],
  ]),
})

/**
 * The strategy added when a feature is turned on with no enabled strategy: the project
 * environment's default strategy when it has one (its `sortOrder`, else last; an empty groupId
 * becomes the feature's name, as Unleash's `getProjectDefaultStrategy` makes it), else the
 * `flexibleRollout` to everyone. A default that no longer passes a strategy's checks (a legal
 * value it names was removed since) is a ConflictError: nothing is turned on.
 */
const strategyToAdd = (state: ReadState, path: StrategyPath, sortOrder: number, ctx: Ctx): E.Either<DomainError, Strategy> => {
  const projectDefault = defaultStrategyOf(state, path.projectId, path.environment)
  if (projectDefault === undefined) return E.right(defaultStrategy(path.featureName, ctx.uuid(), sortOrder))
  const { sortOrder: itsOwn, parameters, ...body } = projectDefault
  const grouped = parameters.groupId ? parameters : dictFrom(Object.entries(parameters).filter(([k]) => k !== 'groupId'))
  const built = build(state, path, { ...body, parameters: grouped }, ctx.uuid(), itsOwn ?? sortOrder, ctx)
  return E.mapLeft((e: DomainError): DomainError =>
    conflict(
      `The default strategy of environment "${path.environment}" in project "${path.projectId}" no longer passes a strategy's checks. Set it again (POST /api/admin/projects/${path.projectId}/environments/${path.environment}/default-strategy).`,
      e.details.map(({ message }) => message),
    ),
  )(built)
}

/**
 * Turns a feature on or off in an environment, as Unleash does. Turning on where no strategy
 * is enabled adds the project environment's default strategy, or else a `flexibleRollout` to
 * everyone (`strategyToAdd`), so "on" means on for everyone by default; Unleash adds it even
 * when the environment is already on. With `activateDisabled`
 * (Unleash's `shouldActivateDisabledStrategies`, which its UI offers) the disabled strategies
 * are enabled instead, each recorded as an update, and none is added unless there are none.
 * The lifecycle is left alone: Unleash moves a feature to `pre-live` when clients report
 * metrics for it, not when it is turned on. An archived feature is refused, as in Unleash:
 * revive it first.
 */
export const setEnvironmentEnabled = (
  draft: Tx,
  path: { projectId: string; featureName: string; environment: string },
  enabled: boolean,
  ctx: Ctx,
  activateDisabled = false,
): E.Either<DomainError, void> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  // Unleash's order and words: the environment, then the archive.
  const settings = lookup(feature.right.environments, path.environment)
  if (settings === undefined) return E.left(notFound(`Could not find environment ${path.environment} for feature: ${path.featureName}`))
  if (feature.right.archived) {
    return E.left(validationError(`"${path.featureName}" is archived: revive it before turning it on or off in an environment.`))
  }
  const strategies = settings.strategies
  const activates = enabled && activateDisabled && strategies.some((s) => s.disabled)
  const addsStrategy = enabled && (strategies.length === 0 || (!activateDisabled && strategies.every((s) => s.disabled)))
  if (!activates && !addsStrategy && settings.enabled === enabled) return E.right(undefined)
  if (activates) {
    for (const strategy of strategies) {
      if (!strategy.disabled) continue
      // A copy, not the draft: the event must keep the strategy as it was.
      const before = copyStrategy(strategy as Strategy)
      strategy.disabled = false
      recordEvent(draft, ctx, { type: 'feature-strategy-update', project: path.projectId, featureName: path.featureName, environment: path.environment, data: { ...before, disabled: false }, preData: before })
    }
  }
  if (addsStrategy) {
    const sortOrder = strategies.length === 0 ? 0 : Math.max(...strategies.map((s) => s.sortOrder)) + 1
    const strategy = strategyToAdd(draft, path, sortOrder, ctx)
    if (E.isLeft(strategy)) return strategy
    strategies.push(strategy.right as Editable<Strategy>)
    // A project's default strategy may carry a sortOrder of its own.
    sortStrategies(strategies)
    recordEvent(draft, ctx, { type: 'feature-strategy-add', project: path.projectId, featureName: path.featureName, environment: path.environment, data: strategy.right })
  }
  touch(feature.right, ctx)
  if (settings.enabled === enabled) return E.right(undefined)
  settings.enabled = enabled
  recordEvent(draft, ctx, {
    type: enabled ? 'feature-environment-enabled' : 'feature-environment-disabled',
    project: path.projectId,
    featureName: path.featureName,
    environment: path.environment,
  })
  return E.right(undefined)
}

/**
 * After a strategy is changed or removed: an environment that is on and has no enabled
 * strategy left is turned off, as Unleash's `optionallyDisableFeature` turns it off. Left on,
 * it would be on for everyone, as SDKs read an enabled feature without strategies.
 */
export const offWithoutEnabledStrategies = (
  draft: Tx,
  path: { projectId: string; featureName: string; environment: string },
  settings: Editable<FeatureEnvironmentState>,
  ctx: Ctx,
): void => {
  if (!settings.enabled || !settings.strategies.every((s) => s.disabled)) return
  settings.enabled = false
  recordEvent(draft, ctx, { type: 'feature-environment-disabled', project: path.projectId, featureName: path.featureName, environment: path.environment })
}
