import { emailKey, usernameKey } from '../../model/identities.js'
import type { SessionState, UserState } from '../../model/state.js'
import { isEmail } from '../../model/user.js'
import type { ReadState, Tx } from '../../store/tx.js'

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
export const loginAccount = (state: ReadState, usernameOrEmail: string): UserState | undefined => {
  const key = isEmail(usernameOrEmail) ? emailKey(usernameOrEmail.toLowerCase()) : usernameKey(usernameOrEmail)
  const id = state.identities.get(key)
  const account = id === undefined ? undefined : state.users.get(String(id))
  return account?.accountType === 'User' ? account : undefined
}

const sessionsOf = (state: ReadState, userId: number): [string, SessionState][] =>
  [...state.sessions.entries()].filter(([, s]) => s.userId === userId)

/**
 * Records a login: the session, and the account seen now (its failed attempts cleared, as
 * Unleash clears them).
 * Expired sessions are dropped, and the user's oldest beyond `maxParallel - 1`, as Unleash
 * keeps at most that many sessions a user: the table stays bounded by the people logged in.
 */
export const startSession = (draft: Tx, session: NewSession, maxParallel: number): void => {
  const sessions = draft.sessions
  for (const [key, held] of [...sessions.entries()]) if (held.expiresAt <= session.now) sessions.delete(key)
  const own = sessionsOf(draft, session.userId).sort(([, a], [, b]) => a.createdAt.localeCompare(b.createdAt))
  for (const [key] of own.slice(0, Math.max(0, own.length - (maxParallel - 1)))) sessions.delete(key)
  sessions.set(session.digest, { userId: session.userId, createdAt: session.now, expiresAt: session.expiresAt })
  const account = draft.users.get(String(session.userId))
  if (account) {
    account.seenAt = session.now
    account.loginAttempts = 0
  }
}

/** Logging out ends every session of the user, as Unleash does. Returns how many ended. */
export const endSessions = (draft: Tx, userId: number): number => {
  const own = sessionsOf(draft, userId)
  for (const [key] of own) draft.sessions.delete(key)
  return own.length
}

/** The account a session (by its id's digest) belongs to, while it lasts and its account exists. */
export const sessionAccount = (state: ReadState, digest: string, now: string): UserState | undefined => {
  const session = state.sessions.get(digest)
  if (session === undefined || session.expiresAt <= now) return undefined
  const account = state.users.get(String(session.userId))
  return account?.accountType === 'User' ? account : undefined
}
