import type { MemberRef } from '../../model/group.js'
import type { GroupMember } from '../../model/state.js'
import type { ErrorDetail } from '../errors.js'
import { missingRootRole } from '../user/roles.js'
import type { ReadState } from '../../store/tx.js'

/** The references a group body may hold, each checked against the store. */
export interface GroupRefs {
  readonly rootRole?: number | null
  readonly users?: readonly MemberRef[]
  readonly projects?: readonly string[]
}

/** Every reference that names nothing: root role, users and projects, each by its path. */
export const groupProblems = (state: ReadState, refs: GroupRefs, usersPath = '/body/users'): ErrorDetail[] => [
  ...(refs.rootRole != null && !state.rootRoles.get(String(refs.rootRole)) ? [missingRootRole(refs.rootRole)] : []),
  ...(refs.users ?? []).flatMap((m, i) =>
    state.users.get(String(m.user.id)) ? [] : [{ path: `${usersPath}/${i}/user/id`, message: `Could not find user with id ${m.user.id}` }],
  ),
  ...(refs.projects ?? []).flatMap((p, i) =>
    state.projects.get(p) ? [] : [{ path: `/body/projects/${i}`, message: `Could not find project with id "${p}".` }],
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
