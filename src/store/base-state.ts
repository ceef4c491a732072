import type { State } from '../model/state.js'

/** Where a transaction's working state keeps the committed state it started from. */
export const BASE = Symbol('base')

/**
 * The committed state a transaction's working state started from (its `BASE`); any other
 * state as is. Kept on the working state itself: a WeakMap from each working state to its
 * base would grow by an entry a transaction, and the collector's walk of those entries would
 * weigh on every update.
 */
export const committedState = (state: State): State => (state as unknown as { readonly [BASE]?: State })[BASE] ?? state
