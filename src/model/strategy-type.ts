import * as t from 'io-ts'

/** A strategy type, as Unleash answers `GET /api/admin/strategies`. */
export const StrategyTypeRecord = t.type({
  displayName: t.string,
  name: t.string,
  editable: t.boolean,
  description: t.string,
  parameters: t.array(t.type({ name: t.string, type: t.string, description: t.string, required: t.boolean })),
  deprecated: t.boolean,
  title: t.null,
})
export type StrategyTypeRecord = t.TypeOf<typeof StrategyTypeRecord>

export const StrategyTypeList = t.type({ version: t.literal(1), strategies: t.array(StrategyTypeRecord) })
export type StrategyTypeList = t.TypeOf<typeof StrategyTypeList>
