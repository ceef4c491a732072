import * as E from 'fp-ts/lib/Either.js'
import { type ValidationError, validationError } from '../../domain/errors.js'
import { deleteAccount } from '../../domain/user/delete.js'
import { accountsOf } from '../../domain/user/lookup.js'
import { inactiveUsers } from '../../domain/user/reset.js'
import { renderRootRole } from '../../domain/user/roles.js'
import { NoParams } from '../../model/params.js'
import { type AccessCandidates, type CallerRoles, type InactiveUsers, UserIdsBody } from '../../model/password.js'
import type { UserState } from '../../model/state.js'
import { read, write } from '../operation.js'

/** The names an account has, left out when unset (as Unleash does). */
const namesOf = (u: UserState): { name?: string; email?: string; username?: string } => ({
  ...(u.name ? { name: u.name } : {}),
  ...(u.email ? { email: u.email } : {}),
  ...(u.username ? { username: u.username } : {}),
})

/**
 * `GET /api/admin/user/roles?projectId=`: the caller's roles in a project. flagport has no
 * project roles, so a user's is their root role, shown in the project; a token holds none.
 */
export const callerRolesOp = read<NoParams, undefined, CallerRoles, ValidationError>({
  params: NoParams,
  requirement: 'NONE',
  run: (state, { query, principal }) => {
    const project = query['projectId']
    if (!project) return E.left(validationError('projectId is required', '/query/projectId'))
    const account = principal.kind === 'user' ? state.users.get(String(principal.actor.id)) : undefined
    const role = account && state.rootRoles.get(String(account.rootRole))
    return E.right({ version: 1 as const, roles: role ? [{ ...renderRootRole(role), project }] : [] })
  },
})

/** `GET /api/admin/user-admin/access`: every user and group, briefly, for the pages that give access. */
export const accessCandidatesOp = read<NoParams, undefined, AccessCandidates>({
  params: NoParams,
  requirement: 'NONE',
  run: (state) =>
    E.right({
      users: accountsOf(state, 'User').map((u) => ({ id: u.id, ...namesOf(u), accountType: u.accountType })),
      groups: [...state.groups.rows()]
        .sort((a, b) => a.id - b.id)
        .map((g) => ({ id: g.id, name: g.name, userCount: g.users.length, rootRole: g.rootRole })),
    }),
})

/** `GET /api/admin/user-admin/inactive` (ADMIN): users not seen for 180 days. */
export const inactiveUsersOp = read<NoParams, undefined, InactiveUsers>({
  params: NoParams,
  requirement: 'ADMIN',
  run: (state, { ctx }) =>
    E.right({
      version: 1 as const,
      inactiveUsers: inactiveUsers(state, ctx.now).map((u) => ({ id: u.id, ...namesOf(u), seenAt: u.seenAt, createdAt: u.createdAt, patSeenAt: null })),
    }),
})

/**
 * `POST /api/admin/user-admin/inactive/delete` (ADMIN): deletes the listed users that are
 * inactive, never the caller; other ids are let be, as Unleash does.
 */
export const deleteInactiveUsersOp = write<NoParams, UserIdsBody, void>({
  params: NoParams,
  requirement: 'ADMIN',
  body: UserIdsBody,
  run: (draft, { body, ctx, principal }) => {
    const wanted = new Set(body.ids)
    for (const user of inactiveUsers(draft, ctx.now)) {
      if (wanted.has(user.id) && !(principal.kind === 'user' && principal.actor.id === user.id)) deleteAccount(draft, String(user.id), 'User', ctx)
    }
    return E.right(() => undefined)
  },
})

/**
 * `DELETE /api/admin/user-admin/scim-users` (ADMIN): deletes the users a SCIM client
 * provisioned. flagport serves no SCIM, so only users imported with a SCIM id have one.
 */
export const deleteScimUsersOp = write<NoParams, undefined, void>({
  params: NoParams,
  requirement: 'ADMIN',
  run: (draft, { ctx }) => {
    for (const user of accountsOf(draft, 'User').filter((u) => u.scimId !== null)) deleteAccount(draft, String(user.id), 'User', ctx)
    return E.right(() => undefined)
  },
})
