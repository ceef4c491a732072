import type { AdminApi } from '../../api/admin-api.js'
import { ValidatedEdgeTokens } from '../../model/edge.js'
import { location, type Route, route } from '../route.js'
import { ApiTokenList, CreateApiTokenBody, CreatedApiToken, CreatedPersonalToken, CreateProjectApiTokenBody, PersonalTokenList, UpdateApiTokenBody } from '../../model/token.js'

/** API tokens and personal access tokens. Secrets appear once, in the 201. */
export const tokenRoutes = ({ apiTokens, personalTokens }: AdminApi): Route[] => [
  // As Unleash: the list the new token joins (no GET reads one token).
  route('POST', '/api/admin/api-tokens', apiTokens.create, { answer: CreatedApiToken, reads: { body: CreateApiTokenBody }, status: 201, body: true, headers: () => location('api-tokens') }),
  route('GET', '/api/admin/api-tokens', apiTokens.list, { answer: ApiTokenList }),
  route('POST', '/edge/validate', apiTokens.validateForEdge, { answer: ValidatedEdgeTokens, body: true }),
  route('GET', '/api/admin/api-tokens/:name', apiTokens.listByName, { answer: ApiTokenList }),
  // `:token` is the secret, as in Unleash, or the id flagport lists.
  route('PUT', '/api/admin/api-tokens/:token', apiTokens.update, { reads: { body: UpdateApiTokenBody }, body: true }),
  route('DELETE', '/api/admin/api-tokens/:token', apiTokens.delete),
  route('GET', '/api/admin/projects/:projectId/api-tokens', apiTokens.listInProject, { answer: ApiTokenList }),
  route('POST', '/api/admin/projects/:projectId/api-tokens', apiTokens.createInProject, { answer: CreatedApiToken, reads: { body: CreateProjectApiTokenBody }, status: 201, body: true, headers: () => location('api-tokens') }),
  route('DELETE', '/api/admin/projects/:projectId/api-tokens/:token', apiTokens.deleteInProject),

  // The caller's own personal access tokens, at Unleash's path.
  route('POST', '/api/admin/user/tokens', personalTokens.createOwn, { answer: CreatedPersonalToken, status: 201, body: true }),
  route('GET', '/api/admin/user/tokens', personalTokens.listOwn, { answer: PersonalTokenList }),
  route('DELETE', '/api/admin/user/tokens/:tokenId', personalTokens.deleteOwn),
  route('POST', '/api/admin/user-admin/:id/tokens', personalTokens.create, { answer: CreatedPersonalToken, status: 201, body: true }),
  route('GET', '/api/admin/user-admin/:id/tokens', personalTokens.list, { answer: PersonalTokenList }),
  route('DELETE', '/api/admin/user-admin/:id/tokens/:tokenId', personalTokens.delete),
]
