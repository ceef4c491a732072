import * as E from 'fp-ts/lib/Either.js'
import { type AdvancedPlaygroundBody, type AdvancedPlaygroundResult, type AdvancedPlaygroundRow, MAX_PLAYGROUND_EVALUATIONS, type PlaygroundBody, type PlaygroundProjects, type PlaygroundResult } from '../../model/playground.js'
import type { FeatureState } from '../../model/state.js'
import { type DomainError, notFound, validationError } from '../errors.js'
import { combinations, evaluationContext, flatten } from './context.js'
import { compileEnvironment, verdict as verdictOf } from './verdict.js'
import type { ReadState } from '../../store/tx.js'

/** The live features of the projects asked for, by name. */
const featuresOf = (state: ReadState, projects: PlaygroundProjects | undefined): FeatureState[] => {
  const all = projects === undefined || projects === '*'
  const wanted = new Set(all ? [] : projects)
  return state.features.rows()
    .filter((f) => !f.archived && (all || wanted.has(f.project)))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

const unknownEnvironment = (state: ReadState, environments: readonly string[]): DomainError | undefined => {
  const missing = environments.find((e) => state.environments.get(e) === undefined)
  return missing === undefined ? undefined : notFound(`Could not find environment "${missing}".`)
}

const tooMany = (evaluations: number | 'too many'): DomainError =>
  validationError(
    `The playground evaluates at most ${MAX_PLAYGROUND_EVALUATIONS} times per request (features x environments x context combinations); this request asks for ${evaluations === 'too many' ? 'more' : evaluations}. Name fewer projects, environments or context values.`,
    '/body/context',
  )

/**
 * Unleash's advanced playground: every live feature of the projects asked for, in each
 * environment, for each combination of the context's comma-separated values, evaluated as an
 * SDK would, with each strategy's, constraint's and segment's own result.
 */
export const advancedPlayground = (state: ReadState, body: AdvancedPlaygroundBody, now: number): E.Either<DomainError, AdvancedPlaygroundResult> => {
  const missing = unknownEnvironment(state, body.environments)
  if (missing) return E.left(missing)
  const features = featuresOf(state, body.projects)
  const { flat, invalid } = flatten(body.context)
  const perContext = Math.max(1, features.length * body.environments.length)
  const contexts = combinations(flat, Math.floor(MAX_PLAYGROUND_EVALUATIONS / perContext))
  if (contexts === 'too many' || contexts.length * perContext > MAX_PLAYGROUND_EVALUATIONS) return E.left(tooMany(contexts === 'too many' ? 'too many' : contexts.length * perContext))
  const rowsByFeature = features.map(() => ({}) as Record<string, AdvancedPlaygroundRow[]>)
  for (const environment of body.environments) {
    const env = compileEnvironment(state, environment, features, now)
    env.features.forEach((compiled, i) => {
      rowsByFeature[i]![environment] = contexts.map((context) => ({ ...stripDependency(env, compiled, evaluationContext(context, environment)), environment, context }))
    })
  }
  return E.right({
    input: body,
    features: features.map((f, i) => ({ name: f.name, projectId: f.project, environments: rowsByFeature[i]! })),
    ...(invalid.length > 0 ? { warnings: { invalidContextProperties: invalid } } : {}),
  })
}

const stripDependency = (...args: Parameters<typeof verdictOf>) => {
  const { hasUnsatisfiedDependency: _, ...rest } = verdictOf(...args)
  return rest
}

/** Unleash's playground: every live feature of the projects asked for in one environment, for one context. */
export const playground = (state: ReadState, body: PlaygroundBody, now: number): E.Either<DomainError, PlaygroundResult> => {
  const missing = unknownEnvironment(state, [body.environment])
  if (missing) return E.left(missing)
  const features = featuresOf(state, body.projects)
  if (features.length > MAX_PLAYGROUND_EVALUATIONS) return E.left(tooMany(features.length))
  const env = compileEnvironment(state, body.environment, features, now)
  const context = evaluationContext(flatten(body.context).flat, body.environment)
  return E.right({ input: body, features: env.features.map((compiled) => verdictOf(env, compiled, context)) })
}
