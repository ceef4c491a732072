import * as E from 'fp-ts/lib/Either.js'
import type { ImportBody } from '../../model/export.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, type NotFoundError, notFound, validationError, type ConflictError, type ExceedsLimitError, type NameExistsError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { stateBefore } from '../segment/usage.js'
import { applyImport } from './apply.js'
import { checkSegmentContext, placementAfter, planContextFields, planSegments, planTagTypes } from './check-definitions.js'
import { checkArchiving, planDependencies } from './check-dependencies.js'
import { checkEnvironments, checkFeatures, checkLinks, checkPlacements, checkStrategies, checkTags, partsByFeature } from './check-features.js'
import type { ImportPlan } from './plan.js'
import type { ReadState, Tx } from '../../store/tx.js'

/** Every check of an import, all problems at once; a plan when there are none. */
const planImport = (state: ReadState, body: ImportBody, ctx: Ctx): E.Either<ExceedsLimitError | NotFoundError | ValidationError, ImportPlan> => {
  const { project, environment, data } = body
  const problems: ErrorDetail[] = []
  checkFeatures(state, project, environment, data, problems)
  const contextPlan = planContextFields(state, data, problems)
  const exported = new Set((data.contextFields ?? []).map((f) => f.name))
  const known = (name: string) => exported.has(name) || state.contextFields.has(name)
  const constraints = checkStrategies(state, data, known, ctx, problems)
  checkEnvironments(data, known, problems)
  checkTags(state, data, problems)
  checkLinks(data, problems)
  const segments = planSegments(state, data, new Set(data.featureStrategies.flatMap((s) => s.segments ?? [])), problems)
  checkSegmentContext(data, segments, known, problems)
  checkPlacements(data, project, constraints, placementAfter(state, contextPlan, segments), problems)
  const parents = planDependencies(state, project, data, problems)
  checkArchiving(state, data, problems)
  if (problems.length > 0) return E.left(validationError(problems))
  const parts = partsByFeature(data)
  return E.right({
    project,
    environment,
    tagTypes: planTagTypes(state, data),
    ...contextPlan,
    segments,
    features: data.features.map((feature) => ({
      feature,
      exists: state.features.has(feature.name),
      ...parts.get(feature.name)!,
      dependencies: parents.get(feature.name) ?? [],
    })),
  })
}

/** The import's project, and its environment connected to it: else a 404, before anything is checked. */
export const importTarget = (state: ReadState, body: Pick<ImportBody, 'project' | 'environment'>): E.Either<NotFoundError, void> => {
  const project = state.projects.get(body.project)
  if (!project) return E.left(notFound(`Could not find project with id "${body.project}".`))
  if (!state.environments.has(body.environment) || !project.environments.includes(body.environment)) {
    return E.left(notFound(`The environment "${body.environment}" is not enabled for project "${body.project}".`))
  }
  return E.right(undefined)
}

/**
 * Imports an export result into a project and environment: everything is checked first and
 * every problem reported by its path; then, in one transaction, tag types, context fields and
 * segments the target lacks are created, and each feature is created or updated with its
 * strategies, environment switch, variants, tags and dependencies replaced by the export's.
 */
export const importFeatures = (draft: Tx, body: ImportBody, ctx: Ctx): E.Either<ConflictError | ExceedsLimitError | NameExistsError | NotFoundError | ValidationError, void> => {
  const state = stateBefore(draft)
  const target = importTarget(state, body)
  if (E.isLeft(target)) return target
  const plan = planImport(state, body, ctx)
  if (E.isLeft(plan)) return plan
  const applied = applyImport(draft, plan.right, ctx)
  if (E.isLeft(applied)) return applied
  recordEvent(draft, ctx, {
    type: 'features-imported',
    project: body.project,
    environment: body.environment,
    data: { features: body.data.features.map((f) => f.name) },
  })
  return E.right(undefined)
}
