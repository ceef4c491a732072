import * as E from 'fp-ts/lib/Either.js'
import type { ContextField, CreateContextFieldBody, ListedContextField, UpdateContextFieldBody } from '../../model/context-field.js'
import type { ContextFieldState, LegalValue } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, type NameExistsError, type NotFoundError, conflict, nameExists, notFound, validationError, type ConflictError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { type Usage, contextFieldUsage, stateBefore, usageOf } from '../segment/usage.js'
import { contextFieldUses } from './usage.js'
import type { ReadState, Tx } from '../../store/tx.js'

export const renderContextField = (f: ContextFieldState): ContextField => ({
  name: f.name,
  description: f.description,
  stickiness: f.stickiness,
  sortOrder: f.sortOrder,
  legalValues: f.legalValues.map((v) => ({ ...v })),
  createdAt: f.createdAt,
  ...(f.project !== undefined ? { project: f.project } : {}),
})

export const findContextField = (state: ReadState, name: string): E.Either<NotFoundError, ContextFieldState> => {
  const field = state.contextFields.get(name)
  return field ? E.right(field) : E.left(notFound(`Could not find context field with name ${name}`)) // Unleash's words
}

/** Context fields by name, each with its use in constraints (`contextFieldUsage`), in Unleash's key order. */
export const listContextFields = (state: ReadState, usage: Usage = usageOf(state)): ListedContextField[] =>
  Array.from(state.contextFields.rows())
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((f) => {
      const { project, ...field } = renderContextField(f)
      return { ...field, ...contextFieldUsage(usage, f.name), ...(project !== undefined ? { project } : {}) }
    })

const legalValuesOf = (values: readonly LegalValue[], problems: ErrorDetail[]): LegalValue[] => {
  values.forEach((v, i) => {
    if (values.findIndex((other) => other.value === v.value) !== i) {
      problems.push({ path: `/body/legalValues/${i}/value`, message: `Legal values must be unique; "${v.value}" appears twice.` })
    }
  })
  return values.map((v) => ({ value: v.value, ...(v.description !== undefined ? { description: v.description } : {}) }))
}

/** Creates a context field with Unleash's defaults (no description, sortOrder 0, not a stickiness field). */
/** Unleash's 409 when a context field has the name. */
export const contextFieldNameTaken = (state: ReadState, name: string): NameExistsError | undefined =>
  state.contextFields.get(name) ? nameExists('A context field with that name already exist') : undefined // Unleash's words, as written there

export const createContextField = (draft: Tx, body: CreateContextFieldBody, ctx: Ctx): E.Either<NameExistsError | ValidationError, string> => {
  const taken = contextFieldNameTaken(draft, body.name)
  if (taken) return E.left(taken)
  const problems: ErrorDetail[] = []
  if (body.project !== undefined && !draft.projects.get(body.project)) {
    problems.push({ path: '/body/project', message: `Could not find project with id "${body.project}".` })
  }
  const legalValues = legalValuesOf(body.legalValues ?? [], problems)
  if (problems.length > 0) return E.left(validationError(problems))
  const field: ContextFieldState = {
    name: body.name,
    description: body.description ?? null,
    stickiness: body.stickiness ?? false,
    sortOrder: body.sortOrder ?? 0,
    legalValues,
    ...(body.project !== undefined ? { project: body.project } : {}),
    createdAt: ctx.now,
  }
  draft.contextFields.set(field.name, field)
  recordEvent(draft, ctx, { type: 'context-field-created', ...(field.project ? { project: field.project } : {}), data: renderContextField(field) })
  return E.right(field.name)
}

/** Only the fields sent change (Unleash's PUT resets the others). */
export const updateContextField = (draft: Tx, name: string, body: UpdateContextFieldBody, ctx: Ctx): E.Either<NotFoundError | ValidationError, string> => {
  const found = findContextField(draft, name)
  if (E.isLeft(found)) return found
  const problems: ErrorDetail[] = []
  const legalValues = body.legalValues === undefined ? undefined : legalValuesOf(body.legalValues, problems)
  if (problems.length > 0) return E.left(validationError(problems))
  const before = renderContextField(found.right)
  const field = draft.contextFields.get(name)!
  if (body.description !== undefined) field.description = body.description
  if (body.stickiness !== undefined) field.stickiness = body.stickiness
  if (body.sortOrder !== undefined) field.sortOrder = body.sortOrder
  if (legalValues !== undefined) field.legalValues = legalValues
  recordEvent(draft, ctx, { type: 'context-field-updated', data: renderContextField(field as ContextFieldState), preData: before })
  return E.right(name)
}

/**
 * Deletes a context field that nothing uses: a constraint, a stickiness or an override that
 * names a deleted field could no longer be exported and imported.
 */
export const deleteContextField = (draft: Tx, name: string, ctx: Ctx): E.Either<ConflictError | NotFoundError, void> => {
  const found = findContextField(draft, name)
  if (E.isLeft(found)) return found
  const uses = contextFieldUses(stateBefore(draft), name)
  if (uses.length > 0) {
    // Unleash's 409 and message; the details name each use.
    const message = 'This context field is in use by existing flags. To delete it, first remove its usage from all flags.'
    return E.left(conflict(message, uses))
  }
  const before = renderContextField(found.right)
  draft.contextFields.delete(name)
  recordEvent(draft, ctx, { type: 'context-field-deleted', preData: before })
  return E.right(undefined)
}

/** Adds legal values a field lacks, keeping its own first; returns whether any were added. */
export const mergeLegalValues = (draft: Tx, name: string, values: readonly LegalValue[], ctx: Ctx): boolean => {
  const field = draft.contextFields.get(name)
  if (!field) return false
  const missing = values.filter((v) => !field.legalValues.some((own) => own.value === v.value))
  if (missing.length === 0) return false
  const before = renderContextField(field as ContextFieldState)
  field.legalValues.push(...missing.map((v) => ({ ...v })))
  recordEvent(draft, ctx, { type: 'context-field-updated', data: renderContextField(field as ContextFieldState), preData: before })
  return true
}

/**
 * Adds a legal value to a field, or changes the description of the one with that value
 * (Unleash: POST /api/admin/context/:contextField/legal-values). A change is recorded as
 * `context-field-updated`; sending a value as it is changes nothing.
 */
export const setLegalValue = (draft: Tx, name: string, value: LegalValue, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findContextField(draft, name)
  if (E.isLeft(found)) return found
  const own = found.right.legalValues.find((v) => v.value === value.value)
  if (own && own.description === value.description) return E.right(undefined)
  const before = renderContextField(found.right)
  const field = draft.contextFields.get(name)!
  const legalValue = { ...value }
  field.legalValues = own ? field.legalValues.map((v) => (v.value === value.value ? legalValue : v)) : [...field.legalValues, legalValue]
  recordEvent(draft, ctx, { type: 'context-field-updated', data: renderContextField(field as ContextFieldState), preData: before })
  return E.right(undefined)
}

/**
 * Removes a legal value from a field (Unleash: DELETE .../legal-values/:legalValue); one it
 * lacks changes nothing. Constraints that use the value keep it, as in Unleash.
 */
export const removeLegalValue = (draft: Tx, name: string, value: string, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findContextField(draft, name)
  if (E.isLeft(found)) return found
  if (!found.right.legalValues.some((v) => v.value === value)) return E.right(undefined)
  const before = renderContextField(found.right)
  const field = draft.contextFields.get(name)!
  field.legalValues = field.legalValues.filter((v) => v.value !== value)
  recordEvent(draft, ctx, { type: 'context-field-updated', data: renderContextField(field as ContextFieldState), preData: before })
  return E.right(undefined)
}
