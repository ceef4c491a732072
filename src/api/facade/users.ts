import type { EmailPort } from '../../ports/email.js'
import { bind, type Run } from '../methods.js'
import { changePasswordOp } from '../operations/sessions.js'
import * as u from '../operations/users.js'

/**
 * Users: create (operation 3), list with the root roles (operation 10), get, update, delete.
 * `email` sends the welcome mail when a user is created.
 */
export const userMethods = (run: Run, email?: EmailPort) => {
  const m = bind(run)
  return {
    create: m(u.createUserOp(email)),
    list: m(u.listUsersOp),
    get: m(u.getUserOp),
    update: m(u.updateUserOp),
    delete: m(u.deleteUserOp),
    search: m(u.searchUsersOp),
    me: m(u.meOp),
    adminCount: m(u.adminCountOp),
    changePassword: m(changePasswordOp),
  }
}
