import * as E from 'fp-ts/lib/Either.js'
import {
  contextFieldNameTaken,
  createContextField,
  deleteContextField,
  findContextField,
  listContextFields,
  removeLegalValue,
  renderContextField,
  setLegalValue,
  updateContextField,
} from '../../domain/context-field/context-fields.js'
import { strategiesWithContextField } from '../../domain/segment/strategy-refs.js'
import { type ContextField, ContextFieldNameBody, CreateContextFieldBody, LegalValueInput, UpdateContextFieldBody } from '../../model/context-field.js'
import type { ContextFieldState, State } from '../../model/state.js'
import { read, write } from '../operation.js'
import { ContextFieldParams, LegalValueParams, NoParams } from '../../model/params.js'

const rendered = (name: string) => (next: State): ContextField => renderContextField(next.contextFields.get(name)!)

export const listContextFieldsOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state, { kept }) => E.right(listContextFields(state, kept.usage(state))),
})

export const getContextFieldOp = read({
  params: ContextFieldParams,
  requirement: 'NONE',
  run: (state, { params }) => E.map((f: ContextFieldState) => renderContextField(f))(findContextField(state, params.contextName)),
})

export const createContextFieldOp = write({
  params: NoParams,
  requirement: 'CREATE_CONTEXT_FIELD',
  body: CreateContextFieldBody,
  run: (draft, { body, ctx }) => E.map(rendered)(createContextField(draft, body, ctx)),
})

export const updateContextFieldOp = write({
  params: ContextFieldParams,
  requirement: 'UPDATE_CONTEXT_FIELD',
  body: UpdateContextFieldBody,
  run: (draft, { params, body, ctx }) => E.map(rendered)(updateContextField(draft, params.contextName, body, ctx)),
})

/** Refused while a strategy, a variant or a segment uses the field. */
export const deleteContextFieldOp = write({
  params: ContextFieldParams,
  requirement: 'DELETE_CONTEXT_FIELD',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteContextField(draft, params.contextName, ctx)),
})

/** Adds a legal value to a field, or changes its description (Unleash: POST .../legal-values). */
export const setLegalValueOp = write({
  params: ContextFieldParams,
  requirement: 'UPDATE_CONTEXT_FIELD',
  body: LegalValueInput,
  run: (draft, { params, body, ctx }) => E.map(() => () => undefined)(setLegalValue(draft, params.contextName, body, ctx)),
})

/** Removes a legal value from a field (Unleash: DELETE .../legal-values/:legalValue). */
export const removeLegalValueOp = write({
  params: LegalValueParams,
  requirement: 'UPDATE_CONTEXT_FIELD',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(removeLegalValue(draft, params.contextName, params.legalValue, ctx)),
})

/** A name checked as a create would check it (Unleash: POST /api/admin/context/validate, 200): the form (400) and whether it is taken (409). */
export const validateContextFieldNameOp = read({
  params: NoParams,
  requirement: 'UPDATE_CONTEXT_FIELD',
  body: ContextFieldNameBody,
  run: (state, { body }) => {
    const taken = contextFieldNameTaken(state, body.name)
    return taken ? E.left(taken) : E.right(undefined)
  },
})

/** Unleash: GET /api/admin/context/:name/strategies, the strategies with a constraint on it (none for an unknown field, as in Unleash). */
export const contextFieldStrategiesOp = read({
  params: ContextFieldParams,
  requirement: 'NONE',
  run: (state, { params }) => E.right({ strategies: strategiesWithContextField(state, params.contextName) }),
})
