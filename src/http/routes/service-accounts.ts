import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'
import { CreatedPersonalToken, PersonalTokenList } from '../../model/token.js'
import { ServiceAccount, ServiceAccountsAndRoles } from '../../model/user.js'

/** Service accounts and their tokens. A token's secret appears once, in the 201. */
export const serviceAccountRoutes = ({ serviceAccounts }: AdminApi): Route[] => [
  route('POST', '/api/admin/service-account', serviceAccounts.create, {
    answer: ServiceAccount,
    status: 201,
    body: true,
    headers: ({ result }) => location('service-account', result.id),
  }),
  route('GET', '/api/admin/service-account', serviceAccounts.list, { answer: ServiceAccountsAndRoles }),
  route('GET', '/api/admin/service-account/:id', serviceAccounts.get, { answer: ServiceAccount }),
  route('PUT', '/api/admin/service-account/:id', serviceAccounts.update, { answer: ServiceAccount, body: true }),
  route('DELETE', '/api/admin/service-account/:id', serviceAccounts.delete),
  route('POST', '/api/admin/service-account/:id/token', serviceAccounts.createToken, { answer: CreatedPersonalToken, status: 201, body: true }),
  route('GET', '/api/admin/service-account/:id/token', serviceAccounts.listTokens, { answer: PersonalTokenList }),
  route('DELETE', '/api/admin/service-account/:id/token/:tokenId', serviceAccounts.deleteToken),
]
