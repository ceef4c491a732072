import { createHash } from 'node:crypto'
import * as E from 'fp-ts/lib/Either.js'
import type { State } from '../../../src/model/state.js'
import { decodeStoredState, toStored } from '../../../src/store/stored-state.js'
import { parseJson } from '../log/json.js'

/**
 * The snapshot in parts, one per top-level field of the state (a table, a record, the event
 * log) of its stored form, so that compaction rewrites only the parts that changed since the last snapshot.
 */
export const stateParts = (state: State): Map<string, string> => {
  const parts = new Map<string, string>()
  // Named by position too, so the state is rebuilt with its fields in their order.
  Object.entries(toStored(state)).forEach(([name, value], i) => parts.set(`${String(i).padStart(3, '0')}:${name}`, JSON.stringify(value)))
  return parts
}

/** The fingerprint PostgreSQL's `md5(body)` gives for the same text. */
export const partHash = (body: string): string => createHash('md5').update(body, 'utf8').digest('hex')

/** The state the parts were written from, decoded by the stored-state codec; a reason (naming the path) when they do not fit. */
export const stateFromParts = (parts: ReadonlyArray<{ readonly part: string; readonly body: string }>): { ok: true; state: State } | { ok: false; reason: string } => {
  const state = Object.create(null) as Record<string, unknown>
  for (const { part, body } of [...parts].sort((a, b) => (a.part < b.part ? -1 : 1))) {
    try {
      state[part.slice(part.indexOf(':') + 1)] = parseJson(body)
    } catch (e) {
      return { ok: false, reason: `snapshot part ${part} is not JSON (${(e as Error).message})` }
    }
  }
  const decoded = decodeStoredState(state)
  return E.isRight(decoded) ? { ok: true, state: decoded.right } : { ok: false, reason: `the snapshot does not decode: ${decoded.left}` }
}
