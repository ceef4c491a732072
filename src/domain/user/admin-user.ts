import { usernameKey } from '../../model/identities.js'
import type { UserState } from '../../model/state.js'
import { ADMIN_ROLE_ID } from '../permissions.js'
import type { ReadState, Tx } from '../../store/tx.js'

/** The account Unleash starts with, so that its UI can log in: user 1, `admin`, root role Admin. */
export const ADMIN_USER_ID = 1
export const ADMIN_USERNAME = 'admin'

// The gravatar of sha256("admin"), as `gravatarUrl` makes it: spelt out, the domain hashes nothing.
const ADMIN_IMAGE_URL = 'https://gravatar.com/avatar/8c6976e5b5410415bde908bd4dee15dfb167a9c873fc4bb8a81f6f2ab448a918?s=42&d=retro&r=g'

/**
 * The built-in admin, without a password: nobody can log in as it until the host sets one
 * (the server does at its first start, from the environment or a random one it prints).
 */
export const builtInAdmin = (now: string): UserState => ({
  id: ADMIN_USER_ID,
  name: null,
  username: ADMIN_USERNAME,
  email: null,
  imageUrl: ADMIN_IMAGE_URL,
  rootRole: ADMIN_ROLE_ID,
  accountType: 'User',
  passwordHash: null,
  inviteToken: null,
  loginAttempts: 0,
  seenAt: null,
  createdAt: now,
  scimId: null,
})

/**
 * Whether a store should gain the admin: it never held an account (the user counter never
 * moved). Unleash creates its admin while it has no users; a store whose users were all
 * deleted keeps them deleted.
 */
export const lacksBuiltInAdmin = (state: ReadState): boolean => state.counters.user === 0

/** Adds the built-in admin to a store that never held an account. */
export const addBuiltInAdmin = (draft: Tx, now: string): void => {
  const admin = builtInAdmin(now)
  draft.counters.user = admin.id
  draft.users.set(String(admin.id), admin)
  draft.identities.set(usernameKey(ADMIN_USERNAME), admin.id)
}
