import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { GroupState, State } from '../../model/state.js'
import { getRow, rows } from '../../store/table.js'
import { type NotFoundError, notFound } from '../errors.js'

export const findGroup = (state: State, id: string): E.Either<NotFoundError, GroupState> => {
  const group = /^\d+$/.test(id) ? getRow(state.groups, String(Number(id))) : undefined
  return group ? E.right(group) : E.left(notFound(`Could not find group with id ${id}`))
}

export const draftGroup = (draft: Draft<State>, id: number): Draft<GroupState> =>
  getRow(draft.groups as State['groups'], String(id)) as Draft<GroupState>

/** Group names are unique, matched exactly. */
export const groupNamed = (state: State, name: string, exceptId?: number): GroupState | undefined => {
  for (const g of rows(state.groups)) if (g.name === name && g.id !== exceptId) return g
  return undefined
}

/** What events say of a group. */
export const groupEventData = (g: GroupState) => ({
  id: g.id,
  name: g.name,
  description: g.description,
  mappingsSSO: [...g.mappingsSSO],
  rootRole: g.rootRole,
  users: g.users.map((m) => m.userId),
  projects: [...g.projects],
})
