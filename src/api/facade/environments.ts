import { bind, type Run } from '../methods.js'
import * as env from '../operations/environments.js'

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
