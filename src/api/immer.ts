import { Immer, enablePatches } from 'immer'

enablePatches()

/**
 * flagport's own immer, with auto-freeze off. Freezing checks every entry of each table
 * bucket on every commit (Object.isFrozen is linear on large objects), so a commit's cost
 * would grow with the store. Our own instance leaves a host app's immer settings alone.
 * Records handed out are rendered copies, so the store cannot be changed through them.
 */
export const immer = new Immer({ autoFreeze: false })
