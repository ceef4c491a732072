import type { CreateApiTokenBody, ApiTokenKind } from '../../model/token.js'

/** Where a client or frontend token applies when the body does not say. */
export const DEFAULT_TOKEN_ENVIRONMENT = 'development'

/** Personal and service-account tokens: `user:<secret>`. */
export const PERSONAL_TOKEN_PREFIX = 'user:'

export interface TokenScope {
  readonly type: ApiTokenKind
  /** `['*']` for every project. */
  readonly projects: readonly string[]
  readonly environment: string
}

/** Admin tokens cover everything; others the projects (default all) and environment asked for. */
export const tokenScope = (body: CreateApiTokenBody): TokenScope => {
  if (body.type === 'admin') return { type: body.type, projects: ['*'], environment: '*' }
  const asked = [...new Set(body.projects ?? (body.project !== undefined ? [body.project] : ['*']))]
  return { type: body.type, projects: asked.includes('*') ? ['*'] : asked, environment: body.environment ?? DEFAULT_TOKEN_ENVIRONMENT }
}

/**
 * Unleash's token formats: `*:*.` for admin tokens, `<project>:<env>.` for one project (`*`
 * for all), `[]:<env>.` for several. The secret follows the prefix.
 */
export const tokenPrefix = (scope: TokenScope): string =>
  scope.type === 'admin' ? '*:*.' : `${scope.projects.length === 1 ? scope.projects[0] : '[]'}:${scope.environment}.`

/** How a token's projects are shown in the `project` field. */
export const projectLabel = (projects: readonly string[]): string => (projects.length === 1 ? projects[0]! : '[]')
