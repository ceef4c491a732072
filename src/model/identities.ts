import type { UserState } from './state.js'

/*
 * Keys of `State.identities`: what an account is known by. E-mails are stored lower-cased,
 * so one key stands for every spelling; usernames are compared as they are, as Unleash does.
 */
export const emailKey = (email: string): string => `email:${email}`
export const usernameKey = (username: string): string => `username:${username}`

/** The identities an account holds. */
export const identityKeys = (account: Pick<UserState, 'email' | 'username'>): string[] => {
  const keys: string[] = []
  if (account.email !== null) keys.push(emailKey(account.email))
  if (account.username !== null) keys.push(usernameKey(account.username))
  return keys
}
