import * as E from 'fp-ts/lib/Either.js'
import { type EnvironmentVariants, EnvironmentVariantsBody, type VariantsBatchBody } from '../../model/feature.js'
import type { JsonPatch } from '../../model/json-patch.js'
import { lookup } from '../../model/dict.js'
import type { EnvironmentParams } from '../../model/params.js'
import type { FeatureState } from '../../model/state.js'
import type { FeatureVariant, FeatureVariantInput } from '../../model/variant.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, invalidOperation, type InvalidOperationError, notFound, validationError, type NotFoundError, type ValidationError } from '../errors.js'
import { decodeWith } from '../decode.js'
import { recordEvent } from '../events.js'
import { applyJsonPatch, blamed } from '../json-patch.js'
import { featureInProject, touch } from './lookup.js'
import { copyVariant } from './render.js'
import { checkWeights, distributeWeights } from './validate-strategy.js'
import type { ReadState, Tx } from '../../store/tx.js'

/** Unleash's words for an environment the feature does not have. */
const notIn = (featureName: string, environment: string) => notFound(`Could not find ${featureName} in ${environment}`)

/** Variants as stored: defaults filled in, and the weight fixed ones leave shared among the variable ones. Weights must have been checked. */
export const storedVariants = (inputs: readonly FeatureVariantInput[]): FeatureVariant[] =>
  distributeWeights(
    inputs.map((v) => ({
      name: v.name,
      weight: v.weight,
      weightType: v.weightType ?? 'variable',
      stickiness: v.stickiness ?? 'default',
      overrides: v.overrides ?? [],
      ...(v.payload ? { payload: v.payload } : {}),
    })),
  )

/**
 * Replaces a feature's variants in each listed environment, weights checked and shared out.
 * Refused in Unleash's order: no environment listed (400 `No environments provided`, with
 * the variants' problems), the feature (404), the variants (400), then an environment the
 * feature does not have (404).
 */
export const setEnvironmentVariants = (
  draft: Tx,
  path: { projectId: string; featureName: string },
  body: VariantsBatchBody,
  ctx: Ctx,
): E.Either<NotFoundError | ValidationError, void> => {
  if (body.environments.length === 0) {
    // Every failing field at once: the empty list, and the variants' weights.
    const problems: ErrorDetail[] = [{ path: '/body/environments', message: 'No environments provided' }]
    checkWeights(body.variants, '/body/variants', problems)
    return E.left(problems.length === 1 ? validationError('No environments provided', '/body/environments') : validationError(problems))
  }
  const found = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(found)) return found
  const feature = found.right
  const problems: ErrorDetail[] = []
  checkWeights(body.variants, '/body/variants', problems)
  if (problems.length > 0) return E.left(validationError(problems))
  const missing = body.environments.find((env) => !lookup(feature.environments, env))
  if (missing !== undefined) return E.left(notIn(path.featureName, missing))
  const variants = storedVariants(body.variants)
  for (const env of body.environments) {
    const settings = lookup(feature.environments, env)!
    const before = settings.variants
    settings.variants = variants
    recordEvent(draft, ctx, { type: 'feature-environment-variants-updated', project: path.projectId, featureName: path.featureName, environment: env, data: { variants }, preData: { variants: before } })
  }
  touch(feature, ctx)
  return E.right(undefined)
}

/** A feature environment's variants (Unleash: GET .../environments/:environment/variants). */
export const environmentVariants = (state: ReadState, path: EnvironmentParams): E.Either<NotFoundError, EnvironmentVariants> => {
  const found = featureInProject(state, path.projectId, path.featureName)
  if (E.isLeft(found)) return found
  const settings = lookup(found.right.environments, path.environment)
  if (!settings) return E.left(notIn(path.featureName, path.environment))
  return E.right({ version: 1, variants: settings.variants.map(copyVariant) })
}

/**
 * Unleash's rule while its `enableLegacyVariants` is off: a feature's variants in one
 * environment may be replaced or patched only if it has some already, in any environment
 * (variants-batch sets them regardless). Unleash's words and its 403.
 */
const legacyOnly = (feature: FeatureState): InvalidOperationError | undefined =>
  Object.values(feature.environments).some((settings) => settings.variants.length > 0)
    ? undefined
    : invalidOperation(`Environment variants deprecated for feature: ${feature.name}. Use strategy variants instead.`)

/**
 * Replaces a feature's variants in one environment, checked as `setEnvironmentVariants` checks
 * them (Unleash: PUT .../environments/:environment/variants); `problemsAt` moves the problems
 * found to where the caller sent them (a patch's operations).
 */
export const setOneEnvironmentVariants = (
  draft: Tx,
  path: EnvironmentParams,
  inputs: EnvironmentVariantsBody,
  ctx: Ctx,
  problemsAt: (problems: ErrorDetail[]) => ErrorDetail[] = (problems) => problems,
): E.Either<NotFoundError | ValidationError | InvalidOperationError, EnvironmentVariants> => {
  const found = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(found)) return found
  const feature = found.right
  const refused = legacyOnly(feature as FeatureState)
  if (refused) return E.left(refused)
  const problems: ErrorDetail[] = []
  checkWeights(inputs, '/body', problems)
  if (problems.length > 0) return E.left(validationError(problemsAt(problems)))
  const settings = lookup(feature.environments, path.environment)
  if (!settings) return E.left(notIn(path.featureName, path.environment))
  const before = settings.variants
  const variants = storedVariants(inputs)
  settings.variants = variants
  recordEvent(draft, ctx, { type: 'feature-environment-variants-updated', project: path.projectId, featureName: path.featureName, environment: path.environment, data: { variants }, preData: { variants: before } })
  touch(feature, ctx)
  return E.right({ version: 1, variants: variants.map(copyVariant) })
}

/**
 * A JSON Patch of a feature's variants in one environment (Unleash: PATCH
 * .../environments/:environment/variants): applied to the variants as they are read, then
 * saved as a PUT saves them. Each problem is placed at the operation that caused it.
 */
export const patchEnvironmentVariants = (draft: Tx, path: EnvironmentParams, patch: JsonPatch, ctx: Ctx): E.Either<NotFoundError | ValidationError | InvalidOperationError, EnvironmentVariants> => {
  const current = environmentVariants(draft, path)
  if (E.isLeft(current)) return current
  const what = 'The variants'
  const patched = applyJsonPatch(current.right.variants, patch, what)
  if (E.isLeft(patched)) return E.left(validationError([patched.left]))
  const { document, writes } = patched.right
  const decoded = decodeWith(EnvironmentVariantsBody, '/body')(document)
  if (E.isLeft(decoded)) return E.left(validationError(blamed(decoded.left.details, writes, '/body', what)))
  return setOneEnvironmentVariants(draft, path, decoded.right, ctx, (problems) => blamed(problems, writes, '/body', what))
}
