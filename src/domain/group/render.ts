import type { Group, GroupList } from '../../model/group.js'
import type { GroupState, State } from '../../model/state.js'
import { getRow, rows } from '../../store/table.js'
import { renderAccount } from '../user/render.js'

/** Operation 7's group. `userCount` counts the members shown; `projects` only those that still exist. */
export const renderGroup = (state: State, group: GroupState): Group => {
  const users = group.users.flatMap((m) => {
    const user = getRow(state.users, String(m.userId))
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
    projects: group.projects.filter((p) => getRow(state.projects, p) !== undefined),
    userCount: users.length,
    scimId: group.scimId,
  }
}

/** Operation 7: every group, in creation order. */
export const listGroups = (state: State): GroupList => ({
  groups: [...rows(state.groups)].sort((a, b) => a.id - b.id).map((g) => renderGroup(state, g)),
})
