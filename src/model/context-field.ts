import * as t from 'io-ts'
import { StrategyRef } from './segment.js'
import { Integer, closed, lengthBetween, open, refinedString, urlFriendly } from './codec.js'

export const LegalValue = t.intersection([t.type({ value: t.string }), t.partial({ description: t.string })], 'a legal value')
export type LegalValue = t.TypeOf<typeof LegalValue>

const CONTEXT_FIELD = {
  name: t.string,
  description: t.union([t.string, t.null]),
  stickiness: t.boolean,
  sortOrder: t.number,
  legalValues: t.array(LegalValue),
  createdAt: t.string,
}

/** A context field as returned. */
export const ContextField = t.intersection([t.type(CONTEXT_FIELD), t.partial({ project: t.string })])
export type ContextField = t.TypeOf<typeof ContextField>

/** A context field as listed: with how many live projects and features name it in a constraint, as Unleash counts (its key order: the counts before `project`). */
export const ListedContextField = t.intersection([
  t.type({ ...CONTEXT_FIELD, usedInProjects: t.number, usedInFeatures: t.number }),
  t.partial({ project: t.string }),
])
export type ListedContextField = t.TypeOf<typeof ListedContextField>

export const ContextFieldName = refinedString(
  'a URL-friendly name of 1 to 100 characters',
  (s) => s.length >= 1 && s.length <= 100 && urlFriendly(s),
)

/** Unknown properties are refused, as by Unleash's `legalValueSchema`. */
export const LegalValueInput = closed({ value: lengthBetween(1, 100) }, { description: t.string }, 'a legal value')
export type LegalValueInput = t.TypeOf<typeof LegalValueInput>

/** Creating a context field: no description (null), stickiness false, sortOrder 0, no legal values. */
export const CreateContextFieldBody = open(
  { name: ContextFieldName },
  { description: t.union([t.string, t.null]), stickiness: t.boolean, sortOrder: Integer, legalValues: t.array(LegalValueInput), project: t.string },
  'a context field',
)
export type CreateContextFieldBody = t.TypeOf<typeof CreateContextFieldBody>

/** Only the fields sent change; `name` and `project` are fixed once created. */
export const UpdateContextFieldBody = open(
  {},
  { description: t.union([t.string, t.null]), stickiness: t.boolean, sortOrder: Integer, legalValues: t.array(LegalValueInput) },
  'a context field update',
)
export type UpdateContextFieldBody = t.TypeOf<typeof UpdateContextFieldBody>

/** Checking a context field name before creating one (Unleash: POST /api/admin/context/validate). */
export const ContextFieldNameBody = open({ name: ContextFieldName }, {}, 'a context field name')
export type ContextFieldNameBody = t.TypeOf<typeof ContextFieldNameBody>

/** The strategies with a constraint on a context field (Unleash: GET /api/admin/context/:name/strategies). */
export const ContextFieldStrategies = t.type({ strategies: t.array(StrategyRef) })
export type ContextFieldStrategies = t.TypeOf<typeof ContextFieldStrategies>
