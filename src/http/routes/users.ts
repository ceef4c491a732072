import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'
import * as t from 'io-ts'
import { AdminCount, Account, CreatedUser, FoundUser, Me, UsersAndRoles } from '../../model/user.js'
import { AccessCandidates, CallerRoles, InactiveUsers, ResetPasswordUrl } from '../../model/password.js'

/**
 * Users (operations 3 and 10), their passwords and who is inactive. The fixed paths under
 * `user-admin/` come before `user-admin/:id`, which would take them for ids.
 */
export const userRoutes = ({ users }: AdminApi): Route[] => [
  // `location: user-admin/<id>` resolves against the request URL to the new user (decisions.md).
  route('POST', '/api/admin/user-admin', users.create, {
    answer: CreatedUser,
    status: 201,
    body: true,
    headers: ({ result }) => location('user-admin', result.id),
    rateLimit: 'createUser',
  }),
  route('GET', '/api/admin/user-admin', users.list, { answer: UsersAndRoles }),
  // What the caller is: never cached, as Unleash sends it.
  route('GET', '/api/admin/user', users.me, { answer: Me, headers: () => ({ 'cache-control': 'no-store' }) }),
  route('GET', '/api/admin/user-admin/search', users.search, { answer: t.array(FoundUser) }),
  route('GET', '/api/admin/user-admin/admin-count', users.adminCount, { answer: AdminCount }),
  route('GET', '/api/admin/user-admin/access', users.access, { answer: AccessCandidates }),
  route('GET', '/api/admin/user-admin/inactive', users.inactive, { answer: InactiveUsers }),
  route('POST', '/api/admin/user-admin/inactive/delete', users.deleteInactive, { body: true }),
  route('POST', '/api/admin/user-admin/reset-password', users.resetPassword, { answer: ResetPasswordUrl, body: true }),
  route('POST', '/api/admin/user-admin/validate-password', users.validatePassword, { body: true }),
  route('DELETE', '/api/admin/user-admin/scim-users', users.deleteScimUsers),
  route('GET', '/api/admin/user/roles', users.roles, { answer: CallerRoles, reads: { query: t.type({ projectId: t.string }) } }),
  route('POST', '/api/admin/user/change-password', users.changeOwnPassword, { body: true }),
  route('GET', '/api/admin/user-admin/:id', users.get, { answer: Account }),
  route('PUT', '/api/admin/user-admin/:id', users.update, { answer: Account, body: true }),
  route('DELETE', '/api/admin/user-admin/:id', users.delete),
  route('POST', '/api/admin/user-admin/:id/change-password', users.changePassword, { body: true }),
]
