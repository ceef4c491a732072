import type { State } from '../model/state.js'
import { CommittedTable, isTable, tableValue } from './table-layout.js'

/*
 * A storage adapter may hand out tables in their stored form: `size` and `shards` only, as
 * parsed from JSON (a snapshot, a whole state in a journal). The core reads every state
 * through `readableState`, which gives such tables their methods, so that the domain reads
 * rows as `state.features.get(name)` whatever the adapter.
 */

/** Whether every table of `state` already reads through methods (all the core makes do). */
const readable = (state: State): boolean => {
  for (const part of Object.keys(state)) {
    const value = (state as unknown as Record<string, unknown>)[part]
    if (value !== null && typeof value === 'object' && !(value instanceof CommittedTable) && isTable(value)) return false
  }
  return true
}

/** A copy of `state` whose tables in their stored form are committed tables over the same shards. */
const adopt = (state: State): State => {
  const source = state as unknown as Record<string, unknown>
  const copy = Object.create(Object.getPrototypeOf(state) as object | null) as Record<string, unknown>
  for (const part of Object.keys(source)) {
    const value = source[part]
    copy[part] = value instanceof CommittedTable || !isTable(value) ? value : tableValue(value.size, value.shards)
  }
  return copy as unknown as State
}

/**
 * A function answering `state` with every table able to answer through its methods (itself
 * when it already is), the same readable state each time it is asked about the same state:
 * what is kept of a state's tables (their scans, the answers kept by their rows) is then kept
 * once. Each facade makes its own (src/api/answer-cache.ts).
 */
export const readableStates = () => {
  const adopted = new WeakMap<State, State>()
  // The state read last and its readable form: the core reads the same head many times.
  let lastRead: State | undefined
  let lastReadable: State | undefined
  return (state: State): State => {
    if (state === lastRead) return lastReadable!
    let found = state
    if (!readable(state)) {
      found = adopted.get(state) ?? adopt(state)
      adopted.set(state, found)
    }
    lastRead = state
    lastReadable = found
    return found
  }
}
