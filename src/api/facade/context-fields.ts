import { bind, type Run } from '../methods.js'
import * as c from '../operations/context-fields.js'
import * as pc from '../operations/project-context-fields.js'

/** Context fields: what constraints, stickiness and overrides refer to; `*InProject`, those a project owns. */
export const contextFieldMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(c.listContextFieldsOp),
    get: m(c.getContextFieldOp),
    create: m(c.createContextFieldOp),
    update: m(c.updateContextFieldOp),
    delete: m(c.deleteContextFieldOp),
    setLegalValue: m(c.setLegalValueOp),
    removeLegalValue: m(c.removeLegalValueOp),
    validateName: m(c.validateContextFieldNameOp),
    strategies: m(c.contextFieldStrategiesOp),
    getInProject: m(pc.getProjectContextFieldOp),
    createInProject: m(pc.createProjectContextFieldOp),
    updateInProject: m(pc.updateProjectContextFieldOp),
    deleteInProject: m(pc.deleteProjectContextFieldOp),
    setLegalValueInProject: m(pc.setProjectLegalValueOp),
    removeLegalValueInProject: m(pc.removeProjectLegalValueOp),
    validateNameInProject: m(pc.validateProjectContextFieldNameOp),
    strategiesInProject: m(pc.projectContextFieldStrategiesOp),
  }
}
