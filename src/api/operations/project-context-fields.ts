import * as E from 'fp-ts/lib/Either.js'
import {
  contextFieldNameTaken,
  createContextField,
  deleteContextField,
  findContextField,
  removeLegalValue,
  renderContextField,
  setLegalValue,
  updateContextField,
} from '../../domain/context-field/context-fields.js'
import { type NameExistsError, type NotFoundError, notFound, type ValidationError } from '../../domain/errors.js'
import { projectById } from '../../domain/project/lookup.js'
import { strategiesWithContextField } from '../../domain/segment/strategy-refs.js'
import { type ContextField, ContextFieldNameBody, CreateContextFieldBody, LegalValueInput, UpdateContextFieldBody } from '../../model/context-field.js'
import { ProjectContextFieldParams, ProjectLegalValueParams, ProjectParams } from '../../model/params.js'
import type { ContextFieldState, State } from '../../model/state.js'
import type { ReadState } from '../../store/tx.js'
import { read, write } from '../operation.js'

/*
 * Unleash's project context fields (`/api/admin/projects/:p/context/...`): the instance's
 * context field operations, on the fields a project owns. A field of another project, or of
 * the instance, is not found here.
 */

const inProject = (p: { projectId: string }) => ({ project: p.projectId })

/** The field, when the project owns it. */
const ownField = (state: ReadState, projectId: string, name: string): E.Either<NotFoundError, ContextFieldState> => {
  const found = findContextField(state, name)
  return E.isRight(found) && found.right.project !== projectId ? E.left(notFound(`Could not find context field with name ${name}`)) : found
}

const rendered = (name: string) => (next: State): ContextField => renderContextField(next.contextFields.get(name)!)

export const getProjectContextFieldOp = read({
  params: ProjectContextFieldParams,
  requirement: 'NONE',
  scope: inProject,
  run: (state, { params }) => E.map(renderContextField)(ownField(state, params.projectId, params.contextField)),
})

/** Creates a field the project owns: a `project` in the body must be this one. */
export const createProjectContextFieldOp = write<ProjectParams, CreateContextFieldBody, ContextField, NotFoundError | ValidationError | NameExistsError>({
  params: ProjectParams,
  requirement: 'CREATE_CONTEXT_FIELD',
  scope: inProject,
  body: CreateContextFieldBody,
  run: (draft, { params, body, ctx }) => {
    const project = projectById(draft, params.projectId)
    if (E.isLeft(project)) return project
    return E.map(rendered)(createContextField(draft, { ...body, project: params.projectId }, ctx))
  },
})

export const updateProjectContextFieldOp = write({
  params: ProjectContextFieldParams,
  requirement: 'UPDATE_CONTEXT_FIELD',
  scope: inProject,
  body: UpdateContextFieldBody,
  run: (draft, { params, body, ctx }) => {
    const own = ownField(draft, params.projectId, params.contextField)
    return E.isLeft(own) ? own : E.map(() => () => undefined)(updateContextField(draft, params.contextField, body, ctx))
  },
})

export const deleteProjectContextFieldOp = write({
  params: ProjectContextFieldParams,
  requirement: 'DELETE_CONTEXT_FIELD',
  scope: inProject,
  run: (draft, { params, ctx }) => {
    const own = ownField(draft, params.projectId, params.contextField)
    return E.isLeft(own) ? own : E.map(() => () => undefined)(deleteContextField(draft, params.contextField, ctx))
  },
})

export const setProjectLegalValueOp = write({
  params: ProjectContextFieldParams,
  requirement: 'UPDATE_CONTEXT_FIELD',
  scope: inProject,
  body: LegalValueInput,
  run: (draft, { params, body, ctx }) => {
    const own = ownField(draft, params.projectId, params.contextField)
    return E.isLeft(own) ? own : E.map(() => () => undefined)(setLegalValue(draft, params.contextField, body, ctx))
  },
})

export const removeProjectLegalValueOp = write({
  params: ProjectLegalValueParams,
  requirement: 'UPDATE_CONTEXT_FIELD',
  scope: inProject,
  run: (draft, { params, ctx }) => {
    const own = ownField(draft, params.projectId, params.contextField)
    return E.isLeft(own) ? own : E.map(() => () => undefined)(removeLegalValue(draft, params.contextField, params.legalValue, ctx))
  },
})

/** A name checked as a create in the project would check it: context field names are one namespace across projects. */
export const validateProjectContextFieldNameOp = read<ProjectParams, ContextFieldNameBody, undefined, NotFoundError | NameExistsError>({
  params: ProjectParams,
  requirement: 'UPDATE_CONTEXT_FIELD',
  scope: inProject,
  body: ContextFieldNameBody,
  run: (state, { params, body }) => {
    const project = projectById(state, params.projectId)
    if (E.isLeft(project)) return project
    const taken = contextFieldNameTaken(state, body.name)
    return taken ? E.left(taken) : E.right(undefined)
  },
})

/** The project's strategies with a constraint on the field (the project's own or the instance's). */
export const projectContextFieldStrategiesOp = read({
  params: ProjectContextFieldParams,
  requirement: 'NONE',
  scope: inProject,
  run: (state, { params }) =>
    E.right({ strategies: strategiesWithContextField(state, params.contextField).filter((s) => s.projectId === params.projectId) }),
})
