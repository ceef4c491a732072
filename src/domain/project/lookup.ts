import * as E from 'fp-ts/lib/Either.js'
import type { ProjectState } from '../../model/state.js'
import { type NotFoundError, notFound } from '../errors.js'
import type { Editable, ReadState, Tx } from '../../store/tx.js'

export const projectNotFound = (id: string): NotFoundError => notFound(`Could not find project with id "${id}".`)

/** The project with that id, from the state or from a draft. */
export const projectById = <S extends ReadState>(
  state: S,
  id: string,
): E.Either<NotFoundError, S extends Tx ? Editable<ProjectState> : ProjectState> => {
  const project = state.projects.get(id)
  return project ? E.right(project as never) : E.left(projectNotFound(id))
}
