import * as E from 'fp-ts/lib/Either.js'
import type { Ctx } from '../context.js'
import { notFound, type ConflictError, type ExceedsLimitError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import type { Tx } from '../../store/tx.js'

/**
 * Enables or disables an environment for the whole instance. A disabled environment is not
 * given to new projects that name none; projects already connected keep it (as in Unleash).
 * Setting the state it already has changes nothing.
 */
export const setEnvironmentEnabled = (draft: Tx, name: string, enabled: boolean, ctx: Ctx): E.Either<ConflictError | ExceedsLimitError | NotFoundError | ValidationError, void> => {
  const environment = draft.environments.get(name)
  if (!environment) return E.left(notFound(`Could not find environment ${name}`))
  if (environment.enabled === enabled) return E.right(undefined)
  environment.enabled = enabled
  recordEvent(draft, ctx, { type: 'environment-updated', environment: name, data: { name, enabled }, preData: { name, enabled: !enabled } })
  return E.right(undefined)
}

/**
 * Gives the environments named their sort order (Unleash: PUT /api/admin/environments/sort-order);
 * names of no environment are ignored, as there. Each change is recorded as
 * `environment-updated`, as turning one on or off is (Unleash records none).
 */
export const setEnvironmentSortOrder = (draft: Tx, sortOrder: Readonly<Record<string, number>>, ctx: Ctx): E.Either<never, void> => {
  for (const [name, order] of Object.entries(sortOrder)) {
    const environment = draft.environments.get(name)
    if (!environment || environment.sortOrder === order) continue
    const before = environment.sortOrder
    environment.sortOrder = order
    recordEvent(draft, ctx, { type: 'environment-updated', environment: name, data: { name, sortOrder: order }, preData: { name, sortOrder: before } })
  }
  return E.right(undefined)
}
