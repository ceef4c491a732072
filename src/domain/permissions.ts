/** Unleash's permission names used by flagport's operations. */
export const PERMISSIONS = [
  'ADMIN',
  'CREATE_FEATURE',
  'UPDATE_FEATURE',
  'DELETE_FEATURE',
  'CREATE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_STRATEGY',
  'DELETE_FEATURE_STRATEGY',
  'CREATE_STRATEGY',
  'UPDATE_STRATEGY',
  'DELETE_STRATEGY',
  'UPDATE_FEATURE_ENVIRONMENT',
  'UPDATE_FEATURE_VARIANTS',
  'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
  'UPDATE_FEATURE_DEPENDENCY',
  'CREATE_PROJECT',
  'UPDATE_PROJECT',
  'DELETE_PROJECT',
  'CREATE_TAG_TYPE',
  'UPDATE_TAG_TYPE',
  'DELETE_TAG_TYPE',
  'CREATE_SEGMENT',
  'UPDATE_SEGMENT',
  'DELETE_SEGMENT',
  'CREATE_CONTEXT_FIELD',
  'UPDATE_CONTEXT_FIELD',
  'DELETE_CONTEXT_FIELD',
  'CREATE_ENVIRONMENT',
  'UPDATE_ENVIRONMENT',
  'DELETE_ENVIRONMENT',
  'CREATE_ADDON',
  'UPDATE_ADDON',
  'DELETE_ADDON',
  'READ_CLIENT_API_TOKEN',
  'READ_FRONTEND_API_TOKEN',
  'CREATE_CLIENT_API_TOKEN',
  'CREATE_FRONTEND_API_TOKEN',
  'UPDATE_CLIENT_API_TOKEN',
  'UPDATE_FRONTEND_API_TOKEN',
  'DELETE_CLIENT_API_TOKEN',
  'DELETE_FRONTEND_API_TOKEN',
] as const

export type Permission = (typeof PERMISSIONS)[number]

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
