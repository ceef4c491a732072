import * as E from 'fp-ts/lib/Either.js'
import type { FeatureState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { notFound, validationError, type ExceedsLimitError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { checkFeatureLimits, countLive } from './create.js'
import { dropAllDependencies } from './dependencies.js'
import { forgetFavoriteFeature } from '../user/favorites.js'
import { enterStage, restartLifecycle } from './lifecycle.js'
import { featureInProject, touch } from './lookup.js'
import type { Editable, Tx } from '../../store/tx.js'

/** Moves a live feature to the archive: archivedAt is now, the lifecycle stage `archived`. */
export const archiveFeature = (draft: Tx, feature: Editable<FeatureState>, ctx: Ctx): void => {
  feature.archived = true
  countLive(draft, feature.project, -1)
  feature.archivedAt = ctx.now
  enterStage(feature, { stage: 'archived', enteredStageAt: ctx.now })
  recordEvent(draft, ctx, { type: 'feature-archived', project: feature.project, featureName: feature.name })
}

/**
 * Brings an archived feature back: not archived, its lifecycle started over at `initial`, and off in every
 * environment (as Unleash does), so a revived feature never serves traffic unasked.
 */
export const reviveFeature = (draft: Tx, feature: Editable<FeatureState>, ctx: Ctx): void => {
  for (const name of Object.keys(feature.environments)) feature.environments[name]!.enabled = false
  feature.archived = false
  countLive(draft, feature.project, 1)
  feature.archivedAt = null
  restartLifecycle(feature, ctx.now)
  recordEvent(draft, ctx, { type: 'feature-revived', project: feature.project, featureName: feature.name })
}

/** Why a feature that others depend on stays live (their dependency would point into the archive). */
export const archiveBlockedBy = (name: string, children: readonly string[]): string =>
  `You can not archive "${name}" since other features depend on it: ${children.map((c) => `"${c}"`).join(', ')}. Archive them or remove their dependency first.`

/**
 * Archives a live feature as Unleash does: refused while other features depend on it (their
 * dependency would point into the archive); its own parent dependencies are removed.
 */
export const archiveLive = (draft: Tx, feature: Editable<FeatureState>, ctx: Ctx): E.Either<ValidationError, void> => {
  if (feature.children.length > 0) {
    return E.left(validationError(archiveBlockedBy(feature.name, feature.children)))
  }
  dropAllDependencies(draft, feature, ctx)
  archiveFeature(draft, feature, ctx)
  return E.right(undefined)
}

/** Revives an archived feature, within the instance's and the project's feature limits. */
export const reviveArchived = (draft: Tx, feature: Editable<FeatureState>, ctx: Ctx): E.Either<ExceedsLimitError, void> => {
  const limited = checkFeatureLimits(draft, feature.project, ctx)
  if (E.isLeft(limited)) return limited
  reviveFeature(draft, feature, ctx)
  return E.right(undefined)
}

/** Archives a feature by project and name; archiving an archived feature changes nothing. */
export const archiveInProject = (draft: Tx, projectId: string, featureName: string, ctx: Ctx): E.Either<NotFoundError | ValidationError, string> => {
  if (!draft.features.get(featureName)) return E.left(notFound('No feature flag found')) // Unleash's words
  const found = featureInProject(draft, projectId, featureName)
  if (E.isLeft(found)) return found
  if (!found.right.archived) {
    const archived = archiveLive(draft, found.right, ctx)
    if (E.isLeft(archived)) return archived
    touch(found.right, ctx)
  }
  return E.right(featureName)
}

/** Revives an archived feature by name (its project must still exist). */
export const reviveByName = (draft: Tx, featureName: string, ctx: Ctx): E.Either<ExceedsLimitError | NotFoundError | ValidationError, string> => {
  const feature = draft.features.get(featureName)
  if (!feature) return E.left(notFound('No feature flag found')) // Unleash's words
  if (!feature.archived) return E.right(featureName) // Unleash answers 200 and leaves a live feature be
  if (!draft.projects.get(feature.project)) {
    return E.left(validationError(`Cannot revive "${featureName}": its project "${feature.project}" no longer exists.`))
  }
  const revived = reviveArchived(draft, feature, ctx)
  if (E.isLeft(revived)) return revived
  touch(feature, ctx)
  return E.right(featureName)
}

/**
 * Deletes an archived feature for good. A live one must be archived first: like an unknown
 * name, it is left be, and the answer is a success, as Unleash answers it.
 */
export const deleteArchived = (draft: Tx, featureName: string, ctx: Ctx): E.Either<never, string> => {
  const feature = draft.features.get(featureName)
  if (!feature || !feature.archived) return E.right(featureName)
  for (const child of feature.children) {
    const row = draft.features.get(child)
    if (row) row.dependencies = row.dependencies.filter((d) => d.feature !== featureName)
  }
  for (const parent of feature.dependencies) {
    const row = draft.features.get(parent.feature)
    if (row) row.children = row.children.filter((c) => c !== featureName)
  }
  draft.features.delete(featureName)
  forgetFavoriteFeature(draft, featureName)
  recordEvent(draft, ctx, { type: 'feature-deleted', project: feature.project, featureName, preData: { name: featureName } })
  return E.right(featureName)
}
