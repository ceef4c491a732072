import * as E from 'fp-ts/lib/Either.js'
import type { StrategyTypeRecord } from '../../model/strategy-type.js'
import type { State, StrategyTypeState } from '../../model/state.js'
import { getRow, rows } from '../../model/table.js'
import { type NotFoundError, notFound } from '../errors.js'

/** The built-in strategy types, in the order Unleash lists them, with the names its UI shows. */
const BUILT_IN = new Map([
  ['flexibleRollout', 'Gradual rollout'],
  ['default', 'Standard'],
  ['remoteAddress', 'IPs'],
  ['applicationHostname', 'Hosts'],
])
const rank = (name: string): number => {
  const index = [...BUILT_IN.keys()].indexOf(name)
  return index < 0 ? BUILT_IN.size : index
}

/** A strategy type as Unleash answers it: the built-in ones cannot be edited, none is deprecated. */
const recordOf = (type: StrategyTypeState): StrategyTypeRecord => ({
  displayName: BUILT_IN.get(type.name) ?? type.name,
  name: type.name,
  editable: !type.builtIn,
  description: type.description,
  parameters: type.parameters.map((p) => ({ name: p.name, type: p.type, description: p.description, required: p.required })),
  deprecated: false,
  title: null,
})

/** The strategy types, the built-in ones first in Unleash's order, then by name. */
export const listStrategyTypes = (state: State): StrategyTypeRecord[] =>
  [...rows(state.strategyTypes)].sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(recordOf)

export const findStrategyType = (state: State, name: string): E.Either<NotFoundError, StrategyTypeRecord> => {
  const type = getRow(state.strategyTypes, name)
  return type ? E.right(recordOf(type)) : E.left(notFound('No strategy found')) // Unleash's words
}
