import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import { personalDashboard, personalDashboardProject } from '../../domain/insights/dashboard.js'
import { doraMetrics, healthReport, projectInsights } from '../../domain/insights/health-report.js'
import { projectOverview } from '../../domain/insights/overview.js'
import { flagCreators, lifecycleCount, projectStatus } from '../../domain/insights/status.js'
import { projectById } from '../../domain/project/lookup.js'
import { favoriteProjectsOf } from '../../domain/user/favorites.js'
import { RecordUiErrorBody } from '../../model/insights.js'
import { NoParams, ProjectParams } from '../../model/params.js'
import { callerUserId } from '../caller.js'
import { read } from '../operation.js'

const nowOf = (env: { ctx: { now: string } }): number => Date.parse(env.ctx.now)

/** Unleash: GET /api/admin/projects/:projectId/overview, the head of the UI's project page. */
export const projectOverviewOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  scope: (p) => ({ project: p.projectId }),
  run: (state, env) =>
    pipe(
      projectById(state, env.params.projectId),
      E.map((project) => projectOverview(state, project, favoriteProjectsOf(state, callerUserId(env)).includes(project.id), nowOf(env))),
    ),
})

/** Unleash: GET /api/admin/projects/:projectId/status, the project page's status tab. */
export const projectStatusOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  scope: (p) => ({ project: p.projectId }),
  run: (state, env) => pipe(projectById(state, env.params.projectId), E.map((project) => projectStatus(state, project.id, nowOf(env)))),
})

/** Unleash: GET /api/admin/projects/:projectId/flag-creators, for the project's flag filter. */
export const projectFlagCreatorsOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  scope: (p) => ({ project: p.projectId }),
  run: (state, env) => pipe(projectById(state, env.params.projectId), E.map((project) => flagCreators(state, project.id))),
})

/** Unleash: GET /api/admin/flag-creators, for the flags overview's filter. */
export const flagCreatorsOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right(flagCreators(state)),
})

/** Unleash: GET /api/admin/lifecycle/count, the flags overview's lifecycle tabs. */
export const lifecycleCountOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right(lifecycleCount(state)),
})

/** Unleash: GET /api/admin/personal-dashboard, for the caller (a caller that is not a user has no projects or flags of their own). */
export const personalDashboardOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state, env) => E.right(personalDashboard(state, callerUserId(env), nowOf(env))),
})

/** Unleash: GET /api/admin/personal-dashboard/:projectId, a project as the dashboard shows it to the caller. */
export const personalDashboardProjectOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  scope: (p) => ({ project: p.projectId }),
  run: (state, env) => pipe(projectById(state, env.params.projectId), E.map((project) => personalDashboardProject(state, project, callerUserId(env), nowOf(env)))),
})

/**
 * Unleash: POST /api/admin/record-ui-error, where the UI reports its own errors (204). The
 * report is checked and not kept: the store holds flags, not browser logs.
 */
export const recordUiErrorOp = read({
  params: NoParams,
  requirement: 'NONE',
  body: RecordUiErrorBody,
  run: () => E.right(undefined),
})

/** Unleash: GET /api/admin/projects/:projectId/dora, the project's lead time to production (404 for an unknown project; Unleash answers an empty one). */
export const projectDoraOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  scope: (p) => ({ project: p.projectId }),
  run: (state, env) => pipe(projectById(state, env.params.projectId), E.map((project) => doraMetrics(state, project.id))),
})

/** Unleash: GET /api/admin/projects/:projectId/health-report, the project's live features and their health. */
export const projectHealthReportOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  scope: (p) => ({ project: p.projectId }),
  run: (state, env) => pipe(projectById(state, env.params.projectId), E.map((project) => healthReport(state, project, callerUserId(env), nowOf(env)))),
})

/** Unleash: GET /api/admin/projects/:projectId/insights, statistics, health, lead time and features by type. */
export const projectInsightsOp = read({
  params: ProjectParams,
  requirement: 'NONE',
  scope: (p) => ({ project: p.projectId }),
  run: (state, env) => pipe(projectById(state, env.params.projectId), E.map((project) => projectInsights(state, project, nowOf(env)))),
})
