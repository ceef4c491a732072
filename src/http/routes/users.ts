import type { AdminApi } from '../../api/admin-api.js'
import * as t from 'io-ts'
import { Group, GroupList } from '../../model/group.js'
import { Account, AdminCount, CreatedUser, FoundUser, Me, UsersAndRoles } from '../../model/user.js'
import { location, type Route, route } from '../route.js'

/** Users (operations 3 and 10) and groups (operation 7). */
export const userRoutes = ({ users, groups }: AdminApi): Route[] => [
  // `location: user-admin/<id>` resolves against the request URL to the new user (decisions.md).
  route('POST', '/api/admin/user-admin', users.create, {
    status: 201,
    body: true,
    headers: ({ result }) => location('user-admin', result.id),
    rateLimit: 'createUser',
    answer: CreatedUser,
  }),
  route('GET', '/api/admin/user-admin', users.list, { answer: UsersAndRoles }),
  // What the caller is: never cached, as Unleash sends it.
  route('GET', '/api/admin/user', users.me, { answer: Me, headers: () => ({ 'cache-control': 'no-store' }) }),
  route('GET', '/api/admin/user-admin/search', users.search, { answer: t.array(FoundUser) }),
  route('GET', '/api/admin/user-admin/admin-count', users.adminCount, { answer: AdminCount }),
  route('GET', '/api/admin/user-admin/:id', users.get, { answer: Account }),
  route('PUT', '/api/admin/user-admin/:id', users.update, { body: true, answer: Account }),
  route('DELETE', '/api/admin/user-admin/:id', users.delete),

  route('POST', '/api/admin/groups', groups.create, { status: 201, body: true, answer: Group, headers: ({ result }) => location('groups', result.id) }),
  route('GET', '/api/admin/groups', groups.list, { answer: GroupList }),
  route('GET', '/api/admin/groups/:id', groups.get, { answer: Group }),
  route('PUT', '/api/admin/groups/:id', groups.update, { body: true, answer: Group }),
  route('DELETE', '/api/admin/groups/:id', groups.delete),
  route('POST', '/api/admin/groups/:id/users', groups.addUsers, { body: true, answer: Group }),
  route('DELETE', '/api/admin/groups/:id/users', groups.removeUsers, { body: true, answer: Group }),
]
