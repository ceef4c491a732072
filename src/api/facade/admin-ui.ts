import { bind, type Run } from '../methods.js'
import * as ins from '../operations/admin-ui-insights.js'
import * as fb from '../operations/feedback.js'
import * as inv from '../operations/admin-ui-invite-links.js'
import * as pg from '../operations/admin-ui-playground.js'
import * as pc from '../operations/admin-ui-project-context.js'
import * as search from '../operations/admin-ui-search.js'

/** What the Unleash Admin UI's pages read: searches, project insights, the dashboard, the playground. */
export const adminUiMethods = (run: Run) => {
  const m = bind(run)
  return {
    searchFeatures: m(search.searchFeaturesOp),
    searchEvents: m(search.searchEventsOp),
    projectOverview: m(ins.projectOverviewOp),
    projectStatus: m(ins.projectStatusOp),
    projectFlagCreators: m(ins.projectFlagCreatorsOp),
    projectDora: m(ins.projectDoraOp),
    projectHealthReport: m(ins.projectHealthReportOp),
    projectInsights: m(ins.projectInsightsOp),
    flagCreators: m(ins.flagCreatorsOp),
    lifecycleCount: m(ins.lifecycleCountOp),
    personalDashboard: m(ins.personalDashboardOp),
    personalDashboardProject: m(ins.personalDashboardProjectOp),
    recordUiError: m(ins.recordUiErrorOp),
    createFeedback: m(fb.createFeedbackOp),
    updateFeedback: m(fb.updateFeedbackOp),
    seeSplash: m(fb.seeSplashOp),
    projectContextFields: m(pc.projectContextFieldsOp),
    inviteLinks: m(inv.inviteLinksOp),
    playground: m(pg.playgroundOp),
    advancedPlayground: m(pg.advancedPlaygroundOp),
  }
}
