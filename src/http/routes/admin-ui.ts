import type { AdminApi } from '../../api/admin-api.js'
import { type Route, route } from '../route.js'

/** What the Unleash Admin UI's main pages call besides the records themselves (docs/admin-ui.md). */
export const adminUiRoutes = ({ adminUi }: AdminApi): Route[] => [
  route('GET', '/api/admin/search/features', adminUi.searchFeatures),
  route('GET', '/api/admin/search/events', adminUi.searchEvents),
  route('GET', '/api/admin/projects/:projectId/overview', adminUi.projectOverview),
  route('GET', '/api/admin/projects/:projectId/status', adminUi.projectStatus),
  route('GET', '/api/admin/projects/:projectId/flag-creators', adminUi.projectFlagCreators),
  route('GET', '/api/admin/projects/:projectId/context', adminUi.projectContextFields),
  route('GET', '/api/admin/flag-creators', adminUi.flagCreators),
  route('GET', '/api/admin/lifecycle/count', adminUi.lifecycleCount),
  route('GET', '/api/admin/personal-dashboard', adminUi.personalDashboard),
  route('GET', '/api/admin/personal-dashboard/:projectId', adminUi.personalDashboardProject),
  route('GET', '/api/admin/invite-link/tokens', adminUi.inviteLinks),
  route('POST', '/api/admin/record-ui-error', adminUi.recordUiError, { status: 204, body: true }),
  route('POST', '/api/admin/playground', adminUi.playground, { body: true }),
  route('POST', '/api/admin/playground/advanced', adminUi.advancedPlayground, { body: true }),
]
