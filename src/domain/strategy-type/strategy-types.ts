import * as E from 'fp-ts/lib/Either.js'
import type { CreateStrategyTypeBody, StrategyTypeRecord, UpdateStrategyTypeBody } from '../../model/strategy-type.js'
import type { StrategyTypeState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type DomainError, type ErrorDetail, type NotFoundError, conflict, nameExists, notFound, validationError, type NameExistsError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { jsonEqual } from '../json-patch.js'
import { allStrategies, describeUse, stateBefore } from '../segment/usage.js'
import type { ReadState, Tx } from '../../store/tx.js'

/** The built-in strategy types, in the order Unleash lists them, with the names its UI shows. */
const BUILT_IN: readonly (readonly [name: string, displayName: string])[] = [
  ['flexibleRollout', 'Gradual rollout'],
  ['default', 'Standard'],
  ['remoteAddress', 'IPs'],
  ['applicationHostname', 'Hosts'],
]
const rank = (name: string): number => {
  const index = BUILT_IN.findIndex(([builtIn]) => builtIn === name)
  return index < 0 ? BUILT_IN.length : index
}

/** A strategy type as Unleash answers it: the built-in ones have a display name and cannot be edited. */
const recordOf = (type: StrategyTypeState): StrategyTypeRecord => ({
  displayName: BUILT_IN.find(([builtIn]) => builtIn === type.name)?.[1] ?? null,
  name: type.name,
  editable: !type.builtIn,
  description: type.description,
  parameters: type.parameters.map((p) => ({ name: p.name, type: p.type, description: p.description, required: p.required })),
  deprecated: type.deprecated ?? false,
  title: type.title ?? null,
})

/** The strategy types, the built-in ones first in Unleash's order, then by name. */
export const listStrategyTypes = (state: ReadState): StrategyTypeRecord[] =>
  [...state.strategyTypes.rows()].sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(recordOf)

export const findStrategyType = (state: ReadState, name: string): E.Either<NotFoundError, StrategyTypeRecord> => {
  const type = state.strategyTypes.get(name)
  return type ? E.right(recordOf(type)) : E.left(notFound('No strategy found')) // Unleash's words
}

/** A type's parameters as stored: a description and `required` always, as the built-in ones have. */
const parametersOf = (parameters: CreateStrategyTypeBody['parameters'], problems: ErrorDetail[]): StrategyTypeState['parameters'] => {
  const seen = new Set<string>()
  parameters.forEach((p, i) => {
    if (seen.has(p.name)) problems.push({ path: `/body/parameters/${i}/name`, message: `The parameter "${p.name}" appears twice.` })
    seen.add(p.name)
  })
  return parameters.map((p) => ({ name: p.name, type: p.type, description: p.description ?? '', required: p.required ?? false }))
}

const foundCustom = (state: ReadState, name: string, missing: () => NotFoundError): E.Either<DomainError, StrategyTypeState> => {
  const type = state.strategyTypes.get(name)
  if (!type) return E.left(missing())
  // Unleash answers 500 for a built-in type; flagport refuses it in Unleash's words.
  return type.builtIn ? E.left(validationError(`Cannot edit strategy ${name}`)) : E.right(type)
}

/** Creates a custom strategy type (Unleash: POST /api/admin/strategies); its record. */
export const createStrategyType = (draft: Tx, body: CreateStrategyTypeBody, ctx: Ctx): E.Either<NameExistsError | ValidationError, StrategyTypeRecord> => {
  if (draft.strategyTypes.get(body.name)) return E.left(nameExists(`Strategy with name ${body.name} already exist!`)) // Unleash's words
  const problems: ErrorDetail[] = []
  const parameters = parametersOf(body.parameters, problems)
  if (problems.length > 0) return E.left(validationError(problems))
  const type: StrategyTypeState = { name: body.name, description: body.description ?? '', parameters, builtIn: false, title: body.title ?? null, deprecated: body.deprecated ?? false }
  draft.strategyTypes.set(type.name, type)
  const record = recordOf(type)
  recordEvent(draft, ctx, { type: 'strategy-created', data: record })
  return E.right(record)
}

/**
 * Replaces a custom type's title, description and parameters (Unleash: PUT
 * /api/admin/strategies/:name); it stays deprecated or not unless `deprecated` is sent
 * (Unleash's PUT reactivates a type it is not told is deprecated). Sending what it holds
 * changes and records nothing.
 */
export const updateStrategyType = (draft: Tx, name: string, body: UpdateStrategyTypeBody, ctx: Ctx): E.Either<DomainError, StrategyTypeRecord> => {
  const found = foundCustom(draft, name, () => notFound('No strategy found'))
  if (E.isLeft(found)) return found
  const problems: ErrorDetail[] = []
  const parameters = parametersOf(body.parameters, problems)
  if (problems.length > 0) return E.left(validationError(problems))
  const before = found.right
  const after: StrategyTypeState = {
    ...before,
    // Left out, the description and title are kept, as Unleash keeps them.
    description: body.description !== undefined ? (body.description ?? '') : before.description,
    parameters,
    title: body.title !== undefined ? body.title : before.title,
    deprecated: body.deprecated ?? before.deprecated ?? false,
  }
  const record = recordOf(after)
  if (jsonEqual(recordOf(before), record)) return E.right(record)
  draft.strategyTypes.set(name, after)
  recordEvent(draft, ctx, { type: 'strategy-updated', data: record, preData: recordOf(before) })
  return E.right(record)
}

/**
 * Deletes a custom type that no strategy uses (Unleash deletes one in use, leaving strategies
 * that name a type no longer there: they could not be exported and imported again).
 */
export const deleteStrategyType = (draft: Tx, name: string, ctx: Ctx): E.Either<DomainError, void> => {
  const found = foundCustom(draft, name, () => notFound('No strategy found'))
  if (E.isLeft(found)) return found
  const state = stateBefore(draft)
  const uses = [...allStrategies(state)].filter((use) => use.strategy.name === name).map(describeUse)
  if (uses.length > 0) {
    return E.left(conflict(`The strategy type ${name} is in use; remove these strategies first.`, uses.map((use) => `Used by ${use}.`)))
  }
  draft.strategyTypes.delete(name)
  recordEvent(draft, ctx, { type: 'strategy-deleted', data: { name } })
  return E.right(undefined)
}

/**
 * Deprecates a type, or takes that back (Unleash: POST .../:name/deprecate, /reactivate),
 * built-in ones too, as in Unleash. Its strategies keep working; Unleash's UI stops offering
 * it for new ones. The state it has already changes and records nothing.
 */
export const setStrategyTypeDeprecated = (draft: Tx, name: string, deprecated: boolean, ctx: Ctx): E.Either<NotFoundError, void> => {
  const type = draft.strategyTypes.get(name)
  if (!type) return E.left(notFound(`Could not find strategy with name ${name}`)) // Unleash's words
  if ((type.deprecated ?? false) === deprecated) return E.right(undefined)
  draft.strategyTypes.set(name, { ...type, deprecated })
  recordEvent(draft, ctx, { type: deprecated ? 'strategy-deprecated' : 'strategy-reactivated', data: { name } })
  return E.right(undefined)
}
