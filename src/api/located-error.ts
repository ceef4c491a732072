import type { ApiError } from '../domain/errors.js'

/**
 * An error of the API, its paths moved from the request (`/body`, `/params`) to `at`: the part
 * of a larger input (a seed, a transfer document) the refused call came from.
 */
export const locatedAt = <X extends ApiError>(error: X, at: string): X => {
  const move = (text: string) => text.replace(/\/(?:body|params)(?=[/`\s.]|$)/g, at)
  const details = error.details.length > 0 ? error.details : [{ message: error.message }]
  return {
    ...error,
    message: move(error.message),
    details: details.map((d) => ({ message: move(d.message), path: d.path === undefined ? at : move(d.path) })),
  }
}
