import * as t from 'io-ts'
import { FiniteNumber, NonNegativeInteger, closed, dictOf, open, type Named } from './codec.js'
import { Constraint, ConstraintInput } from './constraint.js'
import { StrategyVariant, StrategyVariantInput } from './variant.js'

/** A strategy as stored and returned by the admin API. */
export interface Strategy extends t.TypeOf<typeof StrategyCodec> {}
const StrategyCodec = t.type({
  id: t.string,
  name: t.string,
  title: t.union([t.string, t.null]),
  disabled: t.boolean,
  featureName: t.string,
  sortOrder: t.number,
  segments: t.array(t.number),
  constraints: t.array(Constraint),
  variants: t.array(StrategyVariant),
  parameters: dictOf(t.string),
})
export const Strategy: Named<typeof StrategyCodec, Strategy> = StrategyCodec

/** A strategy in a feature environment's list: Unleash adds the release plan milestone it belongs to, none in flagport. */
export interface ListedStrategy extends t.TypeOf<typeof ListedStrategyCodec> {}
const ListedStrategyCodec = t.intersection([Strategy, t.type({ milestoneId: t.null })])
export const ListedStrategy: Named<typeof ListedStrategyCodec, ListedStrategy> = ListedStrategyCodec

const STRATEGY_FIELDS = {
  title: t.union([t.string, t.null]),
  disabled: t.union([t.boolean, t.null]),
  sortOrder: FiniteNumber,
  segments: t.array(NonNegativeInteger),
  constraints: t.array(ConstraintInput),
  variants: t.array(StrategyVariantInput),
  parameters: dictOf(t.union([t.string, t.number, t.boolean], 'a string'), 'an object of string values'),
}

/** Body of adding or replacing a strategy. Parameters may be strings or numbers (sent as strings). */
export interface StrategyBody extends t.TypeOf<typeof StrategyBodyCodec> {}
const StrategyBodyCodec = open({ name: t.string }, STRATEGY_FIELDS, 'a strategy')
export const StrategyBody: Named<typeof StrategyBodyCodec, StrategyBody> = StrategyBodyCodec

/**
 * A strategy once a JSON Patch has been applied to it, checked as Unleash checks it (its
 * `featureStrategySchema`): no other properties. `id` and `featureName` are the strategy's
 * own and are not changed.
 */
export interface PatchedStrategy extends t.TypeOf<typeof PatchedStrategyCodec> {}
const PatchedStrategyCodec = closed({ name: t.string }, { ...STRATEGY_FIELDS, id: t.string, featureName: t.string }, 'a strategy')
export const PatchedStrategy: Named<typeof PatchedStrategyCodec, PatchedStrategy> = PatchedStrategyCodec

/**
 * A project environment's default strategy (Unleash: POST .../projects/:p/environments/:env/
 * default-strategy), as stored and answered: the strategy added when a feature is turned on
 * there with no enabled strategy. Its parameters are kept as set; an empty or absent groupId
 * becomes the feature's name when it is used. `sortOrder` only when one was set.
 */
export interface DefaultStrategy extends t.TypeOf<typeof DefaultStrategyCodec> {}
const DefaultStrategyCodec = t.intersection([
  t.type({
    name: t.string,
    title: t.union([t.string, t.null]),
    disabled: t.boolean,
    segments: t.array(t.number),
    constraints: t.array(Constraint),
    variants: t.array(StrategyVariant),
    parameters: dictOf(t.string),
  }),
  t.partial({ sortOrder: t.number }),
])
export const DefaultStrategy: Named<typeof DefaultStrategyCodec, DefaultStrategy> = DefaultStrategyCodec

/** Operation 2: `[{ id, sortOrder }]`. */
export const SetSortOrderBody = t.array(
  closed({ id: t.string, sortOrder: FiniteNumber }, {}, 'an object with id and sortOrder'),
  'an array of { id, sortOrder }',
)
export type SetSortOrderBody = t.TypeOf<typeof SetSortOrderBody>
