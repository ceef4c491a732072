import type { State } from '../model/state.js'

/** Where a transaction's working state keeps the committed state it drafts from. */
export const BASE = Symbol('base')

/** Where a transaction's working state keeps how to answer `committedState` (see `beginTransaction`). */
export const BEFORE = Symbol('before')

/**
 * The committed state a transaction's working state stands on: the state it began from, or,
 * in a transaction of many steps, the state the steps before the current one left; any other
 * state as is. Kept on the working state itself: a WeakMap from each working state to its
 * base would grow by an entry a transaction, and the collector's walk of those entries would
 * weigh on every update.
 */
export const committedState = (state: State): State => {
  const before = (state as unknown as { readonly [BEFORE]?: () => State })[BEFORE]
  return before === undefined ? state : before()
}
