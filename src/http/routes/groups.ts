import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'

/** Groups (operation 7) and their members. */
export const groupRoutes = ({ groups }: AdminApi): Route[] => [
  route('POST', '/api/admin/groups', groups.create, { status: 201, body: true, headers: ({ result }) => location('groups', result.id) }),
  route('GET', '/api/admin/groups', groups.list),
  route('GET', '/api/admin/groups/:id', groups.get),
  route('PUT', '/api/admin/groups/:id', groups.update, { body: true }),
  route('DELETE', '/api/admin/groups/:id', groups.delete),
  route('POST', '/api/admin/groups/:id/users', groups.addUsers, { body: true }),
  route('DELETE', '/api/admin/groups/:id/users', groups.removeUsers, { body: true }),
]
