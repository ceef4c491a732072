import * as t from 'io-ts'
import type { AdminApi } from '../../api/admin-api.js'
import { ListedContextField } from '../../model/context-field.js'
import { EventSearchQuery, EventSearchResult } from '../../model/event-search.js'
import { FeatureSearchQuery, FeatureSearchResult } from '../../model/feature-search.js'
import { Feedback, Splash } from '../../model/feedback.js'
import { DoraMetrics, FlagCreators, HealthReport, InviteLinks, LifecycleCount, PersonalDashboard, PersonalDashboardProject, ProjectContextQuery, ProjectInsights, ProjectOverview, ProjectStatus } from '../../model/insights.js'
import { AdvancedPlaygroundResult, PlaygroundResult } from '../../model/playground.js'
import { type Route, route } from '../route.js'

/** What the Unleash Admin UI's main pages call besides the records themselves (docs/admin-ui.md). */
export const adminUiRoutes = ({ adminUi }: AdminApi): Route[] => [
  route('GET', '/api/admin/search/features', adminUi.searchFeatures, { answer: FeatureSearchResult, reads: { query: FeatureSearchQuery } }),
  route('GET', '/api/admin/search/events', adminUi.searchEvents, { answer: EventSearchResult, reads: { query: EventSearchQuery } }),
  route('GET', '/api/admin/projects/:projectId/overview', adminUi.projectOverview, { answer: ProjectOverview }),
  route('GET', '/api/admin/projects/:projectId/status', adminUi.projectStatus, { answer: ProjectStatus }),
  route('GET', '/api/admin/projects/:projectId/flag-creators', adminUi.projectFlagCreators, { answer: FlagCreators }),
  route('GET', '/api/admin/projects/:projectId/dora', adminUi.projectDora, { answer: DoraMetrics }),
  route('GET', '/api/admin/projects/:projectId/health-report', adminUi.projectHealthReport, { answer: HealthReport }),
  route('GET', '/api/admin/projects/:projectId/insights', adminUi.projectInsights, { answer: ProjectInsights }),
  route('GET', '/api/admin/projects/:projectId/context', adminUi.projectContextFields, { answer: t.array(ListedContextField), reads: { query: ProjectContextQuery } }),
  route('GET', '/api/admin/flag-creators', adminUi.flagCreators, { answer: FlagCreators }),
  route('GET', '/api/admin/lifecycle/count', adminUi.lifecycleCount, { answer: LifecycleCount }),
  route('GET', '/api/admin/personal-dashboard', adminUi.personalDashboard, { answer: PersonalDashboard }),
  route('GET', '/api/admin/personal-dashboard/:projectId', adminUi.personalDashboardProject, { answer: PersonalDashboardProject }),
  route('GET', '/api/admin/invite-link/tokens', adminUi.inviteLinks, { answer: InviteLinks }),
  route('POST', '/api/admin/record-ui-error', adminUi.recordUiError, { status: 204, body: true }),
  route('POST', '/api/admin/feedback', adminUi.createFeedback, { body: true, answer: Feedback }),
  route('PUT', '/api/admin/feedback/:id', adminUi.updateFeedback, { body: true, answer: Feedback }),
  route('POST', '/api/admin/splash/:id', adminUi.seeSplash, { answer: Splash }),
  route('POST', '/api/admin/playground', adminUi.playground, { body: true, answer: PlaygroundResult }),
  route('POST', '/api/admin/playground/advanced', adminUi.advancedPlayground, { body: true, answer: AdvancedPlaygroundResult }),
]
