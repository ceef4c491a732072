import * as E from 'fp-ts/lib/Either.js'
import { dictFrom, lookup } from '../../model/dict.js'
import type { CreateFeatureBody } from '../../model/feature.js'
import { creatableFields, createdFields } from '../../model/feature-fields.js'
import type { FeatureEnvironmentState } from '../../model/state.js'
import type { FeatureVariant } from '../../model/variant.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, exceedsLimit, nameExists, notFound, validationError, type ExceedsLimitError, type NameExistsError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { changeFeatureTags, tagOf } from '../tag/feature-tags.js'
import { tagTypeMissing } from '../tag/errors.js'
import { checkWeights } from './validate-strategy.js'
import { storedVariants } from './variants.js'
import type { ReadState, Tx } from '../../store/tx.js'

const freshEnvironment = (variants: readonly FeatureVariant[] = []): FeatureEnvironmentState => ({ enabled: false, strategies: [], variants: [...variants], lastSeenAt: null })

/** What a create's tags and variants must meet before anything is written: known tag types, and weights that add up. */
const creationProblems = (state: ReadState, body: CreateFeatureBody): ErrorDetail[] => {
  const problems: ErrorDetail[] = []
  body.tags?.forEach((tag, i) => {
    if (!state.tagTypes.has(tag.type)) problems.push({ path: `/body/tags/${i}/type`, message: tagTypeMissing(tag.type).message })
  })
  checkWeights(body.variants ?? [], '/body/variants', problems)
  return problems
}

/** The instance's featureFlags limit and the project's featureLimit, counting live features. */
export const checkFeatureLimits = (state: ReadState, projectId: string, ctx: Ctx): E.Either<ExceedsLimitError, void> => {
  const project = state.projects.get(projectId)
  let live = 0
  for (const key in state.liveFeatures) live += state.liveFeatures[key]!
  if (live >= ctx.limits.featureFlags) return E.left(exceedsLimit('feature flag', ctx.limits.featureFlags))
  const inProject = lookup(state.liveFeatures, projectId) ?? 0
  if (project && project.featureLimit !== null && inProject >= project.featureLimit) {
    return E.left(exceedsLimit('feature flag in this project', project.featureLimit))
  }
  return E.right(undefined)
}

/** Keeps `liveFeatures` in step when a feature becomes live (+1) or leaves (-1). */
export const countLive = (draft: Tx, projectId: string, delta: 1 | -1): void => {
  draft.liveFeatures[projectId] = (lookup(draft.liveFeatures, projectId) ?? 0) + delta
}

/** Why a name cannot be a new feature's, in Unleash's words: it is taken, by a live or an archived feature. */
export const nameTaken = (state: ReadState, name: string): NameExistsError | undefined => {
  const taken = state.features.get(name)
  return taken && nameExists(taken.archived ? 'An archived flag with that name already exists' : 'A flag with that name already exists')
}

/**
 * Creates a feature in a project: the name must be free, archived features included. Refused
 * in Unleash's order and words: the name (409), the limits, the project (404), then the body's
 * tags and variants (400).
 */
export const createFeature = (draft: Tx, projectId: string, body: CreateFeatureBody, ctx: Ctx): E.Either<ExceedsLimitError | NameExistsError | NotFoundError | ValidationError, string> => {
  const taken = nameTaken(draft, body.name)
  if (taken) return E.left(taken)
  const limited = checkFeatureLimits(draft, projectId, ctx)
  if (E.isLeft(limited)) return limited
  // Read, not drafted: the project is not changed, and its environments are read whole.
  const project = draft.projects.read(projectId)
  if (!project) return E.left(notFound(`Active project with id ${projectId} does not exist`))
  const problems = creationProblems(draft, body)
  if (problems.length > 0) return E.left(validationError(problems))
  const fields = createdFields(body)
  const variants = storedVariants(body.variants ?? [])
  draft.features.set(body.name, {
    name: body.name,
    project: projectId,
    ...fields,
    archived: false,
    archivedAt: null,
    createdAt: ctx.now,
    createdByUserId: ctx.actor.id,
    lifecycle: { stage: 'initial', enteredStageAt: ctx.now },
    environments: dictFrom(project.environments.map((env) => [env, freshEnvironment(variants)] as const)),
    tags: [],
    dependencies: [],
    children: [],
    collaborators: [ctx.actor.id],
  })
  countLive(draft, projectId, 1)
  recordEvent(draft, ctx, {
    type: 'feature-created',
    project: projectId,
    featureName: body.name,
    data: { name: body.name, ...creatableFields(fields), project: projectId },
  })
  // Tagged as `featureTags.add` tags: missing tags created, each recorded (Unleash's create records neither).
  if (body.tags && body.tags.length > 0) changeFeatureTags(draft, draft.features.get(body.name)!, body.tags.map(tagOf), [], ctx)
  return E.right(body.name)
}

export { freshEnvironment }
