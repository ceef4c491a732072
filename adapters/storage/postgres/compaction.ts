import type pg from 'pg'
import type { State } from '../../../src/storage/index.js'
import { type Part, changedParts, eventPart, snapshotParts } from './parts.js'

/** Distinguishes compaction's advisory locks from the migration lock and other software's. */
const COMPACTION_LOCK_CLASS = 0x666c6770

export type Compacted = 'written' | 'busy' | 'current'

/** A state and its version: what a snapshot was written from. */
export interface Versioned {
  readonly version: number
  readonly state: State
}

/**
 * Writes the snapshot at `target` (a state this handle knows to be acknowledged) and drops
 * the commits older than `keepCommits` before it. One transaction, taken by one instance at a
 * time (an advisory lock it does not wait for); commits are never blocked, since it writes
 * neither the head row nor the commits being appended. When the stored snapshot is the one
 * of `base`, only the rows that changed since are written; otherwise the parts are rewritten
 * whole (rows added and removed since a snapshot another instance wrote are not known here).
 */
export const compact = async (client: pg.ClientBase, store: string, target: Versioned, base: Versioned | null, keepCommits: number): Promise<Compacted> => {
  await client.query('BEGIN')
  try {
    const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS ok', [COMPACTION_LOCK_CLASS, store])
    if (!locked.rows[0]?.ok) {
      await client.query('ROLLBACK')
      return 'busy'
    }
    const current = await client.query<{ version: string }>('SELECT version FROM flagport_snapshot WHERE store = $1', [store])
    const stored = Number(current.rows[0]?.version ?? 0)
    if (stored >= target.version) {
      await client.query('ROLLBACK')
      return 'current'
    }
    let write: Part[]
    if (base !== null && base.version === stored && stored > 0) {
      const changes = changedParts(base.state, target.state)
      write = changes.write
      if (changes.remove.length > 0) await client.query('DELETE FROM flagport_snapshot_part WHERE store = $1 AND part = ANY($2::text[])', [store, changes.remove])
      await client.query(`DELETE FROM flagport_snapshot_part WHERE store = $1 AND part LIKE 'event:%' AND part < $2`, [store, eventPart(changes.eventsFrom)])
    } else {
      write = snapshotParts(target.state)
      await client.query('DELETE FROM flagport_snapshot_part WHERE store = $1', [store])
    }
    await client.query(
      `INSERT INTO flagport_snapshot_part (store, part, body, seq) SELECT $1, u.part, u.body, u.seq FROM unnest($2::text[], $3::text[], $4::bigint[]) AS u (part, body, seq)
       ON CONFLICT (store, part) DO UPDATE SET body = excluded.body, seq = excluded.seq`,
      [store, write.map((p) => p.part), write.map((p) => p.body), write.map((p) => p.seq)],
    )
    await client.query(
      'INSERT INTO flagport_snapshot (store, version) VALUES ($1, $2) ON CONFLICT (store) DO UPDATE SET version = excluded.version',
      [store, target.version],
    )
    await client.query('DELETE FROM flagport_commit WHERE store = $1 AND version <= $2', [store, target.version - keepCommits])
    await client.query('COMMIT')
    return 'written'
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw e
  }
}
