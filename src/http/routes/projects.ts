import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'

/** Projects (operation 5): their environments, default strategies, the caller's favourites. */
export const projectRoutes = ({ projects }: AdminApi): Route[] => [
  route('POST', '/api/admin/projects', projects.create, { status: 201, body: true, headers: ({ result }) => location('projects', result.id) }),
  route('GET', '/api/admin/projects', projects.list),
  route('GET', '/api/admin/projects/:projectId', projects.get),
  route('POST', '/api/admin/projects/:projectId/environments', projects.connectEnvironment, { body: true }),
  route('DELETE', '/api/admin/projects/:projectId/environments/:environment', projects.disconnectEnvironment),
  route('POST', '/api/admin/projects/:projectId/environments/:environment/default-strategy', projects.setDefaultStrategy, { body: true }),
  route('POST', '/api/admin/projects/:projectId/favorites', projects.favorite),
  route('DELETE', '/api/admin/projects/:projectId/favorites', projects.unfavorite),
]
