import * as t from 'io-ts'
import { StrategyRef } from './segment.js'
import { Integer, closed, lengthBetween, open, refinedString, urlFriendly, type Named } from './codec.js'

export interface LegalValue extends t.TypeOf<typeof LegalValueCodec> {}
const LegalValueCodec = t.intersection([t.type({ value: t.string }), t.partial({ description: t.string })], 'a legal value')
export const LegalValue: Named<typeof LegalValueCodec, LegalValue> = LegalValueCodec

const CONTEXT_FIELD = {
  name: t.string,
  description: t.union([t.string, t.null]),
  stickiness: t.boolean,
  sortOrder: t.number,
  legalValues: t.array(LegalValue),
  createdAt: t.string,
}

/** A context field as returned. */
export interface ContextField extends t.TypeOf<typeof ContextFieldCodec> {}
const ContextFieldCodec = t.intersection([t.type(CONTEXT_FIELD), t.partial({ project: t.string })])
export const ContextField: Named<typeof ContextFieldCodec, ContextField> = ContextFieldCodec

/** A context field as listed: with how many live projects and features name it in a constraint, as Unleash counts (its key order: the counts before `project`). */
export interface ListedContextField extends t.TypeOf<typeof ListedContextFieldCodec> {}
const ListedContextFieldCodec = t.intersection([
  t.type({ ...CONTEXT_FIELD, usedInProjects: t.number, usedInFeatures: t.number }),
  t.partial({ project: t.string }),
])
export const ListedContextField: Named<typeof ListedContextFieldCodec, ListedContextField> = ListedContextFieldCodec

export const ContextFieldName = refinedString(
  'a URL-friendly name of 1 to 100 characters',
  (s) => s.length >= 1 && s.length <= 100 && urlFriendly(s),
)

/** Unknown properties are refused, as by Unleash's `legalValueSchema`. */
export interface LegalValueInput extends t.TypeOf<typeof LegalValueInputCodec> {}
const LegalValueInputCodec = closed({ value: lengthBetween(1, 100) }, { description: t.string }, 'a legal value')
export const LegalValueInput: Named<typeof LegalValueInputCodec, LegalValueInput> = LegalValueInputCodec

/** Creating a context field: no description (null), stickiness false, sortOrder 0, no legal values. */
export interface CreateContextFieldBody extends t.TypeOf<typeof CreateContextFieldBodyCodec> {}
const CreateContextFieldBodyCodec = open(
  { name: ContextFieldName },
  { description: t.union([t.string, t.null]), stickiness: t.boolean, sortOrder: Integer, legalValues: t.array(LegalValueInput), project: t.string },
  'a context field',
)
export const CreateContextFieldBody: Named<typeof CreateContextFieldBodyCodec, CreateContextFieldBody> = CreateContextFieldBodyCodec

/** Only the fields sent change; `name` and `project` are fixed once created. */
export interface UpdateContextFieldBody extends t.TypeOf<typeof UpdateContextFieldBodyCodec> {}
const UpdateContextFieldBodyCodec = open(
  {},
  { description: t.union([t.string, t.null]), stickiness: t.boolean, sortOrder: Integer, legalValues: t.array(LegalValueInput) },
  'a context field update',
)
export const UpdateContextFieldBody: Named<typeof UpdateContextFieldBodyCodec, UpdateContextFieldBody> = UpdateContextFieldBodyCodec

/** Checking a context field name before creating one (Unleash: POST /api/admin/context/validate). */
export interface ContextFieldNameBody extends t.TypeOf<typeof ContextFieldNameBodyCodec> {}
const ContextFieldNameBodyCodec = open({ name: ContextFieldName }, {}, 'a context field name')
export const ContextFieldNameBody: Named<typeof ContextFieldNameBodyCodec, ContextFieldNameBody> = ContextFieldNameBodyCodec

/** The strategies with a constraint on a context field (Unleash: GET /api/admin/context/:name/strategies). */
export interface ContextFieldStrategies extends t.TypeOf<typeof ContextFieldStrategiesCodec> {}
const ContextFieldStrategiesCodec = t.type({ strategies: t.array(StrategyRef) })
export const ContextFieldStrategies: Named<typeof ContextFieldStrategiesCodec, ContextFieldStrategies> = ContextFieldStrategiesCodec
