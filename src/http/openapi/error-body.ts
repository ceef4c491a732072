import * as t from 'io-ts'
import { oneOf } from '../../model/codec.js'
import { STATUS } from '../errors.js'

const ERROR_NAMES = Object.keys(STATUS) as [string, ...string[]]

/** One problem of an error: what is wrong, and where in the request when it can say. */
export const ErrorDetail = t.intersection([t.type({ message: t.string }), t.partial({ path: t.string, validationErrors: t.array(t.string) })], 'a problem { message, path? }')

/**
 * Every error answer's body (src/http/errors.ts): `id` names it in the server's log, `name` its
 * kind, which sets the status. Some kinds add fields (a 401's login path, a 403's permissions).
 */
export const ErrorBody = t.type(
  {
    id: t.string,
    name: t.union([oneOf(ERROR_NAMES), t.literal('InternalError')]),
    message: t.string,
    details: t.array(ErrorDetail),
  },
  'an error { id, name, message, details }',
)

/** A write refused during maintenance: the message alone, as Unleash's middleware sends it. */
export const MaintenanceError = t.type({ message: t.string }, 'the maintenance message { message }')
