import type { RootRole, RootRoleRef } from '../../model/user.js'
import type { RootRoleState, State } from '../../model/state.js'
import { getRow, rows } from '../../store/table.js'
import type { ErrorDetail } from '../errors.js'

const byName = (state: State, name: string): RootRoleState | undefined => {
  for (const role of rows(state.rootRoles)) if (role.name === name) return role
  return undefined
}

const byId = (state: State, id: number): RootRoleState | undefined => getRow(state.rootRoles, String(id))

/** The role a request names by id, numeric string, exact name, `{ id }` or `{ name }`. */
export const findRootRole = (state: State, ref: RootRoleRef): RootRoleState | undefined => {
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
export const rootRolesOf = (state: State): RootRole[] => [...rows(state.rootRoles)].sort((a, b) => a.id - b.id).map(renderRootRole)
