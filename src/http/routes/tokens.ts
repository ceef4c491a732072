import type { AdminApi } from '../../api/admin-api.js'
import { ServiceAccount, ServiceAccountsAndRoles } from '../../model/user.js'
import { ApiTokenList, CreateApiTokenBody, CreatedApiToken, CreatedPersonalToken, CreateProjectApiTokenBody, PersonalTokenList, UpdateApiTokenBody } from '../../model/token.js'
import { location, type Route, route } from '../route.js'

/** API tokens, personal access tokens, service accounts and their tokens. Secrets appear once, in the 201. */
export const tokenRoutes = ({ apiTokens, personalTokens, serviceAccounts }: AdminApi): Route[] => [
  // As Unleash: the list the new token joins (no GET reads one token).
  route('POST', '/api/admin/api-tokens', apiTokens.create, { status: 201, body: true, answer: CreatedApiToken, reads: { body: CreateApiTokenBody }, headers: () => location('api-tokens') }),
  route('GET', '/api/admin/api-tokens', apiTokens.list, { answer: ApiTokenList }),
  route('GET', '/api/admin/api-tokens/:name', apiTokens.listByName, { answer: ApiTokenList }),
  // `:token` is the secret, as in Unleash, or the id flagport lists.
  route('PUT', '/api/admin/api-tokens/:token', apiTokens.update, { body: true, reads: { body: UpdateApiTokenBody } }),
  route('DELETE', '/api/admin/api-tokens/:token', apiTokens.delete),
  route('GET', '/api/admin/projects/:projectId/api-tokens', apiTokens.listInProject, { answer: ApiTokenList }),
  route('POST', '/api/admin/projects/:projectId/api-tokens', apiTokens.createInProject, { status: 201, body: true, answer: CreatedApiToken, reads: { body: CreateProjectApiTokenBody }, headers: () => location('api-tokens') }),
  route('DELETE', '/api/admin/projects/:projectId/api-tokens/:token', apiTokens.deleteInProject),

  // The caller's own personal access tokens, at Unleash's path.
  route('POST', '/api/admin/user/tokens', personalTokens.createOwn, { status: 201, body: true, answer: CreatedPersonalToken }),
  route('GET', '/api/admin/user/tokens', personalTokens.listOwn, { answer: PersonalTokenList }),
  route('DELETE', '/api/admin/user/tokens/:tokenId', personalTokens.deleteOwn),
  route('POST', '/api/admin/user-admin/:id/tokens', personalTokens.create, { status: 201, body: true, answer: CreatedPersonalToken }),
  route('GET', '/api/admin/user-admin/:id/tokens', personalTokens.list, { answer: PersonalTokenList }),
  route('DELETE', '/api/admin/user-admin/:id/tokens/:tokenId', personalTokens.delete),

  route('POST', '/api/admin/service-account', serviceAccounts.create, {
    status: 201,
    answer: ServiceAccount,
    body: true,
    headers: ({ result }) => location('service-account', result.id),
  }),
  route('GET', '/api/admin/service-account', serviceAccounts.list, { answer: ServiceAccountsAndRoles }),
  route('GET', '/api/admin/service-account/:id', serviceAccounts.get, { answer: ServiceAccount }),
  route('PUT', '/api/admin/service-account/:id', serviceAccounts.update, { body: true, answer: ServiceAccount }),
  route('DELETE', '/api/admin/service-account/:id', serviceAccounts.delete),
  route('POST', '/api/admin/service-account/:id/token', serviceAccounts.createToken, { status: 201, body: true, answer: CreatedPersonalToken }),
  route('GET', '/api/admin/service-account/:id/token', serviceAccounts.listTokens, { answer: PersonalTokenList }),
  route('DELETE', '/api/admin/service-account/:id/token/:tokenId', serviceAccounts.deleteToken),
]
