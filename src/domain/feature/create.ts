import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import { dictFrom, lookup } from '../../model/dict.js'
import type { CreateFeatureBody } from '../../model/feature.js'
import type { FeatureEnvironmentState, FeatureState, State } from '../../model/state.js'
import { getRow, hasRow, setRow } from '../../store/table.js'
import type { FeatureVariant } from '../../model/variant.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, exceedsLimit, nameExists, notFound, validationError, type ExceedsLimitError, type NameExistsError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { changeFeatureTags, tagOf } from '../tag/feature-tags.js'
import { tagTypeMissing } from '../tag/tag-types.js'
import { checkWeights } from './validate-strategy.js'
import { storedVariants } from './variants.js'

const freshEnvironment = (variants: readonly FeatureVariant[] = []): FeatureEnvironmentState => ({ enabled: false, strategies: [], variants: [...variants], lastSeenAt: null })

/** What a create's tags and variants must meet before anything is written: known tag types, and weights that add up. */
const creationProblems = (state: State, body: CreateFeatureBody): ErrorDetail[] => {
  const problems: ErrorDetail[] = []
  body.tags?.forEach((tag, i) => {
    if (!hasRow(state.tagTypes, tag.type)) problems.push({ path: `/body/tags/${i}/type`, message: tagTypeMissing(tag.type).message })
  })
  checkWeights(body.variants ?? [], '/body/variants', problems)
  return problems
}

/** The instance's featureFlags limit and the project's featureLimit, counting live features. */
export const checkFeatureLimits = (state: State, projectId: string, ctx: Ctx): E.Either<ExceedsLimitError, void> => {
  const project = getRow(state.projects, projectId)
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
export const countLive = (draft: Draft<State>, projectId: string, delta: 1 | -1): void => {
  draft.liveFeatures[projectId] = (lookup(draft.liveFeatures, projectId) ?? 0) + delta
}

/** A description as stored: an empty one is none (null), as Unleash stores it; a blank one is kept. */
export const storedDescription = (description: string | null | undefined): string | null => description || null

/** Why a name cannot be a new feature's, in Unleash's words: it is taken, by a live or an archived feature. */
export const nameTaken = (state: State, name: string): NameExistsError | undefined => {
  const taken = getRow(state.features, name)
  return taken && nameExists(taken.archived ? 'An archived flag with that name already exists' : 'A flag with that name already exists')
}

/**
 * Creates a feature in a project: the name must be free, archived features included. Refused
 * in Unleash's order and words: the name (409), the limits, the project (404), then the body's
 * tags and variants (400).
 */
export const createFeature = (draft: Draft<State>, projectId: string, body: CreateFeatureBody, ctx: Ctx): E.Either<ExceedsLimitError | NameExistsError | NotFoundError | ValidationError, string> => {
  const taken = nameTaken(draft as State, body.name)
  if (taken) return E.left(taken)
  const limited = checkFeatureLimits(draft as State, projectId, ctx)
  if (E.isLeft(limited)) return limited
  const project = getRow(draft.projects as State['projects'], projectId)
  if (!project) return E.left(notFound(`Active project with id ${projectId} does not exist`))
  const problems = creationProblems(draft as State, body)
  if (problems.length > 0) return E.left(validationError(problems))
  const description = storedDescription(body.description)
  const variants = storedVariants(body.variants ?? [])
  setRow(draft.features as State['features'], body.name, {
    name: body.name,
    project: projectId,
    type: body.type ?? 'release',
    description,
    stale: false,
    impressionData: body.impressionData ?? false,
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
    data: { name: body.name, type: body.type ?? 'release', description, impressionData: body.impressionData ?? false, project: projectId },
  })
  // Tagged as `featureTags.add` tags: missing tags created, each recorded (Unleash's create records neither).
  if (body.tags && body.tags.length > 0) changeFeatureTags(draft, getRow(draft.features as State['features'], body.name) as Draft<FeatureState>, body.tags.map(tagOf), [], ctx)
  return E.right(body.name)
}

export { freshEnvironment }
