import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { VariantsBatchBody } from '../../model/feature.js'
import { lookup } from '../../model/dict.js'
import type { State } from '../../model/state.js'
import type { FeatureVariant, FeatureVariantInput } from '../../model/variant.js'
import type { Ctx } from '../context.js'
import { type DomainError, type ErrorDetail, notFound, validationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { featureInProject, touch } from './lookup.js'
import { checkWeights, distributeWeights } from './validate-strategy.js'

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
 * Refused in Unleash's order: no environment listed (400 `No environments provided`), the
 * feature (404), the variants (400), then an environment the feature does not have (404).
 */
export const setEnvironmentVariants = (
  draft: Draft<State>,
  path: { projectId: string; featureName: string },
  body: VariantsBatchBody,
  ctx: Ctx,
): E.Either<DomainError, void> => {
  if (body.environments.length === 0) return E.left(validationError('No environments provided'))
  const found = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(found)) return found
  const feature = found.right
  const problems: ErrorDetail[] = []
  checkWeights(body.variants, '/body/variants', problems)
  if (problems.length > 0) return E.left(validationError(problems))
  const missing = body.environments.find((env) => !lookup(feature.environments, env))
  if (missing !== undefined) return E.left(notFound(`Could not find ${path.featureName} in ${missing}`))
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
