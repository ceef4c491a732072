import { bind, type Run } from '../methods.js'
import * as sa from '../operations/service-accounts.js'
import * as tk from '../operations/tokens.js'

/** Service accounts and their tokens (ADMIN). */
export const serviceAccountMethods = (run: Run) => {
  const m = bind(run)
  return {
    create: m(sa.createServiceAccountOp),
    list: m(sa.listServiceAccountsOp),
    get: m(sa.getServiceAccountOp),
    update: m(sa.updateServiceAccountOp),
    delete: m(sa.deleteServiceAccountOp),
    createToken: m(tk.createServiceAccountTokenOp),
    listTokens: m(tk.listServiceAccountTokensOp),
    deleteToken: m(tk.deleteServiceAccountTokenOp),
  }
}
