import type { RootRole, RootRoleRef } from '../../model/user.js'
import type { RootRoleState } from '../../model/state.js'
import type { ErrorDetail } from '../errors.js'
import type { ReadState } from '../../store/tx.js'

const byName = (state: ReadState, name: string): RootRoleState | undefined => {
  for (const role of state.rootRoles.rows()) if (role.name === name) return role
  return undefined
}

const byId = (state: ReadState, id: number): RootRoleState | undefined => state.rootRoles.get(String(id))

/** The role a request names by id, numeric string, exact name, `{ id }` or `{ name }`. */
export const findRootRole = (state: ReadState, ref: RootRoleRef): RootRoleState | undefined => {
  if (typeof ref === 'number') return byId(state, ref)
  if (typeof ref === 'string') return /^\s*\d+\s*$/.test(ref) ? byId(state, Number(ref)) : byName(state, ref)
  return 'id' in ref ? byId(state, ref.id) : byName(state, ref.name)
}

const shown = (ref: RootRoleRef): string => String(typeof ref === 'object' ? ('id' in ref ? ref.id : ref.name) : ref)

/** Unleash's message for a role that does not exist. */
export const missingRootRole = (ref: RootRoleRef, path = '/body/rootRole'): ErrorDetail => ({
  path,
  message: `Could not find rootRole=${shown(ref)}`,
})

export const renderRootRole = (role: RootRoleState): RootRole => ({
  id: role.id,
  name: role.name,
  type: role.type,
  description: role.description,
})

/** The root roles, by id. */
export const rootRolesOf = (state: ReadState): RootRole[] => [...state.rootRoles.rows()].sort((a, b) => a.id - b.id).map(renderRootRole)
