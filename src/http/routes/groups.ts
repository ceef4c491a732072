import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'
import { Group, GroupList } from '../../model/group.js'

/** Groups (operation 7) and their members. */
export const groupRoutes = ({ groups }: AdminApi): Route[] => [
  route('POST', '/api/admin/groups', groups.create, { answer: Group, status: 201, body: true, headers: ({ result }) => location('groups', result.id) }),
  route('GET', '/api/admin/groups', groups.list, { answer: GroupList }),
  route('GET', '/api/admin/groups/:id', groups.get, { answer: Group }),
  route('PUT', '/api/admin/groups/:id', groups.update, { answer: Group, body: true }),
  route('DELETE', '/api/admin/groups/:id', groups.delete),
  route('POST', '/api/admin/groups/:id/users', groups.addUsers, { answer: Group, body: true }),
  route('DELETE', '/api/admin/groups/:id/users', groups.removeUsers, { answer: Group, body: true }),
]
