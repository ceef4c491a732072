import type { Context } from '../../evaluation/context.js'
import { compileConstraint, compileConstraints, type Predicate } from '../../evaluation/constraints.js'
import { type Evaluator, compileEvaluator } from '../../evaluation/evaluator.js'
import { seededRandom } from '../../evaluation/random.js'
import type { ClientSegment } from '../../model/client-features.js'
import { lookup } from '../../model/dict.js'
import type { PlaygroundStrategy, PlaygroundVerdict, StrategyResult } from '../../model/playground.js'
import type { FeatureState, SegmentState } from '../../model/state.js'
import type { Strategy } from '../../model/strategy.js'
import { CLIENT_FEATURES_VERSION, clientConstraint, clientFeature, clientSegment, referencedSegments } from '../client-projection.js'
import { copyStrategy, copyVariant } from '../feature/render.js'
import type { ReadState } from '../../store/tx.js'

/** The strategies the evaluator implements; any other is a custom one, which only its SDK can decide. */
const BUILT_IN = new Set(['default', 'userWithId', 'flexibleRollout', 'gradualRolloutUserId', 'gradualRolloutSessionId', 'gradualRolloutRandom', 'remoteAddress', 'applicationHostname'])

interface CompiledStrategy {
  readonly stored: Strategy
  readonly segments: readonly { readonly segment: SegmentState; readonly test: Predicate; readonly constraints: readonly Predicate[] }[]
  readonly constraints: readonly Predicate[]
  /** The strategy alone, as a feature that is on: whether it activates, and the variant it picks. */
  readonly alone: Evaluator | undefined
}

interface CompiledFeature {
  readonly feature: FeatureState
  readonly strategies: readonly CompiledStrategy[]
}

/** One environment compiled once, then asked for each feature and context. */
export interface CompiledEnvironment {
  readonly environment: string
  readonly features: readonly CompiledFeature[]
  readonly evaluator: Evaluator
}

const options = (now: number) => ({ now: () => now, random: seededRandom() })

const compileStrategyAlone = (feature: FeatureState, client: ReturnType<typeof clientFeature>, index: number, segments: readonly ClientSegment[], now: number): Evaluator | undefined => {
  const strategy = client.strategies?.[index]
  if (strategy === undefined) return undefined
  return compileEvaluator({ version: CLIENT_FEATURES_VERSION, features: [{ name: feature.name, enabled: true, strategies: [strategy] }], segments: [...segments] }, options(now))
}

const compileFeature = (state: ReadState, feature: FeatureState, environment: string, segments: readonly ClientSegment[], now: number): CompiledFeature => {
  const client = clientFeature(feature, environment)
  const stored = lookup(feature.environments, environment)?.strategies ?? []
  // The client projection keeps the enabled strategies in this same order.
  let enabledIndex = 0
  const strategies = stored.map((s): CompiledStrategy => {
    const alone = s.disabled ? undefined : compileStrategyAlone(feature, client, enabledIndex++, segments, now)
    return {
      stored: s,
      constraints: s.constraints.map((c) => compileConstraint(clientConstraint(c), options(now))),
      segments: s.segments.flatMap((id) => {
        const segment = state.segments.get(String(id))
        if (segment === undefined) return []
        const client = clientSegment(segment)
        return [{ segment, test: compileConstraints(client.constraints, options(now)), constraints: client.constraints.map((c) => compileConstraint(c, options(now))) }]
      }),
      alone,
    }
  })
  return { feature, strategies }
}

/** The features and the live parents they depend on (one level, as dependencies go), each once. */
const withParents = (state: ReadState, features: readonly FeatureState[]): FeatureState[] => {
  const out = new Map(features.map((f) => [f.name, f]))
  for (const f of features) {
    for (const d of f.dependencies) {
      const parent = state.features.get(d.feature)
      if (parent !== undefined && !parent.archived) out.set(parent.name, parent)
    }
  }
  return [...out.values()]
}

/**
 * Compiles one environment for these features: the evaluator over them and their parents
 * (so that a dependency on a feature of another project still counts) and each strategy on
 * its own.
 */
export const compileEnvironment = (state: ReadState, environment: string, features: readonly FeatureState[], now: number): CompiledEnvironment => {
  const all = withParents(state, features).map((f) => clientFeature(f, environment))
  const segments = referencedSegments(state, all)
  return {
    environment,
    evaluator: compileEvaluator({ version: CLIENT_FEATURES_VERSION, features: all, segments }, options(now)),
    features: features.map((f) => compileFeature(state, f, environment, segments, now)),
  }
}

const strategyResult = (s: CompiledStrategy, context: Context, constraintsHold: boolean): StrategyResult => {
  if (s.stored.disabled) return { evaluationStatus: 'unevaluated', enabled: false }
  if (!BUILT_IN.has(s.stored.name) || s.alone === undefined) return { evaluationStatus: 'incomplete', enabled: constraintsHold ? 'unknown' : false }
  const enabled = s.alone.isEnabled(s.stored.featureName, context)
  if (s.stored.variants.length === 0) return { evaluationStatus: 'complete', enabled }
  const variant = s.alone.getVariant(s.stored.featureName, context)
  return {
    evaluationStatus: 'complete',
    enabled,
    variant: enabled ? { name: variant.name, enabled: variant.enabled, ...(variant.payload ? { payload: { ...variant.payload } } : {}) } : null,
    variants: s.stored.variants.map((v) => ({ ...v, ...(v.payload ? { payload: { ...v.payload } } : {}) })),
  }
}

const strategyData = (f: FeatureState, environment: string, s: CompiledStrategy, context: Context): PlaygroundStrategy => {
  const segments = s.segments.map(({ segment, test, constraints }) => ({
    id: segment.id,
    name: segment.name,
    result: test(context),
    constraints: segment.constraints.map((c, i) => ({ ...c, values: [...c.values], result: constraints[i]!(context) })),
  }))
  const constraints = s.stored.constraints.map((c, i) => ({ ...c, values: [...c.values], result: s.constraints[i]!(context) }))
  const hold = constraints.every((c) => c.result) && segments.every((x) => x.result)
  const strategy = copyStrategy(s.stored)
  return {
    name: strategy.name,
    title: strategy.title,
    id: strategy.id,
    result: strategyResult(s, context, hold),
    disabled: strategy.disabled,
    segments,
    constraints,
    parameters: strategy.parameters,
    links: { edit: `/projects/${encodeURIComponent(f.project)}/features/${encodeURIComponent(f.name)}/strategies/edit?environmentId=${encodeURIComponent(environment)}&strategyId=${encodeURIComponent(strategy.id)}` },
  }
}

/** The verdict on one compiled feature for one context, and whether a dependency alone held it off. */
export const verdict = (env: CompiledEnvironment, compiled: CompiledFeature, context: Context): PlaygroundVerdict & { hasUnsatisfiedDependency: boolean } => {
  const { feature } = compiled
  const settings = lookup(feature.environments, env.environment)
  const data = compiled.strategies.map((s) => strategyData(feature, env.environment, s, context))
  const results = data.filter((d) => !d.disabled).map((d) => d.result.enabled)
  // No enabled strategy at all: on for everyone, as SDKs take it.
  const result = results.length === 0 || results.includes(true) ? true : results.includes('unknown') ? 'unknown' : false
  const isEnabledInCurrentEnvironment = settings?.enabled ?? false
  const isEnabled = env.evaluator.isEnabled(feature.name, context)
  const variant = env.evaluator.getVariant(feature.name, context)
  return {
    name: feature.name,
    projectId: feature.project,
    strategies: { result, data },
    hasUnsatisfiedDependency: feature.dependencies.length > 0 && isEnabledInCurrentEnvironment && result === true && !isEnabled,
    isEnabledInCurrentEnvironment,
    isEnabled,
    variant: { name: variant.name, enabled: variant.enabled, feature_enabled: variant.feature_enabled, ...(variant.payload ? { payload: { type: variant.payload.type, value: variant.payload.value } } : {}) },
    variants: (settings?.variants ?? []).map(copyVariant),
  }
}
