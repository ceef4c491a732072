import type { AdminApi } from '../../api/admin-api.js'
import { type Route, route } from '../route.js'
import { jsonKeptBy } from '../kept-json.js'

/** Instance-wide settings (operation 6: the UI configuration), maintenance mode, and the event log. */
export const instanceRoutes = ({ instance }: AdminApi): Route[] => [
  // One frozen record for each version of what it is built from (docs/projects.md): its JSON is kept with it.
  route('GET', '/api/admin/ui-config', instance.uiConfig, { serialize: jsonKeptBy((record: object) => record) }),
  route('POST', '/api/admin/ui-config/cors', instance.setFrontendApiOrigins, { status: 204, body: true }),
  route('GET', '/api/admin/maintenance', instance.maintenance),
  route('POST', '/api/admin/maintenance', instance.setMaintenance, { status: 204, body: true }),
  route('GET', '/api/admin/events', instance.listEvents),
  route('GET', '/api/admin/event-creators', instance.eventCreators),
  route('GET', '/api/admin/events/:featureName', instance.featureEvents),
]
