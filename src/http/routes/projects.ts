import type { AdminApi } from '../../api/admin-api.js'
import { Environment, EnvironmentList, ProjectEnvironmentList } from '../../model/environment.js'
import { EventList, FeatureEventList } from '../../model/event.js'
import { FlagCreators } from '../../model/insights.js'
import { Project, ProjectList } from '../../model/project.js'
import { DefaultStrategy } from '../../model/strategy.js'
import { MaintenanceBody, UiConfig } from '../../model/ui-config.js'
import { location, type Route, route } from '../route.js'
import { sharedJson } from '../shared-json.js'

/** Projects (operation 5), the instance's environments, and instance settings (operation 6). */
export const projectRoutes = ({ projects, environments, instance }: AdminApi): Route[] => [
  route('POST', '/api/admin/projects', projects.create, { status: 201, answer: Project, body: true, headers: ({ result }) => location('projects', result.id) }),
  route('GET', '/api/admin/projects', projects.list, { answer: ProjectList }),
  route('GET', '/api/admin/projects/:projectId', projects.get, { answer: Project }),
  route('POST', '/api/admin/projects/:projectId/environments', projects.connectEnvironment, { body: true }),
  route('DELETE', '/api/admin/projects/:projectId/environments/:environment', projects.disconnectEnvironment),
  route('POST', '/api/admin/projects/:projectId/environments/:environment/default-strategy', projects.setDefaultStrategy, { body: true, answer: DefaultStrategy }),
  route('POST', '/api/admin/projects/:projectId/favorites', projects.favorite),
  route('DELETE', '/api/admin/projects/:projectId/favorites', projects.unfavorite),

  route('POST', '/api/admin/environments', environments.create, { status: 201, answer: Environment, body: true, headers: ({ result }) => location('environments', result.name) }),
  route('GET', '/api/admin/environments', environments.list, { answer: EnvironmentList }),
  route('PUT', '/api/admin/environments/sort-order', environments.setSortOrder, { body: true }),
  route('GET', '/api/admin/environments/project/:projectId', environments.ofProject, { answer: ProjectEnvironmentList }),
  route('GET', '/api/admin/environments/:name', environments.get, { answer: Environment }),
  // Unleash answers these switches 204, with no body.
  route('POST', '/api/admin/environments/:name/on', environments.enable, { status: 204 }),
  route('POST', '/api/admin/environments/:name/off', environments.disable, { status: 204 }),

  route('GET', '/api/admin/ui-config', instance.uiConfig, { serialize: sharedJson, answer: UiConfig }),
  route('POST', '/api/admin/ui-config/cors', instance.setFrontendApiOrigins, { status: 204, body: true }),
  route('GET', '/api/admin/maintenance', instance.maintenance, { answer: MaintenanceBody }),
  route('POST', '/api/admin/maintenance', instance.setMaintenance, { status: 204, body: true }),
  route('GET', '/api/admin/events', instance.listEvents, { answer: EventList }),
  route('GET', '/api/admin/event-creators', instance.eventCreators, { answer: FlagCreators }),
  route('GET', '/api/admin/events/:featureName', instance.featureEvents, { answer: FeatureEventList }),
]
