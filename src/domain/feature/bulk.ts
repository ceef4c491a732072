import * as E from 'fp-ts/lib/Either.js'
import type { ArchiveImpact } from '../../model/feature.js'
import type { FeatureState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type DomainError, notFound, validationError, type ExceedsLimitError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { archiveFeature, deleteArchived, reviveArchived } from './archive.js'
import { dropAllDependencies } from './dependencies.js'
import { setEnvironmentEnabled } from './environment.js'
import { touch } from './lookup.js'
import type { Editable, ReadState, Tx } from '../../store/tx.js'

/*
 * Unleash's bulk changes of a project's features, as its UI makes them from a list of
 * selected features: turning them on or off in one environment, marking them stale or not,
 * archiving, reviving and deleting them. Each is one transaction here: the first refusal
 * changes nothing (Unleash applies the features one by one and stops at the first that fails).
 */

/** Turns each listed feature on or off in the environment, as `setEnvironmentEnabled` turns one. */
export const setEnvironmentEnabledOfMany = (
  draft: Tx,
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

/** The features of the names listed, once each; names of no feature are left out. */
const existing = (state: ReadState, featureNames: readonly string[]): FeatureState[] => [...new Set(featureNames)].flatMap((name) => state.features.get(name) ?? [])

/**
 * The listed features that exist, once each; a feature of another project refuses the call, in
 * Unleash's words (its 403 InvalidOperationError, flagport's 400). Names of no feature are
 * left out, as Unleash leaves them.
 */
const listedInProject = (draft: Tx, projectId: string, featureNames: readonly string[]): E.Either<ValidationError, Editable<FeatureState>[]> => {
  const features = existing(draft, featureNames) as Editable<FeatureState>[]
  const others = [...new Set(features.map((f) => f.project).filter((project) => project !== projectId))]
  if (others.length === 0) return E.right(features)
  return E.left(
    validationError(
      `The operation could not be completed. The features exist, but the provided project ids ("${others.join(',')}") does not match the project provided in request URL ("${projectId}").`,
      '/body/features',
    ),
  )
}

/** Listed features that other features, not listed, depend on (Unleash's `getOrphanParents`). */
const orphanParents = (features: readonly FeatureState[]): string[] => {
  const listed = new Set(features.map((f) => f.name))
  return features.filter((f) => f.children.some((child) => !listed.has(child))).map((f) => f.name)
}

/** Unleash's words, for an archive or a delete that would leave features depending on one gone (its 403, flagport's 400). */
const orphaning = (): ValidationError => validationError('You can not archive/delete this feature since other features depend on it.', '/body/features')

/**
 * Marks the listed features stale or not, recording `feature-stale-on` or `-off` for each
 * that changes (Unleash: POST /api/admin/projects/:projectId/stale).
 */
export const setStaleOfMany = (draft: Tx, projectId: string, featureNames: readonly string[], stale: boolean, ctx: Ctx): E.Either<ValidationError, void> => {
  const listed = listedInProject(draft, projectId, featureNames)
  if (E.isLeft(listed)) return listed
  for (const feature of listed.right) {
    if (feature.stale === stale) continue
    feature.stale = stale
    touch(feature, ctx)
    recordEvent(draft, ctx, { type: stale ? 'feature-stale-on' : 'feature-stale-off', project: projectId, featureName: feature.name })
  }
  return E.right(undefined)
}

/** What archiving the listed features would do to dependencies (Unleash: POST .../archive/validate). */
export const archiveImpact = (state: ReadState, featureNames: readonly string[]): ArchiveImpact => {
  const features = existing(state, featureNames)
  return { parentsWithChildFeatures: orphanParents(features), hasDeletedDependencies: features.some((f) => f.children.length > 0 || f.dependencies.length > 0) }
}

/**
 * Archives the listed live features of a project (Unleash: POST .../archive). Parents may be
 * archived with their children, not without them. Each one's own dependencies are removed
 * first, as a single archive removes them.
 */
export const archiveMany = (draft: Tx, projectId: string, featureNames: readonly string[], ctx: Ctx): E.Either<ValidationError, void> => {
  const listed = listedInProject(draft, projectId, featureNames)
  if (E.isLeft(listed)) return listed
  if (orphanParents(listed.right).length > 0) return E.left(orphaning())
  const live = listed.right.filter((f) => !f.archived)
  for (const feature of live) dropAllDependencies(draft, feature, ctx)
  for (const feature of live) {
    archiveFeature(draft, feature, ctx)
    touch(feature, ctx)
  }
  return E.right(undefined)
}

/** Revives the listed archived features of a project, off in every environment (Unleash: POST .../revive). */
export const reviveMany = (draft: Tx, projectId: string, featureNames: readonly string[], ctx: Ctx): E.Either<(ExceedsLimitError | NotFoundError | ValidationError), void> => {
  if (!draft.projects.get(projectId)) return E.left(notFound(`Active project with id ${projectId} does not exist`))
  const listed = listedInProject(draft, projectId, featureNames)
  if (E.isLeft(listed)) return listed
  for (const feature of listed.right.filter((f) => f.archived)) {
    const revived = reviveArchived(draft, feature, ctx)
    if (E.isLeft(revived)) return revived
    touch(feature, ctx)
  }
  return E.right(undefined)
}

/** Deletes the listed archived features of a project for good; live ones are left be (Unleash: POST .../delete). */
export const deleteMany = (draft: Tx, projectId: string, featureNames: readonly string[], ctx: Ctx): E.Either<ValidationError, void> => {
  const listed = listedInProject(draft, projectId, featureNames)
  if (E.isLeft(listed)) return listed
  if (orphanParents(listed.right).length > 0) return E.left(orphaning())
  for (const feature of listed.right.filter((f) => f.archived)) deleteArchived(draft, feature.name, ctx)
  return E.right(undefined)
}
