import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { FeatureState, State } from '../../model/state.js'
import { getRow } from '../../model/table.js'
import type { Ctx } from '../context.js'
import { type DomainError, validationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { setEnvironmentEnabled } from './environment.js'
import { touch } from './lookup.js'

/*
 * Unleash's bulk changes of a project's features, as its UI makes them from a list of
 * selected features: turning them on or off in one environment, and marking them stale or
 * not. Each is one transaction here: the first refusal changes nothing (Unleash applies the
 * features one by one and stops at the first that fails).
 */

/** Turns each listed feature on or off in the environment, as `setEnvironmentEnabled` turns one. */
export const setEnvironmentEnabledOfMany = (
  draft: Draft<State>,
  path: { projectId: string; environment: string },
  featureNames: readonly string[],
  enabled: boolean,
  ctx: Ctx,
  activateDisabled = false,
): E.Either<DomainError, void> => {
  for (const featureName of featureNames) {
    const set = setEnvironmentEnabled(draft, { ...path, featureName }, enabled, ctx, activateDisabled)
    if (E.isLeft(set)) return set
  }
  return E.right(undefined)
}

/**
 * Marks the listed features stale or not, recording `feature-stale-on` or `-off` for each
 * that changes. Names of no feature are ignored, as in Unleash; a feature of another project
 * refuses the call, in Unleash's words (its 403 InvalidOperationError, flagport's 400).
 */
export const setStaleOfMany = (draft: Draft<State>, projectId: string, featureNames: readonly string[], stale: boolean, ctx: Ctx): E.Either<DomainError, void> => {
  const features = [...new Set(featureNames)].flatMap((name) => getRow(draft.features as State['features'], name) ?? []) as Draft<FeatureState>[]
  const others = [...new Set(features.map((f) => f.project).filter((project) => project !== projectId))]
  if (others.length > 0) {
    return E.left(
      validationError(
        `The operation could not be completed. The features exist, but the provided project ids ("${others.join(',')}") does not match the project provided in request URL ("${projectId}").`,
        '/body/features',
      ),
    )
  }
  for (const feature of features) {
    if (feature.stale === stale) continue
    feature.stale = stale
    touch(feature, ctx)
    recordEvent(draft, ctx, { type: stale ? 'feature-stale-on' : 'feature-stale-off', project: projectId, featureName: feature.name })
  }
  return E.right(undefined)
}
