import type { ApiTokenKind } from '../../model/token.js'
import type { AnyOf } from '../permissions.js'
import type { Permission } from '../../ports/permissions.js'

/** What a caller does with an API token. */
export type TokenAction = 'create' | 'read' | 'update' | 'delete'

const ACTIONS: readonly TokenAction[] = ['create', 'read', 'update', 'delete']

/** Unleash's permission for each action on client (and backend) tokens and on frontend tokens. */
const PERMISSION: Record<TokenAction, Record<'client' | 'frontend', Permission>> = {
  create: { client: 'CREATE_CLIENT_API_TOKEN', frontend: 'CREATE_FRONTEND_API_TOKEN' },
  read: { client: 'READ_CLIENT_API_TOKEN', frontend: 'READ_FRONTEND_API_TOKEN' },
  update: { client: 'UPDATE_CLIENT_API_TOKEN', frontend: 'UPDATE_FRONTEND_API_TOKEN' },
  delete: { client: 'DELETE_CLIENT_API_TOKEN', frontend: 'DELETE_FRONTEND_API_TOKEN' },
}

const family = (kind: Exclude<ApiTokenKind, 'admin'>): 'client' | 'frontend' => (kind === 'frontend' ? 'frontend' : 'client')

/** The permission `action` needs on a token of `kind`: ADMIN for admin tokens. */
export const tokenPermission = (action: TokenAction, kind: ApiTokenKind): Permission =>
  kind === 'admin' ? 'ADMIN' : PERMISSION[action][family(kind)]

/**
 * What Unleash's api-token routes ask before the token's kind is known: ADMIN, or the
 * permission for either kind. A caller without any is refused whatever the token.
 */
export const anyTokenPermission = (action: TokenAction): AnyOf => ['ADMIN', PERMISSION[action].client, PERMISSION[action].frontend]

/**
 * Whether a holder of `held` sees a token of `kind` in a list, as in Unleash: ADMIN sees
 * every token; any permission on a kind (create, read, update or delete) shows tokens of it.
 */
export const mayListToken = (held: readonly string[], kind: ApiTokenKind): boolean =>
  held.includes('ADMIN') || (kind !== 'admin' && ACTIONS.some((action) => held.includes(PERMISSION[action][family(kind)])))
