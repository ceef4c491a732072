import type { Group, GroupList } from '../../model/group.js'
import type { GroupState } from '../../model/state.js'
import { renderAccount } from '../user/render.js'
import type { ReadState } from '../../store/tx.js'

/** Operation 7's group. `userCount` counts the members shown; `projects` only those that still exist. */
export const renderGroup = (state: ReadState, group: GroupState): Group => {
  const users = group.users.flatMap((m) => {
    const user = state.users.get(String(m.userId))
    return user ? [{ joinedAt: m.joinedAt, createdBy: m.createdBy, user: renderAccount(user) }] : []
  })
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    mappingsSSO: [...group.mappingsSSO],
    rootRole: group.rootRole,
    createdBy: group.createdBy,
    createdAt: group.createdAt,
    users,
    projects: group.projects.filter((p) => state.projects.get(p) !== undefined),
    userCount: users.length,
    scimId: group.scimId,
  }
}

/** Operation 7: every group, in creation order. */
export const listGroups = (state: ReadState): GroupList => ({
  groups: [...state.groups.rows()].sort((a, b) => a.id - b.id).map((g) => renderGroup(state, g)),
})
