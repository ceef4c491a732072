import { VERSION } from '../../api/version.js'
import type { JsonSchema } from '../../model/json-schema.js'
import type { Route } from '../route.js'
import { SESSION_COOKIE } from '../routes/sessions.js'
import { componentNames } from './components.js'
import { ErrorBody, MaintenanceError } from './error-body.js'
import { errorResponses, openApiPath, operationOf } from './operation.js'
import { schemaWriter } from './schema.js'

/** The OpenAPI version written: 3.1, whose schemas are plain JSON Schema 2020-12 (docs/http.md). */
export const OPENAPI_VERSION = '3.1.0'

export interface OpenApiOptions {
  /** The prefix the API is served under (the handler's `basePath`): the document's server URL. */
  readonly basePath?: string
}

/** An OpenAPI document: plain JSON. */
export type OpenApiDocument = JsonSchema & { readonly openapi: string; readonly paths: Record<string, Record<string, unknown>> }

const byKey = <V>(entries: Iterable<[string, V]>): Record<string, V> =>
  Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))

/**
 * The OpenAPI document of `routes`, from the route table and the codecs its routes read and
 * answer with: a route or codec that changes changes the document. Paths, methods, statuses
 * and components are sorted, so the same routes always give the same text.
 */
export const openApiDocument = (routes: readonly Route[], options: OpenApiOptions = {}): OpenApiDocument => {
  const writer = schemaWriter(componentNames())
  writer.schemaOf(ErrorBody)
  writer.schemaOf(MaintenanceError)
  const paths = new Map<string, Map<string, Record<string, unknown>>>()
  const used = new Map<string, number>()
  for (const route of routes) {
    const path = openApiPath(route.pattern)
    const methods = paths.get(path) ?? new Map<string, Record<string, unknown>>()
    const method = route.method.toLowerCase()
    // The router takes the first route declared for a method and path: so does the document.
    if (methods.has(method)) continue
    const operation = operationOf(route, writer)
    // Two paths may spell the same words (`/a-b` and `/a/b`): the later one is numbered.
    const seen = used.get(operation.operationId) ?? 0
    used.set(operation.operationId, seen + 1)
    methods.set(method, seen === 0 ? operation : { ...operation, operationId: `${operation.operationId}${seen + 1}` })
    paths.set(path, methods)
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'flagport admin API',
      version: VERSION,
      description: "Unleash's admin, client and frontend APIs as flagport serves them. Generated from flagport's route table and io-ts codecs.",
    },
    servers: [{ url: options.basePath || '/' }],
    security: [{ apiKey: [] }, { session: [] }],
    paths: byKey([...paths].map(([path, methods]) => [path, byKey(methods)])),
    components: {
      schemas: writer.components(),
      responses: errorResponses(),
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'An API token (admin, client or frontend) or a personal access token.' },
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie `POST /auth/simple/login` sets.' },
      },
    },
  }
}
