import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'

/** Users (operations 3 and 10), and an admin setting a user's password. */
export const userRoutes = ({ users }: AdminApi): Route[] => [
  // `location: user-admin/<id>` resolves against the request URL to the new user (decisions.md).
  route('POST', '/api/admin/user-admin', users.create, {
    status: 201,
    body: true,
    headers: ({ result }) => location('user-admin', result.id),
    rateLimit: 'createUser',
  }),
  route('GET', '/api/admin/user-admin', users.list),
  // What the caller is: never cached, as Unleash sends it.
  route('GET', '/api/admin/user', users.me, { headers: () => ({ 'cache-control': 'no-store' }) }),
  route('GET', '/api/admin/user-admin/search', users.search),
  route('GET', '/api/admin/user-admin/admin-count', users.adminCount),
  route('GET', '/api/admin/user-admin/:id', users.get),
  route('PUT', '/api/admin/user-admin/:id', users.update, { body: true }),
  route('DELETE', '/api/admin/user-admin/:id', users.delete),
  route('POST', '/api/admin/user-admin/:id/change-password', users.changePassword, { body: true }),
]
