import type pg from 'pg'
import type { State } from '../../../src/storage/index.js'
import { replayBodies } from './changes.js'
import type { Versioned } from './compaction.js'
import { stateFromParts } from './parts.js'
import { COMMITS_AFTER, LOAD } from './sql.js'

/** `snapshot`: the state the stored snapshot holds (null: none), which compaction diffs against. */
export type Loaded = { ok: true; state: State | null; version: number; snapshotVersion: number; snapshot: Versioned | null } | { ok: false; reason: string }

interface LoadRow {
  readonly kind: 'h' | 'p' | 'c'
  readonly version: string | null
  readonly snapshot: string | null
  readonly part: string | null
  readonly body: string | null
}

/**
 * The whole store as one statement reads it (so one consistent view, even while another
 * instance compacts): the snapshot's parts and the commits after them.
 */
export const loadStore = async (db: pg.Pool | pg.ClientBase, store: string): Promise<Loaded> => {
  const { rows } = await db.query<LoadRow>(LOAD, [store])
  const head = rows.find((r) => r.kind === 'h')
  if (head === undefined) return { ok: false, reason: `the store ${store} has no head row` }
  const version = Number(head.version)
  const snapshotVersion = Number(head.snapshot)
  const parts = rows.filter((r) => r.kind === 'p').map((r) => ({ part: r.part!, body: r.body!, seq: Number(r.version) }))
  const commits = rows.filter((r) => r.kind === 'c').map((r) => ({ version: Number(r.version), body: r.body! }))
  let state: State | null = null
  if (parts.length > 0) {
    const rebuilt = stateFromParts(parts)
    if (!rebuilt.ok) return rebuilt
    state = rebuilt.state
  }
  const expected = Array.from({ length: version - snapshotVersion }, (_, i) => snapshotVersion + 1 + i)
  if (commits.length !== expected.length || commits.some((c, i) => c.version !== expected[i])) {
    return { ok: false, reason: `commits ${snapshotVersion + 1} to ${version} are not all there` }
  }
  const snapshot = state === null ? null : { version: snapshotVersion, state }
  if (commits.length === 0) return { ok: true, state, version, snapshotVersion, snapshot }
  const replayed = replayBodies(state, commits)
  return replayed.ok ? { ok: true, state: replayed.state, version, snapshotVersion, snapshot } : replayed
}

export type ReadAfter =
  | { ok: true; state: State | null; version: number; /** Set when the snapshot was reloaded. */ snapshotVersion?: number; snapshot?: Versioned | null }
  | { ok: false; reason: string }

/**
 * The store after version `from`, given the state at `from`: the commits after it replayed,
 * or, when compaction dropped some of them, the snapshot reloaded with the commits after it.
 */
export const readAfter = async (db: pg.Pool, store: string, from: number, state: State | null): Promise<ReadAfter> => {
  const { rows } = await db.query<{ kind: 'h' | 'c'; version: string; body: string | null }>(COMMITS_AFTER, [store, from])
  const head = rows.find((r) => r.kind === 'h')
  if (head === undefined) return { ok: false, reason: `the store ${store} is gone from the database` }
  const version = Number(head.version)
  if (version <= from) return { ok: true, state, version }
  const commits = rows.filter((r) => r.kind === 'c').map((r) => ({ version: Number(r.version), body: r.body! }))
  if (commits.length === version - from && commits.every((c, i) => c.version === from + 1 + i)) {
    const replayed = replayBodies(state, commits)
    return replayed.ok ? { ok: true, state: replayed.state, version } : replayed
  }
  return loadStore(db, store)
}
