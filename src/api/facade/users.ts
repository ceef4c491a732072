import type { EmailPort } from '../../ports/email.js'
import { bind, type Run } from '../methods.js'
import type { StoragePort } from '../../ports/storage.js'
import { changePasswordOp } from '../operations/sessions.js'
import { changeOwnPasswordOp, checkPasswordOp, resetUserPasswordOp } from '../operations/passwords.js'
import * as a from '../operations/user-admin.js'
import * as u from '../operations/users.js'

/**
 * Users: create (operation 3), list with the root roles (operation 10), get, update, delete.
 * `email` sends the welcome mail when a user is created. Passwords: an admin sets one or
 * issues a reset link, anyone checks one against the rule, users change their own.
 */
export const userMethods = (run: Run, storage: StoragePort, email?: EmailPort) => {
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
    validatePassword: m(checkPasswordOp),
    changeOwnPassword: m(changeOwnPasswordOp(storage)),
    resetPassword: m(resetUserPasswordOp),
    roles: m(a.callerRolesOp),
    access: m(a.accessCandidatesOp),
    inactive: m(a.inactiveUsersOp),
    deleteInactive: m(a.deleteInactiveUsersOp),
    deleteScimUsers: m(a.deleteScimUsersOp),
  }
}
