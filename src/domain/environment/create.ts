import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { CreateEnvironmentBody } from '../../model/environment.js'
import type { EnvironmentState, State } from '../../model/state.js'
import { hasRow, rows, setRow } from '../../store/table.js'
import type { Ctx } from '../context.js'
import { exceedsLimit, nameExists, type ExceedsLimitError, type NameExistsError } from '../errors.js'
import { recordEvent } from '../events.js'
import { clampApprovals } from './lookup.js'

/**
 * Creates an environment, connected to no project. Every stored environment counts towards
 * the instance's `environments` limit, disabled ones included. Without a sortOrder it goes
 * after the last one.
 */
export const createEnvironment = (draft: Draft<State>, body: CreateEnvironmentBody, ctx: Ctx): E.Either<ExceedsLimitError | NameExistsError, string> => {
  const state = draft as State
  const limit = ctx.limits.environments
  if (state.environments.size >= limit) return E.left(exceedsLimit('environment', limit))
  if (hasRow(state.environments, body.name)) return E.left(nameExists(`An environment named "${body.name}" already exists.`))
  let last = -1
  for (const e of rows(state.environments)) last = Math.max(last, e.sortOrder)
  const environment: EnvironmentState = {
    name: body.name,
    type: body.type,
    enabled: body.enabled ?? true,
    sortOrder: body.sortOrder ?? last + 1,
    protected: false,
    requiredApprovals: body.requiredApprovals == null ? null : clampApprovals(body.requiredApprovals),
  }
  setRow(draft.environments as State['environments'], body.name, environment)
  recordEvent(draft, ctx, { type: 'environment-created', environment: body.name, data: { ...environment } })
  return E.right(body.name)
}
