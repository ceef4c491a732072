import * as ev from '../operations/events.js'
import * as fav from '../operations/favorites.js'
import { bind, type Run } from '../methods.js'
import * as env from '../operations/environments.js'
import * as p from '../operations/projects.js'
import * as ui from '../operations/ui-config.js'

/** Projects: create (operation 5), read, the environments connected to them, the caller's favourites. */
export const projectMethods = (run: Run) => {
  const m = bind(run)
  return {
    create: m(p.createProjectOp),
    get: m(p.getProjectOp),
    list: m(p.listProjectsOp),
    connectEnvironment: m(p.connectEnvironmentOp),
    disconnectEnvironment: m(p.disconnectEnvironmentOp),
    setDefaultStrategy: m(p.setDefaultStrategyOp),
    favorite: m(fav.setFavoriteProjectOp(true)),
    unfavorite: m(fav.setFavoriteProjectOp(false)),
  }
}

/** The instance's environments. */
export const environmentMethods = (run: Run) => {
  const m = bind(run)
  return {
    create: m(env.createEnvironmentOp),
    get: m(env.getEnvironmentOp),
    list: m(env.listEnvironmentsOp),
    enable: m(env.setEnvironmentEnabledOp(true)),
    disable: m(env.setEnvironmentEnabledOp(false)),
    setSortOrder: m(env.setEnvironmentSortOrderOp),
    ofProject: m(env.projectEnvironmentsOp),
  }
}

/** Instance-wide settings: the UI configuration (operation 6), maintenance mode, front-end API origins. */
export const instanceMethods = (run: Run, emailEnabled: boolean) => {
  const m = bind(run)
  return {
    uiConfig: m(ui.uiConfigOp(emailEnabled)),
    maintenance: m(ui.getMaintenanceOp),
    setMaintenance: m(ui.setMaintenanceOp),
    setFrontendApiOrigins: m(ui.setFrontendApiOriginsOp),
    listEvents: m(ev.listEventsOp),
    featureEvents: m(ev.featureEventsOp),
    eventCreators: m(ev.eventCreatorsOp),
  }
}
