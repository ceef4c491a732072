import type {
  ClientConstraint,
  ClientFeature,
  ClientFeatures,
  ClientSegment,
  ClientStrategy,
  FeatureDependency,
  FeatureVariant,
  StrategyVariant,
} from '../model/client-features.js'
import { dictFrom, lookup } from '../model/dict.js'
import type { Constraint } from '../model/constraint.js'
import type { Dependency } from '../model/feature.js'
import type { FeatureState, SegmentState } from '../model/state.js'
import type { Strategy } from '../model/strategy.js'
import type { FeatureVariant as StoredFeatureVariant, StrategyVariant as StoredStrategyVariant } from '../model/variant.js'
import type { ReadState } from '../store/tx.js'

/**
 * The client API's view of one environment (`GET /api/client/features`, and what the
 * in-process evaluator compiles), shaped as Unleash's client API sends it: archived features
 * and disabled strategies dropped, strategies in order without their ids, titles or sort
 * orders (old Go SDKs break on ids), parameters as strings, a dependency's `variants` only
 * when it expects the parent enabled. Everything is a fresh copy: nothing aliases the store.
 */

export interface ClientFilter {
  /** Project ids to keep; absent, or containing `*`, keeps every project. */
  readonly projects?: readonly string[]
  /** Keep only features whose name starts with this. */
  readonly namePrefix?: string
  /** Keep only features with at least one of these tags, each `[type, value]`. */
  readonly tags?: readonly (readonly [string, string])[]
  /**
   * For SDKs older than client specification 4.2.0, which do not know segments: each
   * strategy carries its segments' constraints and no `segments` list is sent.
   */
  readonly inlineSegmentConstraints?: boolean
}

/** The client API's payload version. */
export const CLIENT_FEATURES_VERSION = 2

/**
 * Inlined in place of a segment the store no longer has: `IN` with no values never holds, so
 * the strategy stays off, as the evaluator treats an unknown segment id.
 */
const missingSegment = (): ClientConstraint => ({ contextName: 'segment', operator: 'IN', values: [], inverted: false, caseInsensitive: false })

/** A stored constraint as SDKs get it. */
export const clientConstraint = (c: Constraint): ClientConstraint => ({
  contextName: c.contextName,
  operator: c.operator,
  values: [...c.values],
  inverted: c.inverted,
  caseInsensitive: c.caseInsensitive,
  ...(c.value === undefined ? {} : { value: c.value }),
})

const payloadOf = (v: { readonly payload?: { readonly type: string; readonly value: string } }) =>
  v.payload === undefined ? {} : { payload: { type: v.payload.type, value: v.payload.value } }

const strategyVariant = (v: StoredStrategyVariant): StrategyVariant => ({
  name: v.name,
  weight: v.weight,
  weightType: v.weightType,
  stickiness: v.stickiness,
  ...payloadOf(v),
})

const featureVariant = (v: StoredFeatureVariant): FeatureVariant => ({
  name: v.name,
  weight: v.weight,
  weightType: v.weightType,
  stickiness: v.stickiness,
  ...payloadOf(v),
  overrides: v.overrides.map((o) => ({ contextName: o.contextName, values: [...o.values] })),
})

const dependency = (d: Dependency): FeatureDependency =>
  d.enabled ? { feature: d.feature, enabled: true, variants: [...(d.variants ?? [])] } : { feature: d.feature, enabled: false }

/** Prototype-free, so a parameter named `__proto__` stays a parameter. */
const parameters = (p: Strategy['parameters']): Record<string, string> =>
  dictFrom(Object.keys(p).map((k) => [k, String(p[k])] as const))

const bySortOrder = (a: Strategy, b: Strategy): number => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const strategy = (s: Strategy, inlineFrom: ReadState['segments'] | undefined): ClientStrategy => {
  const own = s.constraints.map(clientConstraint)
  const base = { name: s.name, parameters: parameters(s.parameters), variants: s.variants.map(strategyVariant) }
  if (inlineFrom !== undefined) {
    const fromSegments = s.segments.flatMap((id) => inlineFrom.get(String(id))?.constraints.map(clientConstraint) ?? [missingSegment()])
    return { ...base, constraints: [...own, ...fromSegments] }
  }
  return { ...base, constraints: own, ...(s.segments.length > 0 ? { segments: [...s.segments] } : {}) }
}

/**
 * One feature in one environment. A feature whose project does not use the environment is
 * still listed, switched off with no strategies, as Unleash lists it. With `inlineFrom`,
 * the strategies carry the constraints of these segments instead of their ids.
 */
export const clientFeature = (feature: FeatureState, environment: string, inlineFrom?: ReadState['segments']): ClientFeature => {
  const env = lookup(feature.environments, environment)
  const strategies = (env?.strategies ?? []).filter((s) => !s.disabled).sort(bySortOrder)
  return {
    name: feature.name,
    type: feature.type,
    description: feature.description,
    project: feature.project,
    enabled: env?.enabled ?? false,
    stale: feature.stale,
    impressionData: feature.impressionData,
    strategies: strategies.map((s) => strategy(s, inlineFrom)),
    variants: (env?.variants ?? []).map(featureVariant),
    ...(feature.dependencies.length > 0 ? { dependencies: feature.dependencies.map(dependency) } : {}),
  }
}

/** Whether a feature belongs in a payload with this filter: archived ones never do. */
export const clientFilter = (filter: ClientFilter): ((feature: FeatureState) => boolean) => {
  const projects = filter.projects === undefined || filter.projects.includes('*') ? undefined : new Set(filter.projects)
  const prefix = filter.namePrefix ?? ''
  const tags = filter.tags
  const tagged = (f: FeatureState): boolean => tags === undefined || f.tags.some((t) => tags.some(([type, value]) => t.type === type && t.value === value))
  return (f) => !f.archived && (projects === undefined || projects.has(f.project)) && f.name.startsWith(prefix) && tagged(f)
}

/** Code-unit order, the same in every process and locale. */
export const byName = (a: { readonly name: string }, b: { readonly name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0

export const clientSegment = (s: SegmentState): ClientSegment => ({ id: s.id, name: s.name, constraints: s.constraints.map(clientConstraint) })

/** The ids of the segments these features' strategies name, in order of first use. */
export const segmentIds = (features: readonly ClientFeature[]): number[] => {
  const ids = new Set<number>()
  for (const f of features) for (const s of f.strategies ?? []) for (const id of s.segments ?? []) ids.add(id)
  return [...ids]
}

/** The segments the strategies name, by name then id; ids the store lacks are left out. */
export const referencedSegments = (state: ReadState, features: readonly ClientFeature[]): ClientSegment[] =>
  segmentIds(features)
    .flatMap((id) => state.segments.get(String(id)) ?? [])
    .sort((a, b) => byName(a, b) || a.id - b.id)
    .map(clientSegment)

/**
 * The client API payload of `environment`: the kept features sorted by name and, unless
 * segments are inlined, the segments they use. An environment the store does not know gives
 * every feature switched off.
 *
 * @example clientFeatures(state, 'production', { projects: ['checkout'] })
 */
export const clientFeatures = (state: ReadState, environment: string, filter: ClientFilter = {}): ClientFeatures => {
  const keep = clientFilter(filter)
  const inline = filter.inlineSegmentConstraints === true
  const features: ClientFeature[] = []
  for (const f of state.features.rows()) if (keep(f)) features.push(clientFeature(f, environment, inline ? state.segments : undefined))
  features.sort(byName)
  return inline
    ? { version: CLIENT_FEATURES_VERSION, features }
    : { version: CLIENT_FEATURES_VERSION, features, segments: referencedSegments(state, features) }
}
