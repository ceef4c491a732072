import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { State } from '../../model/state.js'
import { deleteRow } from '../../store/table.js'
import type { Ctx } from '../context.js'
import type { NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import { findGroup, groupEventData } from './lookup.js'

export const deleteGroup = (draft: Draft<State>, id: string, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findGroup(draft, id)
  if (E.isLeft(found)) return found
  const preData = groupEventData(found.right)
  deleteRow(draft.groups as State['groups'], String(found.right.id))
  recordEvent(draft, ctx, { type: 'group-deleted', preData })
  return E.right(undefined)
}
