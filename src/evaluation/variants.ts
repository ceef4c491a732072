import type { FeatureVariant, StrategyVariant, VariantPayload } from '../model/client-features.js'
import { type Context, type FieldReader, fieldReader } from './context.js'
import { VARIANT_SEED, normalizedValue } from './murmur3.js'
import { type RandomSource, drawBucket } from './random.js'

/**
 * Variant selection: overrides first, then a sticky bucket over the summed weights.
 * Results are built once per variant and frozen, so `getVariant` allocates nothing.
 */

/**
 * What `getVariant` returns. `featureEnabled` and its older spelling `feature_enabled`
 * (the one the client specification checks) both say whether the feature itself was on.
 */
export interface Variant {
  readonly name: string
  readonly enabled: boolean
  readonly payload?: VariantPayload
  readonly featureEnabled: boolean
  readonly feature_enabled: boolean
}

/** The variant for a feature that is off (or unknown). */
export const DISABLED_VARIANT: Variant = Object.freeze({
  name: 'disabled',
  enabled: false,
  featureEnabled: false,
  feature_enabled: false,
})

/** The variant for a feature that is on but has no variant to give. */
export const DISABLED_VARIANT_FEATURE_ON: Variant = Object.freeze({
  name: 'disabled',
  enabled: false,
  featureEnabled: true,
  feature_enabled: true,
})

/** Picks a variant for a context; `undefined` when nothing can be picked. */
export type VariantSelector = (context: Context) => Variant | undefined

const toResult = (variant: StrategyVariant): Variant => {
  const payload = variant.payload
  return Object.freeze({
    name: variant.name,
    enabled: true,
    ...(payload === undefined ? {} : { payload: Object.freeze({ type: payload.type, value: payload.value }) }),
    featureEnabled: true,
    feature_enabled: true,
  })
}

/** How to get the number a variant is chosen by: a hash of a sticky id, or a random draw. */
const targetResolver = (
  stickiness: string | undefined,
  groupId: string,
  total: number,
  random: RandomSource,
): ((context: Context) => number) => {
  const drawn = (): number => drawBucket(random, total)
  const bucket = (id: string | undefined): number =>
    id === undefined ? drawn() : normalizedValue(id, groupId, total, VARIANT_SEED)
  // `random` is read as a context field, as the SDKs do: absent, as it always is, means a random draw.
  if (stickiness !== undefined && stickiness !== '' && stickiness !== 'default') {
    const read = fieldReader(stickiness)
    return (context) => bucket(read(context))
  }
  const readers: FieldReader[] = ['userId', 'sessionId', 'remoteAddress'].map(fieldReader)
  return (context) => {
    for (const read of readers) {
      const id = read(context)
      if (id !== undefined) return bucket(id)
    }
    return drawn()
  }
}

const overrideMatcher = (variants: readonly FeatureVariant[], results: readonly Variant[]): VariantSelector => {
  const rules = variants.flatMap((variant, i) =>
    (variant.overrides ?? []).map((o) => ({ read: fieldReader(o.contextName), values: new Set(o.values), result: results[i]! })),
  )
  if (rules.length === 0) return () => undefined
  return (context) => {
    for (const rule of rules) {
      const value = rule.read(context)
      if (value !== undefined && rule.values.has(value)) return rule.result
    }
    return undefined
  }
}

/**
 * Compiles a variant list. `groupId` is the feature name for feature variants and the
 * strategy's groupId for strategy variants; `stickiness` is the first variant's, falling
 * back to the strategy's for strategy variants. Returns `undefined` when the weights sum to zero or less.
 */
export const compileVariants = (
  variants: readonly FeatureVariant[],
  groupId: string,
  stickiness: string | undefined,
  random: RandomSource,
): VariantSelector | undefined => {
  const total = variants.reduce((sum, v) => sum + (v.weight > 0 ? v.weight : 0), 0)
  if (!(total > 0)) return undefined
  const results = variants.map(toResult)
  const override = overrideMatcher(variants, results)
  const target = targetResolver(stickiness, groupId, total, random)
  // Upper bound of each variant's slice of 1..total; zero weights get no slice.
  let running = 0
  const slices = variants.flatMap((v, i) => (v.weight > 0 ? [{ upTo: (running += v.weight), result: results[i]! }] : []))

  return (context) => {
    const pinned = override(context)
    if (pinned !== undefined) return pinned
    const at = target(context)
    for (const slice of slices) if (at <= slice.upTo) return slice.result
    return slices[slices.length - 1]?.result
  }
}
