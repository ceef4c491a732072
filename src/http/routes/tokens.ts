import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'

/** API tokens and personal access tokens. Secrets appear once, in the 201. */
export const tokenRoutes = ({ apiTokens, personalTokens }: AdminApi): Route[] => [
  // As Unleash: the list the new token joins (no GET reads one token).
  route('POST', '/api/admin/api-tokens', apiTokens.create, { status: 201, body: true, headers: () => location('api-tokens') }),
  route('GET', '/api/admin/api-tokens', apiTokens.list),
  route('GET', '/api/admin/api-tokens/:name', apiTokens.listByName),
  // `:token` is the secret, as in Unleash, or the id flagport lists.
  route('PUT', '/api/admin/api-tokens/:token', apiTokens.update, { body: true }),
  route('DELETE', '/api/admin/api-tokens/:token', apiTokens.delete),
  route('GET', '/api/admin/projects/:projectId/api-tokens', apiTokens.listInProject),
  route('POST', '/api/admin/projects/:projectId/api-tokens', apiTokens.createInProject, { status: 201, body: true, headers: () => location('api-tokens') }),
  route('DELETE', '/api/admin/projects/:projectId/api-tokens/:token', apiTokens.deleteInProject),

  // The caller's own personal access tokens, at Unleash's path.
  route('POST', '/api/admin/user/tokens', personalTokens.createOwn, { status: 201, body: true }),
  route('GET', '/api/admin/user/tokens', personalTokens.listOwn),
  route('DELETE', '/api/admin/user/tokens/:tokenId', personalTokens.deleteOwn),
  route('POST', '/api/admin/user-admin/:id/tokens', personalTokens.create, { status: 201, body: true }),
  route('GET', '/api/admin/user-admin/:id/tokens', personalTokens.list),
  route('DELETE', '/api/admin/user-admin/:id/tokens/:tokenId', personalTokens.delete),
]
