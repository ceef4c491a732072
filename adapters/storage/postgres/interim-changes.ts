import type { Commit } from '../../../src/ports/storage.js'
import type { State } from '../../../src/model/state.js'
import { Replay } from '../file/replay.js'

/**
 * What one commit row holds, and how a follower replays it: the port's change list, as JSON.
 * Interim: the port still speaks in patches; when it speaks in rows this becomes the shared
 * `applyChanges` over the commit's `RowChange[]`.
 */
/** Written in each store row, so that a store of another format is refused rather than misread. */
export const STORE_FORMAT_VERSION = 1

export const encodeCommit = (commit: Commit): string => JSON.stringify(commit.patches)

/** The state after replaying commit bodies in order on `state` (null: an empty store). */
export const replayCommits = (state: State | null, bodies: readonly unknown[]): { ok: true; state: State } | { ok: false; reason: string } => {
  const replay = new Replay(state)
  for (const body of bodies) {
    if (!Array.isArray(body)) return { ok: false, reason: 'a commit is not a list of changes' }
    const applied = replay.apply(body)
    if (!applied.ok) return { ok: false, reason: applied.reason }
  }
  const next = replay.finish()
  return next !== null && typeof next === 'object' ? { ok: true, state: next as State } : { ok: false, reason: 'the commits leave no state' }
}
