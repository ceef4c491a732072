import type { Principal } from '../ports/auth.js'
import { PERMISSIONS } from '../ports/permissions.js'

/**
 * How an operation admits its caller, declared on the operation (`admits`) and applied by the
 * runner alone:
 * - `permission` (the default): admin tokens, users and open auth holding the operation's
 *   `requirement`; SDK tokens are refused (403).
 * - `client-token`: as `permission`, and client tokens too (the client API); a frontend token
 *   is refused with Unleash's wrong-token-type 403. The token's scope arrives as `env.tokenScope`.
 * - `frontend-token`: as `permission`, and frontend tokens too (the frontend API); a client
 *   token is refused as above.
 * - `session`: any caller of the admin API, whatever its permissions: a person's own session
 *   (logout, profile), where the operation itself says who is not a person.
 * - `anyone`: no credentials are read (logging in, the password reset pages).
 * - `system`: the facade itself (`Runner.runAsSystem`), never a request; `run` refuses it.
 */
export type Admission = 'permission' | 'client-token' | 'frontend-token' | 'session' | 'anyone' | 'system'

/** Where an SDK token fixes its caller's reach: an environment and projects, each absent when the token names all (`*`). */
export interface TokenScope {
  readonly environment?: string
  readonly projects?: readonly string[]
}

/** A caller no token scopes. */
export const UNSCOPED: TokenScope = Object.freeze({})

/** The environment of a caller whose token does not fix one and whose request names none. */
export const DEFAULT_SDK_ENVIRONMENT = 'development'

/**
 * A client or frontend token's environment and projects, when the operation admits that token
 * type: they win over what the request names, as in Unleash. Any other caller is unscoped.
 */
export const tokenScopeOf = (who: Principal, admission: Admission): TokenScope => {
  if (who.kind !== admission) return UNSCOPED
  const environment = who.environment !== undefined && who.environment !== '*' ? who.environment : undefined
  const projects = who.projects !== undefined && !who.projects.includes('*') ? who.projects : undefined
  if (environment === undefined && projects === undefined) return UNSCOPED
  return projects === undefined ? { environment } : environment === undefined ? { projects } : { environment, projects }
}

/** The environment an SDK caller reads or reports on: its token's, else the one its request names, else `development`. */
export const sdkEnvironment = (scope: TokenScope, named: string | undefined): string => scope.environment ?? (named || DEFAULT_SDK_ENVIRONMENT)

/** Who `anyone` operations run as: no one, holding nothing. */
export const ANYONE: Principal = Object.freeze({ kind: 'open', actor: Object.freeze({ id: -1, name: 'anyone' }), permissions: Object.freeze([]) as readonly string[] })

/** Who `system` operations run as: the instance itself, as Unleash's system user. */
export const SYSTEM: Principal = Object.freeze({ kind: 'admin-token', actor: Object.freeze({ id: -1337, name: 'unleash_system_user' }), permissions: PERMISSIONS })
