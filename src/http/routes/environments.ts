import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'

/** The instance's environments. */
export const environmentRoutes = ({ environments }: AdminApi): Route[] => [
  route('POST', '/api/admin/environments', environments.create, { status: 201, body: true, headers: ({ result }) => location('environments', result.name) }),
  route('GET', '/api/admin/environments', environments.list),
  route('PUT', '/api/admin/environments/sort-order', environments.setSortOrder, { body: true }),
  route('GET', '/api/admin/environments/project/:projectId', environments.ofProject),
  route('GET', '/api/admin/environments/:name', environments.get),
  // Unleash answers these switches 204, with no body.
  route('POST', '/api/admin/environments/:name/on', environments.enable, { status: 204 }),
  route('POST', '/api/admin/environments/:name/off', environments.disable, { status: 204 }),
]
