import type { MemberRef } from '../../model/group.js'
import type { GroupMember, State } from '../../model/state.js'
import { getRow } from '../../store/table.js'
import type { ErrorDetail } from '../errors.js'
import { missingRootRole } from '../user/roles.js'

/** The references a group body may hold, each checked against the store. */
export interface GroupRefs {
  readonly rootRole?: number | null
  readonly users?: readonly MemberRef[]
  readonly projects?: readonly string[]
}

/** Every reference that names nothing: root role, users and projects, each by its path. */
export const groupProblems = (state: State, refs: GroupRefs, usersPath = '/body/users'): ErrorDetail[] => [
  ...(refs.rootRole != null && !getRow(state.rootRoles, String(refs.rootRole)) ? [missingRootRole(refs.rootRole)] : []),
  ...(refs.users ?? []).flatMap((m, i) =>
    getRow(state.users, String(m.user.id)) ? [] : [{ path: `${usersPath}/${i}/user/id`, message: `Could not find user with id ${m.user.id}` }],
  ),
  ...(refs.projects ?? []).flatMap((p, i) =>
    getRow(state.projects, p) ? [] : [{ path: `/body/projects/${i}`, message: `Could not find project with id "${p}".` }],
  ),
]

/**
 * The membership after adding `refs` to `current`: existing members keep when they joined,
 * new ones join now; a user named twice joins once.
 */
export const withMembers = (current: readonly GroupMember[], refs: readonly MemberRef[], now: string, by: string): GroupMember[] => {
  const out = [...current]
  for (const { user } of refs) {
    if (!out.some((m) => m.userId === user.id)) out.push({ userId: user.id, joinedAt: now, createdBy: by })
  }
  return out
}

export const uniqueStrings = (list: readonly string[]): string[] => [...new Set(list)]
