import * as E from 'fp-ts/lib/Either.js'
import { createUser } from '../../domain/user/create.js'
import { deleteAccount } from '../../domain/user/delete.js'
import { feedbackOf, splashOf } from '../../domain/user/feedback.js'
import { adminCount, findAccount } from '../../domain/user/lookup.js'
import { listUsers, renderAccount, renderUser, searchAccounts } from '../../domain/user/render.js'
import { updateAccount } from '../../domain/user/update.js'
import type { State } from '../../model/state.js'
import { CreateUserBody, type CreatedUser, type Me, UpdateUserBody, type User } from '../../model/user.js'
import type { EmailPort } from '../../ports/email.js'
import { read, write } from '../operation.js'
import { hashPassword, sha256Hex } from '../secrets.js'
import { IdParams, NoParams } from '../../model/params.js'

/** Unleash's default avatar: the gravatar of the sha256 of the lower-cased, trimmed e-mail or username. */
export const gravatarUrl = (identity: string): string =>
  `https://gravatar.com/avatar/${sha256Hex(identity.trim().toLowerCase())}?s=42&d=retro&r=g`

const userAt = (id: number, unleashUrl: string, now: string) => (next: State): User => renderUser(next.users.get(String(id))!, unleashUrl, now)

interface PreparedUser {
  readonly passwordHash: string | null
  readonly imageUrl: string
}

/** Sends the welcome e-mail when a sender is configured, the caller did not opt out and the user has an address. */
const welcome = async (email: EmailPort | undefined, body: CreateUserBody, user: User): Promise<boolean> => {
  if (!email || body.sendEmail === false || !user.email) return false
  try {
    return await email.sendWelcome({ to: user.email, name: user.name ?? null, inviteLink: user.inviteLink })
  } catch {
    // The user is committed; a mail that could not be sent is reported, not an error.
    return false
  }
}

/** Operation 3. The password is hashed (scrypt) before the transaction; the mail is sent after it. */
export const createUserOp = (email?: EmailPort) =>
  write({
    params: NoParams,
    requirement: 'ADMIN',
    body: CreateUserBody,
    prepare: async ({ body, config }): Promise<PreparedUser> => ({
      passwordHash: body.password ? await hashPassword(body.password, config.passwordHashCost) : null,
      imageUrl: gravatarUrl(body.email || body.username || ''),
    }),
    run: (draft, { body, ctx, config, prepared }) =>
      E.map((id: number) => (next: State): CreatedUser => ({ ...userAt(id, config.unleashUrl, ctx.now)(next), emailSent: false }))(
        createUser(draft, { body, ...(prepared as PreparedUser) }, ctx),
      ),
    after: async (user, { body }) => ({ ...user, emailSent: await welcome(email, body, user) }),
  })

/** Operation 10. */
export const listUsersOp = read({
  params: NoParams,
  requirement: 'ADMIN',
  run: (state, { config, ctx }) => E.right(listUsers(state, config.unleashUrl, ctx.now)),
})

/** One user, as Unleash answers it: the account, without the invite link (create and list give it). */
export const getUserOp = read({
  params: IdParams,
  requirement: 'ADMIN',
  run: (state, { params }) => E.map(renderAccount)(findAccount(state, params.id, 'User')),
})

/** Answers the account as Unleash does, without the invite link; `rootRole` as its id (Unleash echoes what was sent). */
export const updateUserOp = write({
  params: IdParams,
  requirement: 'ADMIN',
  body: UpdateUserBody,
  prepare: async ({ body }) => (body.email ? gravatarUrl(body.email) : undefined),
  run: (draft, { params, body, ctx, prepared }) =>
    E.map((id: number) => (next: State) => renderAccount(next.users.get(String(id))!))(updateAccount(draft, params.id, 'User', { ...body, imageUrl: prepared as string | undefined }, ctx)),
})

export const deleteUserOp = write({
  params: IdParams,
  requirement: 'ADMIN',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteAccount(draft, params.id, 'User', ctx)),
})

/** Unleash: GET /api/admin/user-admin/search?q=, which any caller may ask (its UI finds people to add with it). */
export const searchUsersOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state, { query }) => E.right(searchAccounts(state, query['q'] ?? '')),
})

/** Unleash: GET /api/admin/user-admin/admin-count. */
export const adminCountOp = read({
  params: NoParams,
  requirement: 'ADMIN',
  run: (state) => E.right(adminCount(state)),
})

/**
 * Unleash: GET /api/admin/user, any caller. A user (a personal token) gets their account,
 * without the root role's id, as Unleash answers its session users; a token or open access
 * what it acts as, `{ id, username, type, environment, projects }`, never the token's secret
 * (Unleash's answer to an API token includes it). The permissions are the root role's (ADMIN
 * alone for a holder of ADMIN, as Unleash lists it), none scoped to a project: flagport has no
 * project roles.
 */
export const meOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state, { principal }) => {
    const account = principal.kind === 'user' ? state.users.get(String(principal.actor.id)) : undefined
    const user: Me['user'] = account
      ? (({ rootRole: _role, ...rest }) => rest)(renderAccount(account))
      : { id: principal.actor.id, username: principal.actor.name, type: principal.kind === 'admin-token' ? 'admin' : principal.kind, environment: '*', projects: ['*'] }
    // ADMIN implies the rest: Unleash lists it alone, as its Admin role holds nothing else.
    const held = principal.permissions.includes('ADMIN') ? ['ADMIN'] : principal.permissions
    return E.right({ user, permissions: held.map((permission) => ({ permission })), feedback: account ? feedbackOf(account) : [], splash: account ? splashOf(account) : {} })
  },
})
