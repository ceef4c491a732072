/**
 * Every expected failure, as one tagged union. Each renders the error body
 * `{ id, name, message, details }`; the HTTP status comes from the table in src/http/errors.ts.
 */
export interface ErrorDetail {
  readonly message: string
  /** JSON path of the offending value, e.g. `/body/tags/addedTags/0/value`. */
  readonly path?: string
}

export interface ErrorOf<N extends string> {
  readonly _tag: N
  readonly message: string
  readonly details: readonly ErrorDetail[]
  /** Extra fields of the error body (401's login path, 403's permissions). */
  readonly extra?: Readonly<Record<string, unknown>>
}

export type ValidationError = ErrorOf<'ValidationError'>
export type NotFoundError = ErrorOf<'NotFoundError'>
export type NameExistsError = ErrorOf<'NameExistsError'>
/** What is asked for conflicts with what the store holds (deleting a segment or context field still in use). */
export type ConflictError = ErrorOf<'ConflictError'>
export type ExceedsLimitError = ErrorOf<'ExceedsLimitError'>
export type AuthenticationRequired = ErrorOf<'AuthenticationRequired'>
export type NoAccessError = ErrorOf<'NoAccessError'>
export type ContentTypeError = ErrorOf<'ContentTypeerror'>
export type MaintenanceModeError = ErrorOf<'MaintenanceModeError'>
export type PayloadTooLargeError = ErrorOf<'PayloadTooLargeError'>
export type MethodNotAllowedError = ErrorOf<'MethodNotAllowedError'>
/** The store could not make a change durable; nothing was applied. */
export type StorageError = ErrorOf<'StorageError'>
/** (HTTP only) the client passed a rate limit (creating users); nothing was done. */
export type TooManyRequestsError = ErrorOf<'TooManyRequestsError'>

/** What the pure domain can refuse. */
export type DomainError = ValidationError | NotFoundError | NameExistsError | ConflictError | ExceedsLimitError

/** Everything the facade or the HTTP handler can answer with. */
export type ApiError =
  | DomainError
  | AuthenticationRequired
  | NoAccessError
  | ContentTypeError
  | MaintenanceModeError
  | PayloadTooLargeError
  | MethodNotAllowedError
  | StorageError
  | TooManyRequestsError

export type ErrorName = ApiError['_tag']

const VALIDATION_PREFIX = 'Request validation failed: your request body or params contain invalid data'

/** One problem: the message names it (and its detail the path, when given). Several: each is a detail with its path. */
export const validationError = (details: readonly ErrorDetail[] | string, path?: string): ValidationError => {
  if (typeof details === 'string') {
    return { _tag: 'ValidationError', message: `${VALIDATION_PREFIX}: ${details}`, details: [path === undefined ? { message: details } : { path, message: details }] }
  }
  return {
    _tag: 'ValidationError',
    message: `${VALIDATION_PREFIX}. Refer to the \`details\` list for more information.`,
    details,
  }
}

const simple =
  <N extends string>(tag: N) =>
  (message: string, extra?: Record<string, unknown>): ErrorOf<N> => ({
    _tag: tag,
    message,
    details: [{ message }],
    ...(extra ? { extra } : {}),
  })

export const notFound = simple('NotFoundError')
export const nameExists = simple('NameExistsError')
export const storageError = simple('StorageError')
export const methodNotAllowed = simple('MethodNotAllowedError')
export const payloadTooLarge = simple('PayloadTooLargeError')

export const exceedsLimit = (resource: string, limit: number): ExceedsLimitError =>
  simple('ExceedsLimitError')(
    `Failed to create ${resource}. You can't create more than the established limit of ${limit}.`,
  )

/** What is asked conflicts with what the store holds: `message`, then each problem (a use, a check failed) as a detail. */
export const conflict = (message: string, problems: readonly string[]): ConflictError => ({ _tag: 'ConflictError', message, details: problems.map((p) => ({ message: p })) })

/** A caller who is not a user (an API token) managing what only users have: personal access tokens (Unleash's words), favourites. */
export const notAUser = (what: 'PATs' | 'Favorites' = 'PATs'): NoAccessError => simple('NoAccessError')(`${what} require an authenticated user.`)

/** The 403 for a caller without `permission` (or without any of several, worded as Unleash words it). */
export const noAccess = (permission: string | readonly string[], environment?: string): NoAccessError => {
  const permissions = typeof permission === 'string' ? [permission] : [...permission]
  const needed = permissions.length === 1 ? `the "${permissions[0]}" permission` : `one of the following permissions: ${permissions.map((p) => `"${p}"`).join(', ')}`
  return simple('NoAccessError')(
    `You don't have the required permissions to perform this operation. To perform this action, you need ${needed}${
      environment ? ` in the "${environment}" environment` : ''
    }.`,
    { permissions },
  )
}

export const LOGIN_PATH = '/auth/simple/login'

export const authenticationRequired = (hadHeader: boolean, baseUriPath = ''): AuthenticationRequired =>
  simple('AuthenticationRequired')(
    hadHeader
      ? `You must log in to use Unleash. The API token in your authorization header is not valid. Provide a valid API token in the Authorization header, or log in at ${baseUriPath}${LOGIN_PATH}.`
      : `You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Provide a valid API token in the Authorization header, or log in at ${baseUriPath}${LOGIN_PATH}.`,
    { path: `${baseUriPath}${LOGIN_PATH}`, type: 'password', defaultHidden: false },
  )

export const contentTypeError = (header: string | undefined): ContentTypeError =>
  simple('ContentTypeerror')(
    `We do not accept the content-type you provided (${
      header ?? "you didn't provide one"
    }). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format.`,
  )

/** Unleash's words; every write but turning maintenance off is refused until it is. */
export const maintenanceMode = (): MaintenanceModeError => simple('MaintenanceModeError')('Unleash is currently in maintenance mode.')

/** Unleash's limiter answers its library's default text. */
export const tooManyRequests = (): TooManyRequestsError => simple('TooManyRequestsError')('Too many requests, please try again later.')
