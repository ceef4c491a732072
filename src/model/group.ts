import * as t from 'io-ts'
import { DateTime, Integer, PrintableName, open } from './codec.js'
import { Account } from './user.js'

/** A member in a request, as Unleash's group schema takes it: `{ user: { id } }`. */
export const MemberRef = open({ user: open({ id: Integer }, {}, 'an object with the user id') }, {}, 'an object { user: { id } }')
export type MemberRef = t.TypeOf<typeof MemberRef>

const groupFields = {
  description: t.string,
  mappingsSSO: t.array(t.string),
  rootRole: t.union([Integer, t.null]),
  users: t.array(MemberRef),
  /** Projects the group has access to. */
  projects: t.array(t.string),
}

export const CreateGroupBody = open({ name: PrintableName }, groupFields, 'a group')
export type CreateGroupBody = t.TypeOf<typeof CreateGroupBody>

/** Only the fields sent change; `users` sent replaces the membership. */
export const UpdateGroupBody = open({}, { name: PrintableName, ...groupFields }, 'a group update')
export type UpdateGroupBody = t.TypeOf<typeof UpdateGroupBody>

/** Adding or removing members. */
export const GroupMembersBody = open({ users: t.array(MemberRef) }, {}, 'an object with a list of users')
export type GroupMembersBody = t.TypeOf<typeof GroupMembersBody>

export const GroupUser = t.type({ joinedAt: DateTime, createdBy: t.string, user: Account })
export type GroupUser = t.TypeOf<typeof GroupUser>

/** Operation 7's group: every field of the spec; `userCount` is derived from `users`. */
export const Group = t.type({
  id: t.number,
  name: t.string,
  description: t.string,
  mappingsSSO: t.array(t.string),
  rootRole: t.union([t.number, t.null]),
  createdBy: t.string,
  createdAt: DateTime,
  users: t.array(GroupUser),
  projects: t.array(t.string),
  userCount: t.number,
  scimId: t.union([t.string, t.null]),
})
export type Group = t.TypeOf<typeof Group>

export const GroupList = t.type({ groups: t.array(Group) })
export type GroupList = t.TypeOf<typeof GroupList>
