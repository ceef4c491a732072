import * as t from 'io-ts'
import { FiniteNumber, Integer, oneOf, open } from './codec.js'

export const Payload = open({ type: oneOf(['json', 'csv', 'string', 'number']), value: t.string }, {}, 'a payload')
export type Payload = t.TypeOf<typeof Payload>

export const WeightType = oneOf(['variable', 'fix'])
export type WeightType = t.TypeOf<typeof WeightType>

export const Override = open({ contextName: t.string, values: t.array(t.string) }, {}, 'an override')
export type Override = t.TypeOf<typeof Override>

/** Strategy-level variant: weight, weightType and stickiness are required. */
export const StrategyVariant = open(
  { name: t.string, weight: Integer, weightType: WeightType, stickiness: t.string },
  { payload: Payload },
  'a strategy variant',
)
export type StrategyVariant = t.TypeOf<typeof StrategyVariant>

/** Feature-level and feature-environment variant, with overrides. */
export const FeatureVariantInput = open(
  { name: t.string, weight: FiniteNumber },
  { weightType: WeightType, stickiness: t.string, payload: Payload, overrides: t.array(Override) },
  'a variant',
)
export type FeatureVariantInput = t.TypeOf<typeof FeatureVariantInput>

/** A feature variant as stored and returned: weightType, stickiness and overrides filled in. */
export const FeatureVariant = t.intersection([
  t.type({ name: t.string, weight: t.number, weightType: WeightType, stickiness: t.string, overrides: t.array(Override) }),
  t.partial({ payload: Payload }),
])
export type FeatureVariant = t.TypeOf<typeof FeatureVariant>
