import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'

/** Service accounts and their tokens. A token's secret appears once, in the 201. */
export const serviceAccountRoutes = ({ serviceAccounts }: AdminApi): Route[] => [
  route('POST', '/api/admin/service-account', serviceAccounts.create, {
    status: 201,
    body: true,
    headers: ({ result }) => location('service-account', result.id),
  }),
  route('GET', '/api/admin/service-account', serviceAccounts.list),
  route('GET', '/api/admin/service-account/:id', serviceAccounts.get),
  route('PUT', '/api/admin/service-account/:id', serviceAccounts.update, { body: true }),
  route('DELETE', '/api/admin/service-account/:id', serviceAccounts.delete),
  route('POST', '/api/admin/service-account/:id/token', serviceAccounts.createToken, { status: 201, body: true }),
  route('GET', '/api/admin/service-account/:id/token', serviceAccounts.listTokens),
  route('DELETE', '/api/admin/service-account/:id/token/:tokenId', serviceAccounts.deleteToken),
]
