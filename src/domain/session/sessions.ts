import type { Draft } from 'immer'
import { emailKey, usernameKey } from '../../model/identities.js'
import type { SessionState, State, UserState } from '../../model/state.js'
import { deleteRow, getRow, rowEntries, setRow } from '../../store/table.js'
import { isEmail } from '../../model/user.js'

/** A new session: the digest of its id (the key), whose it is, and its times. */
export interface NewSession {
  readonly digest: string
  readonly userId: number
  readonly now: string
  readonly expiresAt: string
}

/**
 * The person a login names: by e-mail (any case) when it reads as one, else by username, as
 * Unleash looks them up. Service accounts never log in.
 */
export const loginAccount = (state: State, usernameOrEmail: string): UserState | undefined => {
  const key = isEmail(usernameOrEmail) ? emailKey(usernameOrEmail.toLowerCase()) : usernameKey(usernameOrEmail)
  const id = getRow(state.identities, key)
  const account = id === undefined ? undefined : getRow(state.users, String(id))
  return account?.accountType === 'User' ? account : undefined
}

const sessionsOf = (state: State, userId: number): [string, SessionState][] =>
  [...rowEntries(state.sessions)].filter(([, s]) => s.userId === userId)

/**
 * Records a login: the session, and the account seen now (its failed attempts cleared, as
 * Unleash clears them).
 * Expired sessions are dropped, and the user's oldest beyond `maxParallel - 1`, as Unleash
 * keeps at most that many sessions a user: the table stays bounded by the people logged in.
 */
export const startSession = (draft: Draft<State>, session: NewSession, maxParallel: number): void => {
  const sessions = draft.sessions as State['sessions']
  for (const [key, held] of [...rowEntries(sessions)]) if (held.expiresAt <= session.now) deleteRow(sessions, key)
  const own = sessionsOf(draft as State, session.userId).sort(([, a], [, b]) => a.createdAt.localeCompare(b.createdAt))
  for (const [key] of own.slice(0, Math.max(0, own.length - (maxParallel - 1)))) deleteRow(sessions, key)
  setRow(sessions, session.digest, { userId: session.userId, createdAt: session.now, expiresAt: session.expiresAt })
  const account = getRow(draft.users as State['users'], String(session.userId)) as Draft<UserState> | undefined
  if (account) {
    account.seenAt = session.now
    account.loginAttempts = 0
  }
}

/** Logging out ends every session of the user, as Unleash does. Returns how many ended. */
export const endSessions = (draft: Draft<State>, userId: number): number => {
  const own = sessionsOf(draft as State, userId)
  for (const [key] of own) deleteRow(draft.sessions as State['sessions'], key)
  return own.length
}

/** The account a session (by its id's digest) belongs to, while it lasts and its account exists. */
export const sessionAccount = (state: State, digest: string, now: string): UserState | undefined => {
  const session = getRow(state.sessions, digest)
  if (session === undefined || session.expiresAt <= now) return undefined
  const account = getRow(state.users, String(session.userId))
  return account?.accountType === 'User' ? account : undefined
}
