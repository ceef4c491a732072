/**
 * In-process flag evaluation: compile a client-features payload once, then ask
 * `isEnabled` / `getVariant` per request. Pure code: time and randomness are injected.
 */
export type {
  ClientConstraint,
  ClientFeature,
  ClientFeatures,
  ClientSegment,
  ClientStrategy,
  FeatureDependency,
  FeatureVariant,
  StrategyVariant,
  VariantOverride,
  VariantPayload,
} from '../model/client-features.js'
export type { Context } from './context.js'
export { type Evaluator, type EvaluatorOptions, compileEvaluator } from './evaluator.js'
export { type Variant, DISABLED_VARIANT } from './variants.js'
export { type DeltaEvent, applyDeltaEvent, applyDeltaEvents } from './delta.js'
export { type Predicate, compileConstraint, compileConstraints } from './constraints.js'
export { VARIANT_SEED, murmur3, normalizedValue } from './murmur3.js'
export { type SemVer, compareSemver, parseSemver } from './semver.js'
export { type IpRange, parseIp, parseIpRange, rangeContains } from './ip.js'
export { type RandomSource, seededRandom } from './random.js'
