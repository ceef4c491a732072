import type { ErrorDetail, ErrorOf } from '../model/error.js'
import type { AuthenticationRequired } from '../ports/auth.js'

/**
 * Every expected failure, as one tagged union. Each renders the error body
 * `{ id, name, message, details }`; the HTTP status comes from the table in src/http/errors.ts.
 */
export type { ErrorDetail, ErrorOf }

export type ValidationError = ErrorOf<'ValidationError'>
export type NotFoundError = ErrorOf<'NotFoundError'>
export type NameExistsError = ErrorOf<'NameExistsError'>
/** What is asked for conflicts with what the store holds (deleting a segment or context field still in use). */
export type ConflictError = ErrorOf<'ConflictError'>
export type ExceedsLimitError = ErrorOf<'ExceedsLimitError'>
/** The request is well formed but the operation is refused for what it acts on (deprecated environment variants). */
export type InvalidOperationError = ErrorOf<'InvalidOperationError'>
export type NoAccessError = ErrorOf<'NoAccessError'>
export type ContentTypeError = ErrorOf<'ContentTypeerror'>
export type MaintenanceModeError = ErrorOf<'MaintenanceModeError'>
export type PayloadTooLargeError = ErrorOf<'PayloadTooLargeError'>
export type MethodNotAllowedError = ErrorOf<'MethodNotAllowedError'>
/**
 * The store could not make a change durable; nothing was applied. `detail` (paths, the
 * system's message) is for the server's log, under the error's id, and never answered.
 */
export type StorageError = ErrorOf<'StorageError'> & { readonly detail?: string }
/** (HTTP only) the client passed a rate limit (creating users); nothing was done. */
export type TooManyRequestsError = ErrorOf<'TooManyRequestsError'>

/** (Login) no account has that username or e-mail and password; nothing says which was wrong. */
export type PasswordMismatch = ErrorOf<'PasswordMismatch'>

/** (Password reset) the token of a reset or invite link is unknown, used or expired. */
export type InvalidTokenError = ErrorOf<'InvalidTokenError'>

/** What the pure domain can refuse. */
export type DomainError = ValidationError | NotFoundError | NameExistsError | ConflictError | ExceedsLimitError

/** Everything the facade or the HTTP handler can answer with. */
export type ApiError =
  | DomainError
  | InvalidOperationError
  | AuthenticationRequired
  | NoAccessError
  | ContentTypeError
  | MaintenanceModeError
  | PayloadTooLargeError
  | MethodNotAllowedError
  | StorageError
  | TooManyRequestsError
  | PasswordMismatch
  | InvalidTokenError

export type ErrorName = ApiError['_tag']

/** How many details an error answer lists; the rest are counted in one final detail. */
export const MAX_DETAILS = 100

/**
 * `details` as an answer lists them: each (path, message) once, the first `MAX_DETAILS`, then
 * `and N more` when there are more, so an answer stays small however much a request got wrong.
 */
export const boundedDetails = (details: readonly ErrorDetail[]): readonly ErrorDetail[] => {
  if (details.length <= 1) return details
  // By path, then message: a key joining the two cost a new string per detail.
  const seen = new Map<string | undefined, string | Set<string>>()
  const isNew = ({ path, message }: ErrorDetail): boolean => {
    const messages = seen.get(path)
    if (messages === undefined) seen.set(path, message)
    else if (typeof messages === 'string') {
      if (messages === message) return false
      seen.set(path, new Set([messages, message]))
    } else {
      if (messages.has(message)) return false
      messages.add(message)
    }
    return true
  }
  const kept: ErrorDetail[] = []
  let more = 0
  for (const detail of details) {
    if (!isNew(detail)) continue
    if (kept.length < MAX_DETAILS) kept.push(detail)
    else more += 1
  }
  return more === 0 && kept.length === details.length ? details : more === 0 ? kept : [...kept, { message: `and ${more} more` }]
}

/** The messages of `details` as one sentence, bounded as `boundedDetails` bounds the list. */
export const joinedMessages = (details: readonly ErrorDetail[]): string =>
  boundedDetails(details)
    .map((detail) => detail.message)
    .join(' ')

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
export const invalidOperation = simple('InvalidOperationError')
export const nameExists = simple('NameExistsError')
export const storageError = (message: string, detail?: string): StorageError => ({
  ...simple('StorageError')(message),
  ...(detail !== undefined ? { detail } : {}),
})
export const methodNotAllowed = simple('MethodNotAllowedError')
export const payloadTooLarge = simple('PayloadTooLargeError')

export const exceedsLimit = (resource: string, limit: number): ExceedsLimitError =>
  simple('ExceedsLimitError')(
    `Failed to create ${resource}. You can't create more than the established limit of ${limit}.`,
  )

/** What is asked conflicts with what the store holds: `message`, then each problem (a use, a check failed) as a detail. */
export const conflict = (message: string, problems: readonly string[]): ConflictError => ({ _tag: 'ConflictError', message, details: problems.map((p) => ({ message: p })) })

/** A caller who is not a user (an API token) managing what only users have: personal access tokens (Unleash's words), favourites. */
export const notAUser = (what: 'PATs' | 'Favorites' | 'Profiles' | 'Password changes' | 'Feedback answers' | 'Splash screens' = 'PATs'): NoAccessError => simple('NoAccessError')(`${what} require an authenticated user.`)

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

/** Unleash's answer to a failed login, the same whether the account or the password was wrong. */
export const passwordMismatch = (baseUriPath = ''): PasswordMismatch =>
  simple('PasswordMismatch')(
    `The combination of password and username you provided is invalid. If you have forgotten your password, visit ${baseUriPath}/forgotten-password or get in touch with your instance administrator.`,
  )

/** Unleash's answer to a wrong old password when users change their own. */
export const oldPasswordMismatch = (baseUriPath = ''): PasswordMismatch =>
  simple('PasswordMismatch')(
    `The old password you provided is invalid. If you have forgotten your password, visit ${baseUriPath}/forgotten-password or get in touch with your instance administrator.`,
  )

/** Unleash's words for a reset or invite token that is unknown, used or expired. */
export const invalidToken = (): InvalidTokenError => simple('InvalidTokenError')('Token was not valid')

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

/** A stream past the streaming API's caps (docs/clients.md): SDKs fall back to polling on a 429. */
export const tooManyStreams = (message: string): TooManyRequestsError => simple('TooManyRequestsError')(message)

/** A write authenticated by the session cookie from a page of another origin: `reason` says which. */
export const crossOrigin = (reason: string): NoAccessError => simple('NoAccessError')(reason)

/** A login refused before its password was checked: the name's backoff, or too many checks queued. */
export const tooManyLogins = (reason: 'waiting' | 'busy', retryAfterSeconds: number): TooManyRequestsError =>
  simple('TooManyRequestsError')(
    reason === 'waiting'
      ? `Too many failed logins for this account. Try again in ${retryAfterSeconds} seconds.`
      : `Too many logins are being checked at once. Try again in ${retryAfterSeconds} seconds.`,
  )

/** Unleash's answer to a token of the other SDK API: a frontend token on the client API, a client token on the frontend API. */
export const wrongTokenType = (): NoAccessError => {
  const message = 'invalid token: expected a different token type for this endpoint'
  return { _tag: 'NoAccessError', message, details: [{ message }] }
}
