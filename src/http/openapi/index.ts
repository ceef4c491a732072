/**
 * The OpenAPI document of flagport's HTTP API (`flagport/openapi`): the one the handler serves
 * at `GET /docs/openapi.json`, for a host app to serve elsewhere or merge into its own.
 */
import type { AdminApi } from '../../api/admin-api.js'
import { adminRoutes } from '../routes/index.js'
import { type OpenApiDocument, openApiDocument, type OpenApiOptions, OPENAPI_VERSION } from './document.js'
import { OPENAPI_PATH, openApiRoute } from './route.js'

export { OPENAPI_PATH, OPENAPI_VERSION, type OpenApiDocument, type OpenApiOptions }

/**
 * The document of `api`'s routes as `createHttpHandler(api, { basePath })` serves them: a fresh
 * object each call, the caller's to change.
 *
 * @example
 * const doc = createOpenApiDocument(api, { basePath: '/flags' })
 */
export const createOpenApiDocument = (api: AdminApi, options: OpenApiOptions = {}): OpenApiDocument => {
  const routes = adminRoutes(api)
  return openApiDocument([...routes, openApiRoute(routes, options)], options)
}
