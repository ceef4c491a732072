import * as E from 'fp-ts/lib/Either.js'
import { createGroup } from '../../domain/group/create.js'
import { deleteGroup } from '../../domain/group/delete.js'
import { findGroup } from '../../domain/group/lookup.js'
import { listGroups, renderGroup } from '../../domain/group/render.js'
import { addMembers, removeMembers, updateGroup } from '../../domain/group/update.js'
import { CreateGroupBody, type Group, GroupMembersBody, UpdateGroupBody } from '../../model/group.js'
import type { GroupState, State } from '../../model/state.js'
import { read, write } from '../operation.js'
import { IdParams, NoParams } from '../../model/params.js'

const groupAt = (id: number) => (next: State): Group => renderGroup(next, next.groups.get(String(id))!)

// Groups are managed and listed with ADMIN (decisions.md).

/** Operation 7. */
export const listGroupsOp = read({
  params: NoParams,
  requirement: 'ADMIN',
  run: (state) => E.right(listGroups(state)),
})

export const getGroupOp = read({
  params: IdParams,
  requirement: 'ADMIN',
  run: (state, { params }) => E.map((g: GroupState) => renderGroup(state, g))(findGroup(state, params.id)),
})

export const createGroupOp = write({
  params: NoParams,
  requirement: 'ADMIN',
  body: CreateGroupBody,
  run: (draft, { body, ctx }) => E.map(groupAt)(createGroup(draft, body, ctx)),
})

export const updateGroupOp = write({
  params: IdParams,
  requirement: 'ADMIN',
  body: UpdateGroupBody,
  run: (draft, { params, body, ctx }) => E.map(groupAt)(updateGroup(draft, params.id, body, ctx)),
})

export const deleteGroupOp = write({
  params: IdParams,
  requirement: 'ADMIN',
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteGroup(draft, params.id, ctx)),
})

export const addGroupMembersOp = write({
  params: IdParams,
  requirement: 'ADMIN',
  body: GroupMembersBody,
  run: (draft, { params, body, ctx }) => E.map(groupAt)(addMembers(draft, params.id, body, ctx)),
})

export const removeGroupMembersOp = write({
  params: IdParams,
  requirement: 'ADMIN',
  body: GroupMembersBody,
  run: (draft, { params, body, ctx }) => E.map(groupAt)(removeMembers(draft, params.id, body, ctx)),
})
