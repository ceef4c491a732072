import * as E from 'fp-ts/lib/Either.js'
import type { CreateEnvironmentBody } from '../../model/environment.js'
import type { EnvironmentState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { exceedsLimit, nameExists, type ExceedsLimitError, type NameExistsError } from '../errors.js'
import { recordEvent } from '../events.js'
import { clampApprovals } from './lookup.js'
import type { Tx } from '../../store/tx.js'

/**
 * Creates an environment, connected to no project. Every stored environment counts towards
 * the instance's `environments` limit, disabled ones included. Without a sortOrder it goes
 * after the last one.
 */
export const createEnvironment = (draft: Tx, body: CreateEnvironmentBody, ctx: Ctx): E.Either<ExceedsLimitError | NameExistsError, string> => {
  const state = draft
  const limit = ctx.limits.environments
  if (state.environments.size >= limit) return E.left(exceedsLimit('environment', limit))
  if (state.environments.has(body.name)) return E.left(nameExists(`An environment named "${body.name}" already exists.`))
  let last = -1
  for (const e of state.environments.rows()) last = Math.max(last, e.sortOrder)
  const environment: EnvironmentState = {
    name: body.name,
    type: body.type,
    enabled: body.enabled ?? true,
    sortOrder: body.sortOrder ?? last + 1,
    protected: false,
    requiredApprovals: body.requiredApprovals == null ? null : clampApprovals(body.requiredApprovals),
  }
  draft.environments.set(body.name, environment)
  recordEvent(draft, ctx, { type: 'environment-created', environment: body.name, data: { ...environment } })
  return E.right(body.name)
}
