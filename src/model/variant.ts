import * as t from 'io-ts'
import { FiniteNumber, Integer, closed, oneOf, type Named } from './codec.js'

/*
 * Variants, their payloads and overrides refuse unknown properties, as Unleash 8.2 does: its
 * `variantSchema` and `overrideSchema` for a feature's, its Joi schema for a strategy's.
 */

const PayloadFields = closed({ type: oneOf(['json', 'csv', 'string', 'number']), value: t.string }, {}, 'a payload')
type PayloadFields = t.TypeOf<typeof PayloadFields>

/**
 * What is wrong with a payload's value for its type, if anything. A `json` value must parse
 * to an object or an array, as Unleash's check reads "valid json string" (SDKs hand the parsed
 * value to the application); a `number` value must read as a finite number (Unleash does not
 * check it, and SDKs that parse it would get NaN).
 */
const valueProblem = (payload: PayloadFields): string | undefined => {
  if (payload.type === 'json') {
    try {
      const parsed: unknown = JSON.parse(payload.value)
      if (parsed !== null && typeof parsed === 'object') return undefined
    } catch {
      // Not JSON at all: the same answer as JSON that holds no object.
    }
    return "'value' must be a valid json string when 'type' is json"
  }
  if (payload.type === 'number' && (payload.value.trim() === '' || !Number.isFinite(Number(payload.value)))) {
    return "'value' must be a number when 'type' is number"
  }
  return undefined
}

/** A variant's payload: its fields, then its value read as its type says (the problem at `value`). */
export const Payload = new t.Type<PayloadFields, PayloadFields, unknown>(
  PayloadFields.name,
  (u): u is PayloadFields => PayloadFields.is(u) && valueProblem(u) === undefined,
  (u, c) => {
    const fields = PayloadFields.validate(u, c)
    if (fields._tag === 'Left') return fields
    const problem = valueProblem(fields.right)
    return problem === undefined ? fields : t.failure(fields.right.value, [...c, { key: 'value', type: t.string, actual: fields.right.value }], problem)
  },
  t.identity,
)
export type Payload = t.TypeOf<typeof Payload>

export const WeightType = oneOf(['variable', 'fix'])
export type WeightType = t.TypeOf<typeof WeightType>

export interface Override extends t.TypeOf<typeof OverrideCodec> {}
const OverrideCodec = closed({ contextName: t.string, values: t.array(t.string) }, {}, 'an override')
export const Override: Named<typeof OverrideCodec, Override> = OverrideCodec

const STRATEGY_VARIANT = { name: t.string, weight: Integer, weightType: WeightType, stickiness: t.string }

/** Strategy-level variant: weight, weightType and stickiness are required. */
export interface StrategyVariant extends t.TypeOf<typeof StrategyVariantCodec> {}
const StrategyVariantCodec = closed(STRATEGY_VARIANT, { payload: Payload }, 'a strategy variant')
export const StrategyVariant: Named<typeof StrategyVariantCodec, StrategyVariant> = StrategyVariantCodec

/**
 * A strategy variant as sent. Unleash's schema also takes `overrides` (its feature variants'):
 * they are checked, and not kept, as flagport's strategy variants have none.
 */
export interface StrategyVariantInput extends t.TypeOf<typeof StrategyVariantInputCodec> {}
const StrategyVariantInputCodec = closed(STRATEGY_VARIANT, { payload: Payload, overrides: t.array(Override) }, 'a strategy variant')
export const StrategyVariantInput: Named<typeof StrategyVariantInputCodec, StrategyVariantInput> = StrategyVariantInputCodec

/** Feature-level and feature-environment variant, with overrides. */
export interface FeatureVariantInput extends t.TypeOf<typeof FeatureVariantInputCodec> {}
const FeatureVariantInputCodec = closed(
  { name: t.string, weight: FiniteNumber },
  { weightType: WeightType, stickiness: t.string, payload: Payload, overrides: t.array(Override) },
  'a variant',
)
export const FeatureVariantInput: Named<typeof FeatureVariantInputCodec, FeatureVariantInput> = FeatureVariantInputCodec

/** A feature variant as stored and returned: weightType, stickiness and overrides filled in. */
export interface FeatureVariant extends t.TypeOf<typeof FeatureVariantCodec> {}
const FeatureVariantCodec = t.intersection([
  t.type({ name: t.string, weight: t.number, weightType: WeightType, stickiness: t.string, overrides: t.array(Override) }),
  t.partial({ payload: Payload }),
])
export const FeatureVariant: Named<typeof FeatureVariantCodec, FeatureVariant> = FeatureVariantCodec
