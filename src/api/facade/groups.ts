import { bind, type Run } from '../methods.js'
import * as g from '../operations/groups.js'

/** Groups: list (operation 7), get, create, update, delete, add and remove members. */
export const groupMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(g.listGroupsOp),
    get: m(g.getGroupOp),
    create: m(g.createGroupOp),
    update: m(g.updateGroupOp),
    delete: m(g.deleteGroupOp),
    addUsers: m(g.addGroupMembersOp),
    removeUsers: m(g.removeGroupMembersOp),
  }
}
