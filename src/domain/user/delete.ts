import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { State } from '../../model/state.js'
import { deleteRow, draftRows, rows } from '../../store/table.js'
import type { Ctx } from '../context.js'
import type { NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import { endSessions } from '../session/sessions.js'
import { accountEventData } from './create.js'
import { type AccountType, findAccount, releaseIdentities } from './lookup.js'

/**
 * Deletes a user or service account with everything that only it used: its tokens and
 * sessions stop working at once, and it leaves every group.
 */
export const deleteAccount = (draft: Draft<State>, id: string, type: AccountType, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findAccount(draft, id, type)
  if (E.isLeft(found)) return found
  const user = found.right
  const tokens = draft.apiTokens as State['apiTokens']
  const owned = [...rows(tokens)].filter((t) => t.userId === user.id).map((t) => String(t.id))
  for (const key of owned) deleteRow(tokens, key)
  for (const group of draftRows(draft.groups as State['groups'], (g) => g.users.some((m) => m.userId === user.id))) {
    const g = group as Draft<typeof group>
    g.users = g.users.filter((m) => m.userId !== user.id)
  }
  endSessions(draft, user.id)
  const preData = accountEventData(user)
  deleteRow(draft.users as State['users'], String(user.id))
  releaseIdentities(draft, user)
  recordEvent(draft, ctx, { type: type === 'User' ? 'user-deleted' : 'service-account-deleted', preData })
  return E.right(undefined)
}
