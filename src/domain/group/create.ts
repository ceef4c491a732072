import * as E from 'fp-ts/lib/Either.js'
import type { CreateGroupBody } from '../../model/group.js'
import type { GroupState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { nameExists, type NameExistsError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { refuse } from '../user/problems.js'
import { groupEventData, groupNamed } from './lookup.js'
import { groupProblems, uniqueStrings, withMembers } from './validate.js'
import type { Tx } from '../../store/tx.js'

/**
 * Creates a group. Its root role, users and projects must exist (400 naming each that does
 * not); its name must be free (409).
 */
export const createGroup = (draft: Tx, body: CreateGroupBody, ctx: Ctx): E.Either<NameExistsError | ValidationError, number> => {
  const problems = groupProblems(draft, body)
  if (problems.length > 0) return E.left(refuse(problems))
  if (groupNamed(draft, body.name)) return E.left(nameExists('Group name already exists'))
  draft.counters.group += 1
  const group: GroupState = {
    id: draft.counters.group,
    name: body.name,
    description: body.description ?? '',
    mappingsSSO: uniqueStrings(body.mappingsSSO ?? []),
    rootRole: body.rootRole ?? null,
    createdBy: ctx.actor.name,
    createdAt: ctx.now,
    users: withMembers([], body.users ?? [], ctx.now, ctx.actor.name),
    projects: uniqueStrings(body.projects ?? []),
    scimId: null,
  }
  draft.groups.set(String(group.id), group)
  recordEvent(draft, ctx, { type: 'group-created', data: groupEventData(group) })
  return E.right(group.id)
}
