import * as E from 'fp-ts/lib/Either.js'
import type { State } from '../../../src/model/state.js'
import type { Commit, RowChange } from '../../../src/ports/storage.js'
import { applyChanges } from '../../../src/store/apply-changes.js'

/** Written in each store row, so that a store of another format is refused rather than misread. */
export const STORE_FORMAT_VERSION = 1

/** What one commit row holds: the commit's row changes, as JSON text. */
export const encodeCommit = (commit: Commit): string => JSON.stringify(commit.changes)

/** JSON writes an unbounded retention as null. */
const withRetention = (change: RowChange): RowChange =>
  change !== null && typeof change === 'object' && change.op === 'events' && change.retention === null ? { ...change, retention: Infinity } : change

/**
 * The state after replaying commit bodies (parsed JSON) in order on `state` (null: an empty
 * store), with the same replayer every log-shaped adapter uses.
 */
export const replayCommits = (state: State | null, bodies: readonly unknown[]): { ok: true; state: State } | { ok: false; reason: string } => {
  let current = state
  for (const body of bodies) {
    if (!Array.isArray(body)) return { ok: false, reason: 'a commit is not a list of changes' }
    const applied = applyChanges(current, (body as RowChange[]).map(withRetention))
    if (E.isLeft(applied)) return { ok: false, reason: applied.left }
    current = applied.right
  }
  return current === null ? { ok: false, reason: 'the commits leave no state' } : { ok: true, state: current }
}
