import type pg from 'pg'
import type { State } from '../../../src/model/state.js'
import { partHash, stateParts } from './parts.js'

/** Distinguishes compaction's advisory locks from the migration lock and other software's. */
const COMPACTION_LOCK_CLASS = 0x666c6770

export type Compacted = 'written' | 'busy' | 'current'

/**
 * Writes the snapshot at `version` (a state this handle knows to be acknowledged) and drops the
 * commits older than `keepCommits` before it. One transaction, taken by one instance at a time
 * (an advisory lock it does not wait for); commits are never blocked, since it writes neither
 * the head row nor the commits being appended. Only the parts whose text changed are written.
 */
export const compact = async (client: pg.ClientBase, store: string, version: number, state: State, keepCommits: number): Promise<Compacted> => {
  await client.query('BEGIN')
  try {
    const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS ok', [COMPACTION_LOCK_CLASS, store])
    if (!locked.rows[0]?.ok) {
      await client.query('ROLLBACK')
      return 'busy'
    }
    const current = await client.query<{ version: string }>('SELECT version FROM flagport_snapshot WHERE store = $1', [store])
    if (Number(current.rows[0]?.version ?? 0) >= version) {
      await client.query('ROLLBACK')
      return 'current'
    }
    const stored = await client.query<{ part: string; hash: string }>('SELECT part, md5(body) AS hash FROM flagport_snapshot_part WHERE store = $1', [store])
    const hashes = new Map(stored.rows.map((r) => [r.part, r.hash]))
    const names: string[] = []
    const bodies: string[] = []
    const parts = stateParts(state)
    for (const [name, body] of parts) {
      if (hashes.get(name) === partHash(body)) continue
      names.push(name)
      bodies.push(body)
    }
    if (names.length > 0) {
      await client.query(
        `INSERT INTO flagport_snapshot_part (store, part, body) SELECT $1, u.part, u.body FROM unnest($2::text[], $3::text[]) AS u (part, body)
         ON CONFLICT (store, part) DO UPDATE SET body = excluded.body`,
        [store, names, bodies],
      )
    }
    const gone = [...hashes.keys()].filter((name) => !parts.has(name))
    if (gone.length > 0) await client.query('DELETE FROM flagport_snapshot_part WHERE store = $1 AND part = ANY($2::text[])', [store, gone])
    await client.query(
      'INSERT INTO flagport_snapshot (store, version) VALUES ($1, $2) ON CONFLICT (store) DO UPDATE SET version = excluded.version',
      [store, version],
    )
    await client.query('DELETE FROM flagport_commit WHERE store = $1 AND version <= $2', [store, version - keepCommits])
    await client.query('COMMIT')
    return 'written'
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw e
  }
}
