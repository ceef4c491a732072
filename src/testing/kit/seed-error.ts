import type { ApiError, ErrorDetail } from '../../domain/errors.js'

/**
 * What the admin API refused, as an exception: tests want one, not an Either. It carries the
 * refusal as the API answers it (`error`, with its `details` and their paths).
 */
export class RefusedError extends Error {
  override readonly name: string = 'RefusedError'
  readonly details: readonly ErrorDetail[]

  constructor(
    what: string,
    readonly error: ApiError,
  ) {
    const lines = error.details.map((d) => (d.path === undefined ? d.message : `${d.path}: ${d.message}`))
    super(`flagport: ${what} was refused (${error._tag}):\n${lines.length > 0 ? lines.join('\n') : error.message}`)
    this.details = error.details
  }
}

/**
 * A seed the admin API would refuse; each detail's path points into the seed
 * (`/flags/checkout/environments/development/strategies/0/constraints/0/operator`).
 */
export class SeedError extends RefusedError {
  override readonly name = 'SeedError'

  constructor(error: ApiError) {
    super('the seed', error)
  }
}

export { locatedAt } from '../../api/located-error.js'
