import { type ApiError, boundedDetails, type ErrorName } from '../domain/errors.js'
import type { HttpResponse } from './messages.js'

/** The one table from error kind to HTTP status. */
export const STATUS: Readonly<Record<ErrorName, number>> = {
  ValidationError: 400,
  ExceedsLimitError: 400,
  AuthenticationRequired: 401,
  PasswordMismatch: 401,
  InvalidTokenError: 401,
  NoAccessError: 403,
  InvalidOperationError: 403,
  NotFoundError: 404,
  MethodNotAllowedError: 405,
  NameExistsError: 409,
  ConflictError: 409,
  PayloadTooLargeError: 413,
  ContentTypeerror: 415,
  TooManyRequestsError: 429,
  MaintenanceModeError: 503,
  StorageError: 503,
}

export const JSON_TYPE = 'application/json; charset=utf-8'

/** `{ id, name, message, details, ...extra }`; extra never overrides the first four. Every answer's details are bounded here. */
export const errorBody = (error: ApiError, id: string): Record<string, unknown> => {
  const { id: _id, name: _name, message: _message, details: _details, ...extra } = error.extra ?? {}
  return { id, name: error._tag, message: error.message, details: boundedDetails(error.details), ...extra }
}

export const errorResponse = (error: ApiError, id: string, headers: Record<string, string> = {}): HttpResponse => {
  const status = STATUS[error._tag]
  // As Unleash's limiter sends it: its message as text, not an error body.
  if (error._tag === 'TooManyRequestsError') return { status, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' }, body: error.message }
  // As Unleash's maintenance middleware sends it: the message alone.
  if (error._tag === 'MaintenanceModeError') return { status, headers: { ...headers, 'content-type': JSON_TYPE }, body: JSON.stringify({ message: error.message }) }
  return { status, headers: { ...headers, 'content-type': JSON_TYPE }, body: JSON.stringify(errorBody(error, id)) }
}

/** A bug or an I/O fault: nothing a client sent. The body says no more than that. */
export const internalErrorResponse = (id: string): HttpResponse => ({
  status: 500,
  headers: { 'content-type': JSON_TYPE },
  body: JSON.stringify({
    id,
    name: 'InternalError',
    message: `Something went wrong on the server. The error was logged with id ${id}.`,
    details: [{ message: 'Something went wrong on the server.' }],
  }),
})
