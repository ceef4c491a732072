import * as t from 'io-ts'
import { NonBlankString, oneOf, open, type Named } from './codec.js'
import { FeatureName } from './feature.js'

/** A strategy type, as Unleash answers `GET /api/admin/strategies`: a custom one has no display name. */
export interface StrategyTypeRecord extends t.TypeOf<typeof StrategyTypeRecordCodec> {}
const StrategyTypeRecordCodec = t.type({
  displayName: t.union([t.string, t.null]),
  name: t.string,
  editable: t.boolean,
  description: t.string,
  parameters: t.array(t.type({ name: t.string, type: t.string, description: t.string, required: t.boolean })),
  deprecated: t.boolean,
  title: t.union([t.string, t.null]),
})
export const StrategyTypeRecord: Named<typeof StrategyTypeRecordCodec, StrategyTypeRecord> = StrategyTypeRecordCodec

export interface StrategyTypeList extends t.TypeOf<typeof StrategyTypeListCodec> {}
const StrategyTypeListCodec = t.type({ version: t.literal(1), strategies: t.array(StrategyTypeRecord) })
export const StrategyTypeList: Named<typeof StrategyTypeListCodec, StrategyTypeList> = StrategyTypeListCodec

/** The kinds of parameter a strategy type may take, as Unleash's UI edits them. */
export const STRATEGY_PARAMETER_TYPES = ['string', 'percentage', 'list', 'number', 'boolean'] as const

export const StrategyParameterInput = open(
  { name: NonBlankString, type: oneOf(STRATEGY_PARAMETER_TYPES) },
  { description: t.union([t.string, t.null]), required: t.boolean },
  'a parameter { name, type, description?, required? }',
)

const STRATEGY_TYPE_FIELDS = {
  title: t.union([t.string, t.null]),
  description: t.union([t.string, t.null]),
  deprecated: t.boolean,
}

/**
 * Creating a custom strategy type (Unleash: POST /api/admin/strategies): a URL-friendly name,
 * as a feature's, and its parameters. Other properties are dropped, as Unleash strips them
 * (its `editable`: a custom type is always editable here).
 */
export interface CreateStrategyTypeBody extends t.TypeOf<typeof CreateStrategyTypeBodyCodec> {}
const CreateStrategyTypeBodyCodec = open({ name: FeatureName, parameters: t.array(StrategyParameterInput) }, STRATEGY_TYPE_FIELDS, 'a strategy type')
export const CreateStrategyTypeBody: Named<typeof CreateStrategyTypeBodyCodec, CreateStrategyTypeBody> = CreateStrategyTypeBodyCodec

/** Replacing one (PUT /api/admin/strategies/:name): the path names it; a `name` sent is ignored, as Unleash ignores it. */
export interface UpdateStrategyTypeBody extends t.TypeOf<typeof UpdateStrategyTypeBodyCodec> {}
const UpdateStrategyTypeBodyCodec = open({ parameters: t.array(StrategyParameterInput) }, { ...STRATEGY_TYPE_FIELDS, name: t.string }, 'a strategy type')
export const UpdateStrategyTypeBody: Named<typeof UpdateStrategyTypeBodyCodec, UpdateStrategyTypeBody> = UpdateStrategyTypeBodyCodec
