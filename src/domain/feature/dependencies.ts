import * as E from 'fp-ts/lib/Either.js'
import type { DependencyBody } from '../../model/feature.js'
import type { FeatureState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { notFound, validationError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { featureInProject, touch } from './lookup.js'
import type { Editable, ReadState, Tx } from '../../store/tx.js'

/**
 * Makes `child` depend on a parent in the same project. One level only, as Unleash: a parent
 * cannot itself have parents, and a feature with children cannot become a child (no cycles).
 */
export const addDependency = (draft: Tx, projectId: string, child: string, body: DependencyBody, ctx: Ctx): E.Either<NotFoundError | ValidationError, void> => {
  const found = featureInProject(draft, projectId, child)
  if (E.isLeft(found)) return found
  const feature = found.right
  if (body.feature === child) return E.left(validationError([{ path: '/body/feature', message: 'A feature cannot depend on itself.' }]))
  const parent = draft.features.get(body.feature)
  if (!parent || parent.archived) return E.left(notFound(`There's no feature named "${body.feature}" to depend on.`))
  if (parent.project !== projectId) {
    return E.left(validationError([{ path: '/body/feature', message: `The parent "${body.feature}" is in project "${parent.project}"; a dependency must stay within project "${projectId}".` }]))
  }
  if (parent.dependencies.length > 0) {
    return E.left(validationError([{ path: '/body/feature', message: `"${body.feature}" depends on other features itself; dependencies are one level deep.` }]))
  }
  if (feature.children.length > 0) {
    return E.left(validationError([{ path: '/body/feature', message: `"${child}" has features that depend on it, so it cannot depend on another.` }]))
  }
  const enabled = body.enabled ?? true
  const dependency = { feature: body.feature, enabled, ...(enabled && body.variants && body.variants.length > 0 ? { variants: body.variants } : {}) }
  feature.dependencies = [...feature.dependencies.filter((d) => d.feature !== body.feature), dependency]
  if (!parent.children.includes(child)) parent.children.push(child)
  touch(feature, ctx)
  recordEvent(draft, ctx, { type: 'feature-dependency-added', project: projectId, featureName: child, data: dependency })
  return E.right(undefined)
}

/**
 * Operation: removes one parent dependency, or all of them when `parent` is undefined. Nothing
 * to remove (the feature not found included) is a 404, in Unleash's words.
 */
export const removeDependency = (draft: Tx, projectId: string, child: string, parent: string | undefined, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = featureInProject(draft, projectId, child)
  if (E.isRight(found) && dropDependencies(draft, found.right, parent, ctx)) return E.right(undefined)
  return E.left(
    notFound(
      parent === undefined
        ? `Feature "${child}" has no dependencies to remove in project "${projectId}".`
        : `No dependency on "${parent}" for feature "${child}" in project "${projectId}".`,
    ),
  )
}

/** Removes every parent dependency the feature has, if any (archiving it, importing it again). */
export const dropAllDependencies = (draft: Tx, feature: Editable<FeatureState>, ctx: Ctx): void => {
  dropDependencies(draft, feature, undefined, ctx)
}

/** Removes the dependency on `parent`, or all of them; whether there was any to remove. */
const dropDependencies = (draft: Tx, feature: Editable<FeatureState>, parent: string | undefined, ctx: Ctx): boolean => {
  const keep = feature.dependencies.filter((d) => parent !== undefined && d.feature !== parent)
  if (keep.length === feature.dependencies.length) return false
  for (const gone of feature.dependencies.filter((d) => !keep.includes(d))) {
    const parentRow = draft.features.get(gone.feature)
    if (parentRow) parentRow.children = parentRow.children.filter((c) => c !== feature.name)
  }
  feature.dependencies = keep
  touch(feature, ctx)
  recordEvent(draft, ctx, {
    type: parent === undefined ? 'feature-dependencies-removed' : 'feature-dependency-removed',
    project: feature.project,
    featureName: feature.name,
    ...(parent ? { data: { feature: parent } } : {}),
  })
  return true
}

/**
 * The features `child` may depend on, as Unleash's dependency dialog lists them: live features
 * of its project, not itself, that depend on none themselves, sorted by name. An unknown
 * feature has none.
 */
export const possibleParents = (state: ReadState, child: string): string[] => {
  const feature = state.features.get(child)
  if (!feature) return []
  return Array.from(state.features.rows())
    .filter((f) => f.project === feature.project && f.name !== child && !f.archived && f.dependencies.length === 0)
    .map((f) => f.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

/** The variant names a child may require of `parent`: those of its strategies and environments, once each, sorted. */
export const parentVariants = (state: ReadState, parent: string): string[] => {
  const feature = state.features.get(parent)
  if (!feature) return []
  const names = Object.values(feature.environments).flatMap((env) => [...env.strategies.flatMap((s) => s.variants.map((v) => v.name)), ...env.variants.map((v) => v.name)])
  return [...new Set(names)].sort()
}

/** Whether any feature depends on another: Unleash's project route asks this of the whole instance. */
export const anyDependencies = (state: ReadState): boolean => state.features.rows().some((f) => f.dependencies.length > 0)
