import * as t from 'io-ts'
import { optional, type Named } from './codec.js'
import { ProjectMode } from './project.js'
import { DefaultStrategy } from './strategy.js'

/*
 * What the Unleash Admin UI's project and dashboard pages read, in the shapes of Unleash 8.2's
 * OpenAPI document: each codec types an answer built from the store.
 */

/** Counts over the last 30 days and the 30 before (Unleash's `projectStatsSchema`). */
export interface ProjectStats extends t.TypeOf<typeof ProjectStatsCodec> {}
const ProjectStatsCodec = t.type({
  avgTimeToProdCurrentWindow: t.number,
  createdCurrentWindow: t.number,
  createdPastWindow: t.number,
  archivedCurrentWindow: t.number,
  archivedPastWindow: t.number,
  projectActivityCurrentWindow: t.number,
  projectActivityPastWindow: t.number,
  projectMembersAddedCurrentWindow: t.number,
})
export const ProjectStats: Named<typeof ProjectStatsCodec, ProjectStats> = ProjectStatsCodec

/** Where a project's onboarding stands (Unleash's `onboardingStatusSchema`). */
export const OnboardingStatus = t.union([
  t.type({ status: t.keyof({ 'onboarding-started': null, 'sdk-connected': null, onboarded: null }) }),
  t.type({ status: t.literal('first-flag-created'), feature: t.string }),
])
export type OnboardingStatus = t.TypeOf<typeof OnboardingStatus>

/** A project environment in the overview (Unleash's `projectEnvironmentSchema`). */
export interface OverviewEnvironment extends t.TypeOf<typeof OverviewEnvironmentCodec> {}
const OverviewEnvironmentCodec = t.intersection([
  t.type({ environment: t.string, changeRequestsEnabled: t.boolean }),
  t.partial({ defaultStrategy: DefaultStrategy }),
])
export const OverviewEnvironment: Named<typeof OverviewEnvironmentCodec, OverviewEnvironment> = OverviewEnvironmentCodec

/** Unleash's `projectOverviewSchema` (`GET /api/admin/projects/:projectId/overview`). */
export interface ProjectOverview extends t.TypeOf<typeof ProjectOverviewCodec> {}
const ProjectOverviewCodec = t.type({
  stats: ProjectStats,
  version: t.literal(1),
  name: t.string,
  description: t.union([t.string, t.null]),
  defaultStickiness: t.string,
  mode: ProjectMode,
  featureLimit: t.union([t.number, t.null]),
  featureNaming: t.type({ pattern: t.null }),
  linkTemplates: t.array(t.unknown),
  members: t.number,
  health: t.number,
  technicalDebt: t.number,
  environments: t.array(OverviewEnvironment),
  featureTypeCounts: t.array(t.type({ type: t.string, count: t.number })),
  updatedAt: t.union([t.string, t.null]),
  archivedAt: t.null,
  createdAt: t.string,
  favorite: t.boolean,
  onboardingStatus: OnboardingStatus,
})
export const ProjectOverview: Named<typeof ProjectOverviewCodec, ProjectOverview> = ProjectOverviewCodec

const StageSummary = t.type({ averageDays: t.union([t.number, t.null]), currentFlags: t.number })

/** Unleash's `projectStatusSchema` (`GET /api/admin/projects/:projectId/status`). */
export interface ProjectStatus extends t.TypeOf<typeof ProjectStatusCodec> {}
const ProjectStatusCodec = t.type({
  activityCountByDate: t.array(t.type({ date: t.string, count: t.number })),
  resources: t.type({ apiTokens: t.number, members: t.number, segments: t.number }),
  health: t.type({ current: t.number }),
  technicalDebt: t.type({ current: t.number }),
  lifecycleSummary: t.type({
    initial: StageSummary,
    preLive: StageSummary,
    live: StageSummary,
    completed: StageSummary,
    archived: t.type({ currentFlags: t.number, last30Days: t.number }),
  }),
  staleFlags: t.type({ total: t.number }),
})
export const ProjectStatus: Named<typeof ProjectStatusCodec, ProjectStatus> = ProjectStatusCodec

/** Who created features (Unleash's `projectFlagCreatorsSchema`), by user id. */
export const FlagCreators = t.array(t.type({ id: t.number, name: t.string }))
export type FlagCreators = t.TypeOf<typeof FlagCreators>

/** How many features are in each lifecycle stage (Unleash's `featureLifecycleCountSchema`). */
export interface LifecycleCount extends t.TypeOf<typeof LifecycleCountCodec> {}
const LifecycleCountCodec = t.type({ initial: t.number, preLive: t.number, live: t.number, completed: t.number, archived: t.number })
export const LifecycleCount: Named<typeof LifecycleCountCodec, LifecycleCount> = LifecycleCountCodec

/** The caller's dashboard (Unleash's `personalDashboardSchema`). */
export interface PersonalDashboard extends t.TypeOf<typeof PersonalDashboardCodec> {}
const PersonalDashboardCodec = t.type({
  projects: t.array(t.type({ id: t.string, name: t.string, health: t.number, technicalDebt: t.number, memberCount: t.number, featureCount: t.number })),
  flags: t.array(t.type({ name: t.string, project: t.string, type: t.string })),
  admins: t.array(t.intersection([t.type({ id: t.number, imageUrl: t.string }), t.partial({ name: t.string, username: t.string, email: t.string })])),
  projectOwners: t.array(t.type({ ownerType: t.literal('user'), name: t.string, imageUrl: t.union([t.string, t.null]), email: t.union([t.string, t.null]) })),
})
export const PersonalDashboard: Named<typeof PersonalDashboardCodec, PersonalDashboard> = PersonalDashboardCodec

/** One project on the caller's dashboard (Unleash's `personalDashboardProjectDetailsSchema`). */
export interface PersonalDashboardProject extends t.TypeOf<typeof PersonalDashboardProjectCodec> {}
const PersonalDashboardProjectCodec = t.type({
  insights: t.type({
    avgHealthCurrentWindow: t.null,
    avgHealthPastWindow: t.null,
    totalFlags: t.number,
    activeFlags: t.number,
    staleFlags: t.number,
    potentiallyStaleFlags: t.number,
    health: t.number,
    technicalDebt: t.number,
  }),
  onboardingStatus: OnboardingStatus,
  latestEvents: t.array(t.type({ id: t.number, summary: t.null, createdBy: t.string, createdByImageUrl: t.string, createdAt: t.string })),
  owners: t.array(t.union([t.type({ ownerType: t.literal('user'), name: t.string, imageUrl: t.union([t.string, t.null]), email: t.union([t.string, t.null]) }), t.type({ ownerType: t.literal('system') })])),
  roles: t.array(t.type({ name: t.string, id: t.number, type: t.literal('project') })),
})
export const PersonalDashboardProject: Named<typeof PersonalDashboardProjectCodec, PersonalDashboardProject> = PersonalDashboardProjectCodec

/** A browser error the UI reports (Unleash's `recordUiErrorSchema`). */
export interface RecordUiErrorBody extends t.TypeOf<typeof RecordUiErrorBodyCodec> {}
const RecordUiErrorBodyCodec = t.intersection([t.type({ errorMessage: t.string }), t.partial({ errorStack: t.string })], 'an error report { errorMessage, errorStack? }')
export const RecordUiErrorBody: Named<typeof RecordUiErrorBodyCodec, RecordUiErrorBody> = RecordUiErrorBodyCodec

/** The query of a project's context fields: `include=root` adds the instance's own. */
export interface ProjectContextQuery extends t.TypeOf<typeof ProjectContextQueryCodec> {}
const ProjectContextQueryCodec = optional({ include: t.keyof({ root: null }) })
export const ProjectContextQuery: Named<typeof ProjectContextQueryCodec, ProjectContextQuery> = ProjectContextQueryCodec

/** Unleash's `publicSignupTokensSchema`: the sign-up links (flagport has none). */
export interface InviteLinks extends t.TypeOf<typeof InviteLinksCodec> {}
const InviteLinksCodec = t.type({ tokens: t.array(t.unknown) })
export const InviteLinks: Named<typeof InviteLinksCodec, InviteLinks> = InviteLinksCodec

/** Unleash's `projectDoraMetricsSchema`: days from a release flag's creation to its first enabling in production. */
export interface DoraMetrics extends t.TypeOf<typeof DoraMetricsCodec> {}
const DoraMetricsCodec = t.type({ projectAverage: t.number, features: t.array(t.type({ name: t.string, timeToProduction: t.number })) })
export const DoraMetrics: Named<typeof DoraMetricsCodec, DoraMetrics> = DoraMetricsCodec

/** Live features by how healthy they are (Unleash's `calculateProjectHealth`): `activeCount` is every one not stale. */
const HealthCounts = { activeCount: t.number, potentiallyStaleCount: t.number, staleCount: t.number }

/** A feature as the health report lists it (the part of Unleash's `featureSchema` it sends). */
export interface HealthReportFeature extends t.TypeOf<typeof HealthReportFeatureCodec> {}
const HealthReportFeatureCodec = t.type({
  name: t.string,
  type: t.string,
  description: t.union([t.string, t.null]),
  favorite: t.boolean,
  createdAt: t.string,
  stale: t.boolean,
  impressionData: t.boolean,
  environments: t.array(
    t.type({
      name: t.string,
      enabled: t.boolean,
      type: t.string,
      sortOrder: t.number,
      variantCount: t.number,
      lastSeenAt: t.union([t.string, t.null]),
      hasStrategies: t.boolean,
      hasEnabledStrategies: t.boolean,
    }),
  ),
})
export const HealthReportFeature: Named<typeof HealthReportFeatureCodec, HealthReportFeature> = HealthReportFeatureCodec

/** Unleash's `healthReportSchema` (`GET /api/admin/projects/:projectId/health-report`). */
export interface HealthReport extends t.TypeOf<typeof HealthReportCodec> {}
const HealthReportCodec = t.type({
  version: t.literal(1),
  name: t.string,
  description: t.union([t.string, t.null]),
  defaultStickiness: t.string,
  mode: ProjectMode,
  featureLimit: t.union([t.number, t.null]),
  featureNaming: t.type({ pattern: t.null, example: t.null, description: t.null }),
  members: t.number,
  health: t.number,
  technicalDebt: t.number,
  environments: t.array(t.type({ environment: t.string })),
  features: t.array(HealthReportFeature),
  updatedAt: t.union([t.string, t.null]),
  createdAt: t.string,
  favorite: t.boolean,
  stats: ProjectStats,
  ...HealthCounts,
})
export const HealthReport: Named<typeof HealthReportCodec, HealthReport> = HealthReportCodec

/** Unleash's `projectInsightsSchema` (`GET /api/admin/projects/:projectId/insights`). */
export interface ProjectInsights extends t.TypeOf<typeof ProjectInsightsCodec> {}
const ProjectInsightsCodec = t.type({
  stats: ProjectStats,
  health: t.type({ rating: t.number, ...HealthCounts }),
  technicalDebt: t.type({ rating: t.number, ...HealthCounts }),
  leadTime: DoraMetrics,
  featureTypeCounts: t.array(t.type({ type: t.string, count: t.number })),
  members: t.type({ currentMembers: t.number, change: t.number }),
})
export const ProjectInsights: Named<typeof ProjectInsightsCodec, ProjectInsights> = ProjectInsightsCodec
