import * as E from 'fp-ts/lib/Either.js'
import type { GroupState } from '../../model/state.js'
import { type NotFoundError, notFound } from '../errors.js'
import type { Editable, ReadState, Tx } from '../../store/tx.js'

export const findGroup = (state: ReadState, id: string): E.Either<NotFoundError, GroupState> => {
  const group = /^\d+$/.test(id) ? state.groups.get(String(Number(id))) : undefined
  return group ? E.right(group) : E.left(notFound(`Could not find group with id ${id}`))
}

export const draftGroup = (draft: Tx, id: number): Editable<GroupState> =>
  draft.groups.get(String(id))!

/** Group names are unique, matched exactly. */
export const groupNamed = (state: ReadState, name: string, exceptId?: number): GroupState | undefined => {
  for (const g of state.groups.rows()) if (g.name === name && g.id !== exceptId) return g
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
