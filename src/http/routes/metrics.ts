import type { AdminApi } from '../../api/admin-api.js'
import { ApplicationDetail, Applications, ApplicationsQuery, BulkMetricsBody, ClientMetricsBody, ClientRegistrationBody, FeatureUsage } from '../../model/metrics.js'
import { type ApiRoute, route } from '../route.js'
import { ApplicationOverview, ApplicationUpdate, EnvironmentInstances, FeatureRawMetrics, OutdatedSdks, ProjectApplications, ProjectApplicationsQuery, UnknownFlags } from '../../model/metrics-views.js'

/**
 * What Unleash's server SDKs send (registration, usage counts, Edge's bulk), answered 202 with
 * no body as Unleash answers, and what the admin API shows of it.
 */
export const metricsRoutes = ({ metrics }: AdminApi): ApiRoute[] => [
  route('POST', '/api/client/register', metrics.register, { status: 202, body: true, reads: { body: ClientRegistrationBody } }),
  route('POST', '/api/client/metrics', metrics.report, { status: 202, body: true, reads: { body: ClientMetricsBody } }),
  route('POST', '/api/client/metrics/bulk', metrics.bulk, { status: 202, body: true, reads: { body: BulkMetricsBody } }),
  route('GET', '/api/admin/metrics/applications', metrics.applications, { answer: Applications, reads: { query: ApplicationsQuery } }),
  route('GET', '/api/admin/metrics/applications/:appName', metrics.application, { answer: ApplicationDetail }),
  route('GET', '/api/admin/client-metrics/features/:featureName', metrics.feature, { answer: FeatureUsage }),
  route('GET', '/api/admin/client-metrics/features/:featureName/raw', metrics.featureRaw, { answer: FeatureRawMetrics }),
  route('GET', '/api/admin/metrics/applications/:appName/overview', metrics.overview, { answer: ApplicationOverview }),
  route('GET', '/api/admin/metrics/instances/:appName/environment/:environment', metrics.instances, { answer: EnvironmentInstances }),
  route('POST', '/api/admin/metrics/applications/:appName', metrics.updateApplication, { status: 202, body: true, reads: { body: ApplicationUpdate } }),
  route('DELETE', '/api/admin/metrics/applications/:appName', metrics.deleteApplication, {}),
  route('GET', '/api/admin/projects/:projectId/applications', metrics.projectApplications, { answer: ProjectApplications, reads: { query: ProjectApplicationsQuery } }),
  route('GET', '/api/admin/projects/:projectId/sdks/outdated', metrics.projectOutdatedSdks, { answer: OutdatedSdks }),
  route('GET', '/api/admin/metrics/sdks/outdated', metrics.outdatedSdks, { answer: OutdatedSdks }),
  route('GET', '/api/admin/metrics/unknown-flags', metrics.unknownFlags, { answer: UnknownFlags }),
]
