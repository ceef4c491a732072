import { PERMISSIONS, type Permission } from '../ports/permissions.js'

/** Operations every authenticated caller may run. */
export const NONE = 'NONE' as const
/**
 * What an operation needs: no permission, one, or any one of several (as Unleash's routes
 * list them, e.g. the API token routes: ADMIN or the permission for one kind of token).
 */
export type Requirement = Permission | typeof NONE | AnyOf

/** Any one of these permissions will do. */
export type AnyOf = readonly [Permission, Permission, ...Permission[]]

export const ADMIN_ROLE_ID = 1
export const EDITOR_ROLE_ID = 2
export const VIEWER_ROLE_ID = 3

/** Admin holds every permission; Editor all but ADMIN; Viewer none (decisions.md). */
export const ROOT_ROLE_PERMISSIONS: Record<number, readonly Permission[]> = {
  [ADMIN_ROLE_ID]: PERMISSIONS,
  [EDITOR_ROLE_ID]: PERMISSIONS.filter((p) => p !== 'ADMIN'),
  [VIEWER_ROLE_ID]: [],
}

/** Whether a holder of `held` may do what needs `required` (ADMIN implies everything). */
export const allows = (held: readonly string[], required: Requirement): boolean =>
  required === NONE || held.includes('ADMIN') || (typeof required === 'string' ? held.includes(required) : required.some((p) => held.includes(p)))
