/**
 * The client API payload (`GET /api/client/features`) as server-side SDKs receive it.
 * The domain projects the store into these types (client-projection.ts) and the evaluator
 * reads them (src/evaluation): they are deliberately loose where real
 * servers are loose (optional arrays, parameters as a string map) and are not validated.
 *
 * @category model
 */

/** A context field test. Multi-value operators read `values`, single-value ones `value`. */
export interface ClientConstraint {
  readonly contextName: string
  readonly operator: string
  readonly values?: readonly string[]
  readonly value?: string
  readonly inverted?: boolean
  readonly caseInsensitive?: boolean
}

/** A variant payload; `value` is always a string, whatever the `type`. */
export interface VariantPayload {
  readonly type: string
  readonly value: string
}

/** Pins a variant for the listed values of one context field. */
export interface VariantOverride {
  readonly contextName: string
  readonly values: readonly string[]
}

/** A variant defined on a strategy: it wins when that strategy is the first to match. */
export interface StrategyVariant {
  readonly name: string
  readonly weight: number
  readonly weightType?: 'variable' | 'fix' | string
  readonly stickiness?: string
  readonly payload?: VariantPayload
}

/** A variant defined on the feature (environment), optionally with overrides. */
export interface FeatureVariant extends StrategyVariant {
  readonly overrides?: readonly VariantOverride[]
}

/** An activation strategy; `segments` are ids into {@link ClientFeatures.segments}. */
export interface ClientStrategy {
  readonly name: string
  readonly title?: string | null
  readonly disabled?: boolean | null
  readonly sortOrder?: number
  readonly parameters?: Readonly<Record<string, string>>
  readonly constraints?: readonly ClientConstraint[]
  readonly segments?: readonly number[]
  readonly variants?: readonly StrategyVariant[]
}

/**
 * A parent the feature depends on. `enabled` defaults to true; when `variants` is a
 * non-empty list the parent's variant must be one of them.
 */
export interface FeatureDependency {
  readonly feature: string
  readonly enabled?: boolean
  readonly variants?: readonly string[]
}

export interface ClientFeature {
  readonly name: string
  readonly enabled: boolean
  readonly strategies?: readonly ClientStrategy[]
  readonly variants?: readonly FeatureVariant[] | null
  readonly dependencies?: readonly FeatureDependency[]
  readonly description?: string | null
  readonly type?: string
  readonly project?: string
  readonly stale?: boolean
  readonly impressionData?: boolean
}

/** A reusable set of constraints, referenced by strategies through its id. */
export interface ClientSegment {
  readonly id: number
  readonly name?: string
  readonly constraints: readonly ClientConstraint[]
}

export interface ClientFeatures {
  readonly version: number
  readonly features: readonly ClientFeature[]
  readonly segments?: readonly ClientSegment[]
}
