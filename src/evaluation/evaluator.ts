import type { ClientConstraint, ClientFeature, ClientFeatures, ClientStrategy } from '../model/client-features.js'
import { type Predicate, compileConstraints } from './constraints.js'
import type { Context } from './context.js'
import { type RandomSource, seededRandom } from './random.js'
import { compileStrategy, parameter } from './strategies.js'
import {
  DISABLED_VARIANT,
  DISABLED_VARIANT_FEATURE_ON,
  type Variant,
  type VariantSelector,
  compileVariants,
} from './variants.js'

/**
 * The in-process evaluator: a client-features payload compiled once into closures, then
 * asked `isEnabled` / `getVariant` as often as the host likes. Semantics follow Unleash's
 * client specification; see docs/evaluation.md.
 */

export interface EvaluatorOptions {
  /** Milliseconds since the epoch, for DATE_* constraints when the context has no `currentTime`. Pass `Date.now` for the wall clock. */
  readonly now?: () => number
  /** Uniform draws in [0, 1) for `random` stickiness and anonymous requests. Defaults to a seeded generator. */
  readonly random?: RandomSource
  /** This host's name, for `applicationHostname` when the context has no `properties.hostname`. */
  readonly hostname?: string
}

export interface Evaluator {
  /** Whether the feature is on for this context; unknown features are off. */
  isEnabled(name: string, context?: Context): boolean
  /** The feature's variant for this context, or a `disabled` variant. */
  getVariant(name: string, context?: Context): Variant
  /** The names of the compiled features, in payload order. */
  features(): string[]
}

interface CompiledStrategy {
  readonly test: Predicate
  readonly variants: VariantSelector | undefined
}

interface CompiledDependency {
  readonly parent: CompiledFeature
  readonly expectEnabled: boolean
  /** The parent's variant must be one of these; `undefined` when any variant will do. */
  readonly variants: ReadonlySet<string> | undefined
}

interface CompiledFeature {
  readonly enabled: boolean
  readonly strategies: readonly CompiledStrategy[]
  readonly variants: VariantSelector | undefined
  /** `false` when a dependency can never hold (missing or transitive parent). */
  dependencies: readonly CompiledDependency[] | false
}

/** Off, on, or on through a strategy that picked a variant. */
type Outcome = boolean | Variant

const never: Predicate = () => false

const compileStrategyEntry = (
  strategy: ClientStrategy,
  feature: ClientFeature,
  segments: ReadonlyMap<number, readonly ClientConstraint[]>,
  options: EvaluatorOptions,
  random: RandomSource,
): CompiledStrategy => {
  // Servers omit disabled strategies; one that slips through must not count as "no strategies".
  if (strategy.disabled === true) return { test: never, variants: undefined }
  const segmentConstraints: ClientConstraint[] = []
  for (const id of strategy.segments ?? []) {
    const constraints = segments.get(id)
    // A segment we were not sent cannot be checked, so the strategy cannot match.
    if (constraints === undefined) return { test: never, variants: undefined }
    segmentConstraints.push(...constraints)
  }
  const constraints = compileConstraints([...segmentConstraints, ...(strategy.constraints ?? [])], options)
  const activation = compileStrategy(strategy, feature.name, {
    random,
    ...(options.hostname === undefined ? {} : { hostname: options.hostname }),
  })
  // The SDKs hash strategy variants under the `groupId` parameter as it is: a strategy without
  // one (`default`, say) hashes under the text "undefined", as `unleash-client` does.
  const groupId = String(parameter(strategy, 'groupId'))
  const strategyVariants = strategy.variants ?? []
  // The variants' own stickiness wins; the strategy's is the fallback (the SDKs' rule).
  const stickiness = strategyVariants[0]?.stickiness || parameter(strategy, 'stickiness')
  const variants = compileVariants(strategyVariants, groupId, stickiness, random)
  return { test: (context) => constraints(context) && activation(context), variants }
}

const compileFeature = (
  feature: ClientFeature,
  segments: ReadonlyMap<number, readonly ClientConstraint[]>,
  options: EvaluatorOptions,
  random: RandomSource,
): CompiledFeature => {
  const variants = feature.variants ?? []
  return {
    enabled: feature.enabled === true,
    strategies: (feature.strategies ?? []).map((s) => compileStrategyEntry(s, feature, segments, options, random)),
    variants: compileVariants(variants, feature.name, variants[0]?.stickiness, random),
    dependencies: [],
  }
}

/** The feature's own verdict; dependencies are checked by the caller. */
const evaluateOwn = (feature: CompiledFeature, context: Context): Outcome => {
  if (!feature.enabled) return false
  // No strategies at all means on for everyone, as the Unleash SDKs treat it.
  if (feature.strategies.length === 0) return true
  for (const strategy of feature.strategies) {
    if (strategy.test(context)) return strategy.variants?.(context) ?? true
  }
  return false
}

const variantFor = (feature: CompiledFeature, outcome: Outcome, context: Context): Variant => {
  if (outcome === false) return DISABLED_VARIANT
  if (outcome !== true) return outcome
  return feature.variants?.(context) ?? DISABLED_VARIANT_FEATURE_ON
}

const dependenciesHold = (feature: CompiledFeature, context: Context): boolean => {
  if (feature.dependencies === false) return false
  for (const dependency of feature.dependencies) {
    const outcome = evaluateOwn(dependency.parent, context)
    if (!dependency.expectEnabled) {
      if (outcome !== false) return false
      continue
    }
    if (outcome === false) return false
    if (dependency.variants !== undefined && !dependency.variants.has(variantFor(dependency.parent, outcome, context).name)) {
      return false
    }
  }
  return true
}

const evaluate = (feature: CompiledFeature, context: Context): Outcome =>
  feature.enabled && dependenciesHold(feature, context) ? evaluateOwn(feature, context) : false

/** Links each feature to its parents once every feature is compiled. */
const linkDependencies = (raw: readonly ClientFeature[], compiled: ReadonlyMap<string, CompiledFeature>): void => {
  const rawByName = new Map(raw.map((f) => [f.name, f]))
  for (const [name, feature] of compiled) {
    const links: CompiledDependency[] = []
    for (const dependency of rawByName.get(name)?.dependencies ?? []) {
      const parent = compiled.get(dependency.feature)
      const parentRaw = rawByName.get(dependency.feature)
      // Only one level is allowed: a parent with parents of its own never satisfies.
      if (parent === undefined || (parentRaw?.dependencies?.length ?? 0) > 0) {
        feature.dependencies = false
        break
      }
      const variants = dependency.variants ?? []
      links.push({
        parent,
        expectEnabled: dependency.enabled !== false,
        variants: variants.length > 0 ? new Set(variants) : undefined,
      })
    }
    if (feature.dependencies !== false) feature.dependencies = links
  }
}

/**
 * Compiles a client-features payload (or {@link applyDeltaEvents}' result) into an
 * evaluator. All parsing happens here; evaluation allocates nothing in the common case.
 *
 * @example
 * const flags = compileEvaluator(payload, { now: Date.now, random: Math.random })
 * flags.isEnabled('new-checkout', { userId: '42' })
 */
export const compileEvaluator = (clientFeatures: ClientFeatures, options: EvaluatorOptions = {}): Evaluator => {
  const random = options.random ?? seededRandom()
  const segments = new Map((clientFeatures.segments ?? []).map((s) => [s.id, s.constraints ?? []] as const))
  const compiled = new Map<string, CompiledFeature>()
  for (const feature of clientFeatures.features) {
    compiled.set(feature.name, compileFeature(feature, segments, options, random))
  }
  linkDependencies(clientFeatures.features, compiled)
  const names = [...compiled.keys()]

  return {
    isEnabled: (name, context = {}) => {
      const feature = compiled.get(name)
      return feature !== undefined && evaluate(feature, context) !== false
    },
    getVariant: (name, context = {}) => {
      const feature = compiled.get(name)
      return feature === undefined ? DISABLED_VARIANT : variantFor(feature, evaluate(feature, context), context)
    },
    features: () => [...names],
  }
}
