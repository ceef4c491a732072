import type { UserRef } from '../model/feature.js'
import type { ReadState } from '../store/tx.js'

/**
 * Whoever acts with an admin API token, as Unleash shows them in a feature's `createdBy` and
 * collaborators: its built-in user -42, with the image Unleash derives from that user's name
 * (the gravatar of the SHA-256 of "unleash admin token user"; the domain computes no hashes).
 */
export const ADMIN_TOKEN_USER: UserRef = Object.freeze({
  id: -42,
  name: 'Unleash Admin Token User',
  imageUrl: 'https://gravatar.com/avatar/3dc16570162d3b0b99d893698516645520622ab41162256213fb7b04eb969d84?s=42&d=retro&r=g',
})

/** A user as features show them: name, else username, else email, else `unknown`. */
export const userRef = (state: ReadState, id: number): UserRef => {
  const user = state.users.get(String(id))
  if (!user) return id === ADMIN_TOKEN_USER.id ? { ...ADMIN_TOKEN_USER } : { id, name: 'unknown', imageUrl: '' }
  return { id, name: user.name || user.username || user.email || 'unknown', imageUrl: user.imageUrl }
}
