import * as E from 'fp-ts/lib/Either.js'
import type { UserState } from '../../model/state.js'
import type { CreateUserBody } from '../../model/user.js'
import type { Ctx } from '../context.js'
import type { ErrorDetail, ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { claimIdentities, identityTaken } from './lookup.js'
import { given, refuse } from './problems.js'
import { findRootRole, missingRootRole } from './roles.js'
import type { Tx } from '../../store/tx.js'

/** What the transaction needs besides the body: slow or impure results made before it. */
export interface NewUser {
  readonly body: CreateUserBody
  /** The scrypt hash of the password, or null when none was sent. */
  readonly passwordHash: string | null
  /** Gravatar URL of the e-mail (or username). */
  readonly imageUrl: string
}

/** How long an invite link is offered, as Unleash's new-user tokens (24 hours). */
export const INVITE_LIFETIME_MS = 24 * 60 * 60 * 1000

/** What events say of a user: never the password or its hash. */
export const accountEventData = (u: UserState) => ({ id: u.id, name: u.name, username: u.username, email: u.email, rootRole: u.rootRole })

/**
 * Operation 3. Refuses, reporting every problem: neither username nor email, a username or
 * e-mail already in use, an unknown root role. The e-mail is stored lower-cased; an invite
 * token is issued for the invite link.
 */
export const createUser = (draft: Tx, input: NewUser, ctx: Ctx): E.Either<ValidationError, number> => {
  const { body } = input
  const username = given(body.username)
  const email = given(body.email)?.toLowerCase() ?? null
  const problems: ErrorDetail[] = []
  if (username === null && email === null) problems.push({ message: 'You must specify username or email' })
  problems.push(...identityTaken(draft, { username, email }))
  const role = findRootRole(draft, body.rootRole)
  if (!role) problems.push(missingRootRole(body.rootRole))
  if (problems.length > 0 || !role) return E.left(refuse(problems))

  draft.counters.user += 1
  const user: UserState = {
    id: draft.counters.user,
    name: given(body.name),
    username,
    email,
    imageUrl: input.imageUrl,
    rootRole: role.id,
    accountType: 'User',
    passwordHash: input.passwordHash,
    inviteToken: ctx.token(),
    inviteExpiresAt: new Date(Date.parse(ctx.now) + INVITE_LIFETIME_MS).toISOString(),
    loginAttempts: 0,
    seenAt: null,
    createdAt: ctx.now,
    scimId: null,
  }
  draft.users.set(String(user.id), user)
  claimIdentities(draft, user)
  recordEvent(draft, ctx, { type: 'user-created', data: accountEventData(user) })
  return E.right(user.id)
}
