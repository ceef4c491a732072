import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { ProjectState, State } from '../../model/state.js'
import { getRow } from '../../store/table.js'
import { type NotFoundError, notFound } from '../errors.js'

export const projectNotFound = (id: string): NotFoundError => notFound(`Could not find project with id "${id}".`)

/** The project with that id, from the state or from a draft. */
export const projectById = <S extends State | Draft<State>>(
  state: S,
  id: string,
): E.Either<NotFoundError, S extends Draft<State> ? Draft<ProjectState> : ProjectState> => {
  const project = getRow(state.projects as State['projects'], id)
  return project ? E.right(project as never) : E.left(projectNotFound(id))
}
