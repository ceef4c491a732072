import type { UserState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { endSessions } from '../session/sessions.js'
import type { Editable, ReadState, Tx } from '../../store/tx.js'
import { INVITE_LIFETIME_MS } from './create.js'

/*
 * A user's invite link and password reset link carry one token (Unleash's reset tokens, which
 * its new-user and reset-password pages check alike): issued for 24 hours, used once. The
 * newest token is the one that works, so issuing a link takes back the last.
 */

/** The user whose live token this is; none for an unknown, used or expired token. */
export const tokenHolder = (state: ReadState, token: string, now: string): UserState | undefined => {
  if (token === '') return undefined
  const nowMs = Date.parse(now)
  for (const user of state.users.rows()) {
    if (user.inviteToken !== token || user.accountType !== 'User') continue
    return user.inviteExpiresAt && Date.parse(user.inviteExpiresAt) <= nowMs ? undefined : user
  }
  return undefined
}

/** Gives the user a fresh token (the one `ctx.token()` makes), live for 24 hours from now; returns it. */
export const issueResetToken = (draft: Tx, userId: number, ctx: Ctx): string => {
  const user = draft.users.get(String(userId)) as Editable<UserState>
  const token = ctx.token()
  user.inviteToken = token
  user.inviteExpiresAt = new Date(Date.parse(ctx.now) + INVITE_LIFETIME_MS).toISOString()
  return token
}

/**
 * Sets the password of the token's user to `passwordHash` and uses the token up: failed login
 * attempts are cleared and every session ends, so whoever held the old password is logged out.
 */
export const resetPassword = (draft: Tx, userId: number, passwordHash: string): void => {
  const user = draft.users.get(String(userId)) as Editable<UserState>
  user.passwordHash = passwordHash
  user.inviteToken = null
  user.inviteExpiresAt = null
  user.loginAttempts = 0
  endSessions(draft, userId)
}

/** How long without a login makes a user inactive (Unleash's 180 days). */
export const INACTIVE_AFTER_MS = 180 * 24 * 60 * 60 * 1000

/** Users not seen for 180 days, or never seen and created more than 180 days ago, by id (service accounts are not people). */
export const inactiveUsers = (state: ReadState, now: string): UserState[] => {
  const before = Date.parse(now) - INACTIVE_AFTER_MS
  return [...state.users.rows()]
    .filter((u) => u.accountType === 'User' && Date.parse(u.seenAt ?? u.createdAt) < before)
    .sort((a, b) => a.id - b.id)
}
