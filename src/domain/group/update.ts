import * as E from 'fp-ts/lib/Either.js'
import type { GroupMembersBody, UpdateGroupBody } from '../../model/group.js'
import type { Ctx } from '../context.js'
import { nameExists, type NameExistsError, type NotFoundError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { refuse } from '../user/problems.js'
import { draftGroup, findGroup, groupEventData, groupNamed } from './lookup.js'
import { groupProblems, uniqueStrings, withMembers } from './validate.js'
import type { Tx } from '../../store/tx.js'

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * Changes only the fields sent; `users` sent replaces the membership (members who stay keep
 * when they joined). Same checks as creating. Records an event when anything changed.
 */
export const updateGroup = (draft: Tx, id: string, body: UpdateGroupBody, ctx: Ctx): E.Either<NameExistsError | NotFoundError | ValidationError, number> => {
  const found = findGroup(draft, id)
  if (E.isLeft(found)) return found
  const problems = groupProblems(draft, body)
  if (problems.length > 0) return E.left(refuse(problems))
  if (body.name !== undefined && groupNamed(draft, body.name, found.right.id)) return E.left(nameExists('Group name already exists'))
  const group = draftGroup(draft, found.right.id)
  const before = groupEventData(group)
  if (body.name !== undefined) group.name = body.name
  if (body.description !== undefined) group.description = body.description
  if (body.mappingsSSO !== undefined) group.mappingsSSO = uniqueStrings(body.mappingsSSO)
  if (body.rootRole !== undefined) group.rootRole = body.rootRole
  if (body.projects !== undefined) group.projects = uniqueStrings(body.projects)
  if (body.users !== undefined) {
    const kept = group.users.filter((m) => body.users!.some((r) => r.user.id === m.userId))
    group.users = withMembers(kept, body.users, ctx.now, ctx.actor.name)
  }
  const after = groupEventData(group)
  if (!same(before, after)) recordEvent(draft, ctx, { type: 'group-updated', data: after, preData: before })
  return E.right(group.id)
}

/** Adds members; users already in the group are left as they are. */
export const addMembers = (draft: Tx, id: string, body: GroupMembersBody, ctx: Ctx): E.Either<NotFoundError | ValidationError, number> => {
  const found = findGroup(draft, id)
  if (E.isLeft(found)) return found
  const problems = groupProblems(draft, { users: body.users })
  if (problems.length > 0) return E.left(refuse(problems))
  const group = draftGroup(draft, found.right.id)
  const before = group.users.length
  group.users = withMembers(group.users, body.users, ctx.now, ctx.actor.name)
  for (const m of group.users.slice(before)) {
    recordEvent(draft, ctx, { type: 'group-user-added', data: { groupId: group.id, userId: m.userId } })
  }
  return E.right(group.id)
}

/** Removes members; naming a user who is not a member changes nothing. */
export const removeMembers = (draft: Tx, id: string, body: GroupMembersBody, ctx: Ctx): E.Either<NotFoundError | ValidationError, number> => {
  const found = findGroup(draft, id)
  if (E.isLeft(found)) return found
  const problems = groupProblems(draft, { users: body.users })
  if (problems.length > 0) return E.left(refuse(problems))
  const leaving = new Set(body.users.map((r) => r.user.id))
  const gone = found.right.users.filter((m) => leaving.has(m.userId)).map((m) => m.userId)
  if (gone.length === 0) return E.right(found.right.id)
  const group = draftGroup(draft, found.right.id)
  group.users = group.users.filter((m) => !leaving.has(m.userId))
  for (const userId of gone) recordEvent(draft, ctx, { type: 'group-user-removed', data: { groupId: group.id, userId } })
  return E.right(group.id)
}
