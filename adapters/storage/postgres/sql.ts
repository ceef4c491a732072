/**
 * The statements a store runs. Every one is keyed by the store's id, so several stores share
 * one database.
 */

/** Makes the store's head row if it is new; a store starts empty at version 0. */
export const CREATE_STORE = `INSERT INTO flagport_store (id, version, format) VALUES ($1, 0, $2) ON CONFLICT (id) DO NOTHING`

export const STORE_FORMAT = `SELECT format FROM flagport_store WHERE id = $1`

/**
 * A commit in one round trip: advance the head from `$2` by the number of bodies, append
 * them, and notify listeners (delivered when the transaction commits). No row back means the
 * head was not at `$2`: another writer won, and this batch conflicts.
 */
export const COMMIT = `
WITH head AS (
  UPDATE flagport_store SET version = $2::bigint + cardinality($3::text[])
  WHERE id = $1 AND version = $2::bigint
  RETURNING version
), appended AS (
  INSERT INTO flagport_commit (store, version, body)
  SELECT $1, $2::bigint + u.n, u.body FROM head, unnest($3::text[]) WITH ORDINALITY AS u (body, n)
)
SELECT version, pg_notify('flagport', $1 || ':' || version) FROM head`

export const HEAD_VERSION = `SELECT version FROM flagport_store WHERE id = $1`

/**
 * Everything a handle needs to catch up from version `$2`, in one statement and so one
 * snapshot of the database: the head, the snapshot's version, and the commits after `$2`
 * still kept. `kind`: 'h' head, 'c' a commit.
 */
export const COMMITS_AFTER = `
SELECT 'h' AS kind, s.version, coalesce(n.version, 0) AS snapshot, NULL AS body
  FROM flagport_store s LEFT JOIN flagport_snapshot n ON n.store = s.id WHERE s.id = $1
UNION ALL
SELECT 'c', c.version, NULL, c.body FROM flagport_commit c WHERE c.store = $1 AND c.version > $2
ORDER BY kind DESC, version`

/**
 * The whole store in one statement: the head, the snapshot's version and parts, and the
 * commits after the snapshot. `kind`: 'h' head, 'p' a part (`version` its seq), 'c' a commit.
 */
export const LOAD = `
WITH snap AS (SELECT coalesce((SELECT version FROM flagport_snapshot WHERE store = $1), 0) AS version)
SELECT 'h' AS kind, s.version, snap.version AS snapshot, NULL AS part, NULL AS body
  FROM flagport_store s, snap WHERE s.id = $1
UNION ALL
SELECT 'p', p.seq, NULL, p.part, p.body FROM flagport_snapshot_part p WHERE p.store = $1
UNION ALL
SELECT 'c', c.version, NULL, NULL, c.body FROM flagport_commit c, snap WHERE c.store = $1 AND c.version > snap.version
ORDER BY kind DESC, version`
