import * as E from 'fp-ts/lib/Either.js'
import { applyChanges, decodeChanges, parseJson, storedChanges, type Commit, type State } from '../../../src/storage/index.js'

/** Written in each store row, so that a store of another format is refused rather than misread. */
export const STORE_FORMAT_VERSION = 2

/** What one commit row holds: the commit's row changes in their stored form, as JSON text. */
export const encodeCommit = (commit: Commit): string => JSON.stringify(storedChanges(commit.changes))

export type Replayed = { ok: true; state: State } | { ok: false; reason: string }

/**
 * The state after replaying commit rows in order on `state` (null: an empty store), each
 * decoded by the shared change codec and applied by the replayer every log-shaped adapter
 * uses. A reason names the first commit that does not decode or apply, and where.
 */
export const replayBodies = (state: State | null, rows: ReadonlyArray<{ readonly version: number; readonly body: string }>): Replayed => {
  let current = state
  for (const row of rows) {
    let parsed: unknown
    try {
      parsed = parseJson(row.body)
    } catch (e) {
      return { ok: false, reason: `commit ${row.version} is not JSON (${(e as Error).message})` }
    }
    const decoded = decodeChanges(parsed)
    if (E.isLeft(decoded)) return { ok: false, reason: `commit ${row.version}: ${decoded.left}` }
    const applied = applyChanges(current, decoded.right)
    if (E.isLeft(applied)) return { ok: false, reason: `commit ${row.version}: ${applied.left}` }
    current = applied.right
  }
  return current === null ? { ok: false, reason: 'the commits leave no state' } : { ok: true, state: current }
}
