import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'
import { sharedJson } from '../shared-json.js'

/** Projects (operation 5), the instance's environments, and instance settings (operation 6). */
export const projectRoutes = ({ projects, environments, instance }: AdminApi): Route[] => [
  route('POST', '/api/admin/projects', projects.create, { status: 201, body: true, headers: ({ result }) => location('projects', result.id) }),
  route('GET', '/api/admin/projects', projects.list),
  route('GET', '/api/admin/projects/:projectId', projects.get),
  route('POST', '/api/admin/projects/:projectId/environments', projects.connectEnvironment, { body: true }),
  route('DELETE', '/api/admin/projects/:projectId/environments/:environment', projects.disconnectEnvironment),
  route('POST', '/api/admin/projects/:projectId/environments/:environment/default-strategy', projects.setDefaultStrategy, { body: true }),
  route('POST', '/api/admin/projects/:projectId/favorites', projects.favorite),
  route('DELETE', '/api/admin/projects/:projectId/favorites', projects.unfavorite),

  route('POST', '/api/admin/environments', environments.create, { status: 201, body: true, headers: ({ result }) => location('environments', result.name) }),
  route('GET', '/api/admin/environments', environments.list),
  route('PUT', '/api/admin/environments/sort-order', environments.setSortOrder, { body: true }),
  route('GET', '/api/admin/environments/project/:projectId', environments.ofProject),
  route('GET', '/api/admin/environments/:name', environments.get),
  // Unleash answers these switches 204, with no body.
  route('POST', '/api/admin/environments/:name/on', environments.enable, { status: 204 }),
  route('POST', '/api/admin/environments/:name/off', environments.disable, { status: 204 }),

  route('GET', '/api/admin/ui-config', instance.uiConfig, { serialize: sharedJson }),
  route('POST', '/api/admin/ui-config/cors', instance.setFrontendApiOrigins, { status: 204, body: true }),
  route('GET', '/api/admin/maintenance', instance.maintenance),
  route('POST', '/api/admin/maintenance', instance.setMaintenance, { status: 204, body: true }),
  route('GET', '/api/admin/events', instance.listEvents),
  route('GET', '/api/admin/event-creators', instance.eventCreators),
  route('GET', '/api/admin/events/:featureName', instance.featureEvents),
]
