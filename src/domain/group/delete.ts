import * as E from 'fp-ts/lib/Either.js'
import type { Ctx } from '../context.js'
import type { NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import { findGroup, groupEventData } from './lookup.js'
import type { Tx } from '../../store/tx.js'

export const deleteGroup = (draft: Tx, id: string, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findGroup(draft, id)
  if (E.isLeft(found)) return found
  const preData = groupEventData(found.right)
  draft.groups.delete(String(found.right.id))
  recordEvent(draft, ctx, { type: 'group-deleted', preData })
  return E.right(undefined)
}
