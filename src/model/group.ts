import * as t from 'io-ts'
import { DateTime, Integer, PrintableName, open, type Named } from './codec.js'
import { Account } from './user.js'

/** A member in a request, as Unleash's group schema takes it: `{ user: { id } }`. */
export interface MemberRef extends t.TypeOf<typeof MemberRefCodec> {}
const MemberRefCodec = open({ user: open({ id: Integer }, {}, 'an object with the user id') }, {}, 'an object { user: { id } }')
export const MemberRef: Named<typeof MemberRefCodec, MemberRef> = MemberRefCodec

const groupFields = {
  description: t.string,
  mappingsSSO: t.array(t.string),
  rootRole: t.union([Integer, t.null]),
  users: t.array(MemberRef),
  /** Projects the group has access to. */
  projects: t.array(t.string),
}

export interface CreateGroupBody extends t.TypeOf<typeof CreateGroupBodyCodec> {}
const CreateGroupBodyCodec = open({ name: PrintableName }, groupFields, 'a group')
export const CreateGroupBody: Named<typeof CreateGroupBodyCodec, CreateGroupBody> = CreateGroupBodyCodec

/** Only the fields sent change; `users` sent replaces the membership. */
export interface UpdateGroupBody extends t.TypeOf<typeof UpdateGroupBodyCodec> {}
const UpdateGroupBodyCodec = open({}, { name: PrintableName, ...groupFields }, 'a group update')
export const UpdateGroupBody: Named<typeof UpdateGroupBodyCodec, UpdateGroupBody> = UpdateGroupBodyCodec

/** Adding or removing members. */
export interface GroupMembersBody extends t.TypeOf<typeof GroupMembersBodyCodec> {}
const GroupMembersBodyCodec = open({ users: t.array(MemberRef) }, {}, 'an object with a list of users')
export const GroupMembersBody: Named<typeof GroupMembersBodyCodec, GroupMembersBody> = GroupMembersBodyCodec

export interface GroupUser extends t.TypeOf<typeof GroupUserCodec> {}
const GroupUserCodec = t.type({ joinedAt: DateTime, createdBy: t.string, user: Account })
export const GroupUser: Named<typeof GroupUserCodec, GroupUser> = GroupUserCodec

/** Operation 7's group: every field of the spec; `userCount` is derived from `users`. */
export interface Group extends t.TypeOf<typeof GroupCodec> {}
const GroupCodec = t.type({
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
export const Group: Named<typeof GroupCodec, Group> = GroupCodec

export interface GroupList extends t.TypeOf<typeof GroupListCodec> {}
const GroupListCodec = t.type({ groups: t.array(Group) })
export const GroupList: Named<typeof GroupListCodec, GroupList> = GroupListCodec
