import * as E from 'fp-ts/lib/Either.js'
import type { Ctx } from '../context.js'
import type { NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import { endSessions } from '../session/sessions.js'
import { accountEventData } from './create.js'
import { type AccountType, findAccount, releaseIdentities } from './lookup.js'
import type { Editable, Tx } from '../../store/tx.js'

/**
 * Deletes a user or service account with everything that only it used: its tokens and
 * sessions stop working at once, and it leaves every group.
 */
export const deleteAccount = (draft: Tx, id: string, type: AccountType, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findAccount(draft, id, type)
  if (E.isLeft(found)) return found
  const user = found.right
  const tokens = draft.apiTokens
  const owned = [...tokens.rows()].filter((t) => t.userId === user.id).map((t) => String(t.id))
  for (const key of owned) tokens.delete(key)
  for (const group of draft.groups.drafts((g) => g.users.some((m) => m.userId === user.id))) {
    const g = group as Editable<typeof group>
    g.users = g.users.filter((m) => m.userId !== user.id)
  }
  endSessions(draft, user.id)
  const preData = accountEventData(user)
  draft.users.delete(String(user.id))
  releaseIdentities(draft, user)
  recordEvent(draft, ctx, { type: type === 'User' ? 'user-deleted' : 'service-account-deleted', preData })
  return E.right(undefined)
}
