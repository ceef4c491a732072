import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import { emptyDict } from '../../model/dict.js'
import type { State } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type DomainError, validationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { featureEnvironment, featureInProject, touch } from './lookup.js'

/**
 * Turns a feature on or off in an environment. Turning on a feature with no enabled strategy
 * adds the `default` strategy, as Unleash does, so "on" means on for everyone. The first time
 * a feature is enabled anywhere its lifecycle moves from `initial` to `pre-live`. An archived
 * feature is refused, as in Unleash: revive it first.
 */
export const setEnvironmentEnabled = (
  draft: Draft<State>,
  path: { projectId: string; featureName: string; environment: string },
  enabled: boolean,
  ctx: Ctx,
): E.Either<DomainError, void> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  if (feature.right.archived) {
    return E.left(validationError(`"${path.featureName}" is archived: revive it before turning it on or off in an environment.`))
  }
  const env = featureEnvironment(draft, path.projectId, path.featureName, path.environment)
  if (E.isLeft(env)) return env
  if (env.right.enabled === enabled) return E.right(undefined)
  env.right.enabled = enabled
  const strategies = env.right.strategies
  if (enabled && strategies.every((s) => s.disabled)) {
    const strategy = {
      id: ctx.uuid(),
      name: 'default',
      title: null,
      disabled: false,
      featureName: path.featureName,
      sortOrder: strategies.length === 0 ? 0 : Math.max(...strategies.map((s) => s.sortOrder)) + 1,
      segments: [],
      constraints: [],
      variants: [],
      parameters: emptyDict<string>() as Record<string, string>,
    }
    strategies.push(strategy)
    recordEvent(draft, ctx, { type: 'feature-strategy-add', project: path.projectId, featureName: path.featureName, environment: path.environment, data: strategy })
  }
  if (enabled && feature.right.lifecycle.stage === 'initial') {
    feature.right.lifecycle = { stage: 'pre-live', enteredStageAt: ctx.now }
  }
  touch(feature.right, ctx)
  recordEvent(draft, ctx, {
    type: enabled ? 'feature-environment-enabled' : 'feature-environment-disabled',
    project: path.projectId,
    featureName: path.featureName,
    environment: path.environment,
  })
  return E.right(undefined)
}
