import * as t from 'io-ts'
import type { Named } from './codec.js'
import { lengthBetween, open } from './codec.js'

/* What the Admin UI's applications pages read of what SDKs reported (Unleash 8.2's schemas). */

const Issues = t.type({ missingFeatures: t.array(t.string), outdatedSdks: t.array(t.string) })

/** `GET /api/admin/metrics/applications/:appName/overview` (Unleash's `applicationOverviewSchema`). */
export interface ApplicationOverview extends t.TypeOf<typeof ApplicationOverviewCodec> {}
const ApplicationOverviewCodec = t.type({
  projects: t.array(t.string),
  featureCount: t.number,
  environments: t.array(
    t.type({
      name: t.string,
      instanceCount: t.number,
      sdks: t.array(t.string),
      frontendSdks: t.array(t.string),
      backendSdks: t.array(t.string),
      lastSeen: t.union([t.string, t.null]),
      issues: Issues,
    }),
  ),
  issues: t.type({ missingStrategies: t.array(t.string) }),
})
export const ApplicationOverview: Named<typeof ApplicationOverviewCodec, ApplicationOverview> = ApplicationOverviewCodec

/** `GET /api/admin/metrics/instances/:appName/environment/:environment` (`applicationEnvironmentInstancesSchema`). */
export interface EnvironmentInstances extends t.TypeOf<typeof EnvironmentInstancesCodec> {}
const EnvironmentInstancesCodec = t.type({
  instances: t.array(t.intersection([t.type({ instanceId: t.string, lastSeen: t.string }), t.partial({ sdkVersion: t.union([t.string, t.null]), clientIp: t.union([t.string, t.null]) })])),
})
export const EnvironmentInstances: Named<typeof EnvironmentInstancesCodec, EnvironmentInstances> = EnvironmentInstancesCodec

/** `GET /api/admin/projects/:projectId/applications` (`projectApplicationsSchema`). */
export interface ProjectApplications extends t.TypeOf<typeof ProjectApplicationsCodec> {}
const ProjectApplicationsCodec = t.type({
  total: t.number,
  applications: t.array(
    t.type({
      name: t.string,
      environments: t.array(t.string),
      instances: t.array(t.string),
      sdks: t.array(t.type({ name: t.string, versions: t.array(t.string) })),
    }),
  ),
})
export const ProjectApplications: Named<typeof ProjectApplicationsCodec, ProjectApplications> = ProjectApplicationsCodec

/** Query of `GET /api/admin/projects/:projectId/applications`. */
export const ProjectApplicationsQuery = open({}, { query: t.string, offset: t.string, limit: t.string, sortBy: t.string, sortOrder: t.string }, 'the query')

/** `GET /api/admin/metrics/sdks/outdated` and the project's (`outdatedSdksSchema`). */
export interface OutdatedSdks extends t.TypeOf<typeof OutdatedSdksCodec> {}
const OutdatedSdksCodec = t.type({ sdks: t.array(t.type({ sdkVersion: t.string, applications: t.array(t.string) })) })
export const OutdatedSdks: Named<typeof OutdatedSdksCodec, OutdatedSdks> = OutdatedSdksCodec

/** `GET /api/admin/client-metrics/features/:name/raw` (`featureMetricsSchema`): every hour of the last day, per application and environment, zeros included. */
export interface FeatureRawMetrics extends t.TypeOf<typeof FeatureRawMetricsCodec> {}
const FeatureRawMetricsCodec = t.type({
  version: t.literal(1),
  maturity: t.literal('stable'),
  data: t.array(
    t.intersection([
      t.type({ featureName: t.string, appName: t.string, environment: t.string, timestamp: t.string, yes: t.number, no: t.number }),
      /** Absent from an hour with no counts. */
      t.partial({ variants: t.record(t.string, t.number) }),
    ]),
  ),
})
export const FeatureRawMetrics: Named<typeof FeatureRawMetricsCodec, FeatureRawMetrics> = FeatureRawMetricsCodec

/** `GET /api/admin/metrics/unknown-flags` (`unknownFlagsResponseSchema`). */
export interface UnknownFlags extends t.TypeOf<typeof UnknownFlagsCodec> {}
const UnknownFlagsCodec = t.type({
  unknownFlags: t.array(
    t.type({
      name: t.string,
      lastSeenAt: t.string,
      /** The latest event about a flag of that name (one deleted since), else null. */
      lastEventAt: t.union([t.string, t.null]),
      reports: t.array(t.type({ appName: t.string, environments: t.array(t.type({ environment: t.string, seenAt: t.string })) })),
    }),
  ),
})
export const UnknownFlags: Named<typeof UnknownFlagsCodec, UnknownFlags> = UnknownFlagsCodec

/** Text the UI edits of an application: Unleash keeps each in a column of 255 characters. */
const AppText = lengthBetween(0, 255)

/** `POST /api/admin/metrics/applications/:appName` (`createApplicationSchema`): what the UI edits; a field not sent keeps its value. */
export interface ApplicationUpdate extends t.TypeOf<typeof ApplicationUpdateCodec> {}
const ApplicationUpdateCodec = open({}, { strategies: t.array(AppText), url: AppText, description: AppText, icon: AppText, color: AppText }, 'an application')
export const ApplicationUpdate: Named<typeof ApplicationUpdateCodec, ApplicationUpdate> = ApplicationUpdateCodec
