import type { UserRef } from '../model/feature.js'
import type { State } from '../model/state.js'
import { getRow } from '../model/table.js'

/** A user as features show them: name, else username, else email, else `unknown`. */
export const userRef = (state: State, id: number): UserRef => {
  const user = getRow(state.users, String(id))
  if (!user) return { id, name: 'unknown', imageUrl: '' }
  return { id, name: user.name || user.username || user.email || 'unknown', imageUrl: user.imageUrl }
}
