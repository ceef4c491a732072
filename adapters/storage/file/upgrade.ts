import { upgradeState } from '../../../src/storage/index.js'
import type { FileSystem } from './fs.js'
import type { StateDecoder } from './journal.js'
import type { Layout } from './layout.js'
import { LEGACY_FORMAT_VERSION } from './line.js'
import type { StoreLock } from './lock.js'
import { type Cursor, installJournal, journalMode, loadStore, removeSnapshotsExcept } from './recovery.js'
import { materialize, writeSnapshot } from './snapshot.js'

export interface UpgradeSettings {
  readonly fs: FileSystem
  readonly layout: Layout
  readonly lock: StoreLock
  readonly decodeState: StateDecoder
  readonly fileMode: number
}

/**
 * Rewrites a store of journal format 1 (patches at the engine's bucket paths) in format 2,
 * under the lock, as a compaction does: a snapshot of the state beside the old files, then a
 * new journal renamed over the old one. Before that rename the old journal and its snapshot
 * are whole; after it, the new ones. A crash in between leaves the old journal naming a
 * snapshot of the same version, which reads as the same state. The state is written in this
 * version's schema: format 2 has no form for the shapes of earlier schemas. Returns the
 * cursor on the store as it now is; a store already in format 2 is left alone.
 */
export const upgradeFormat = async (settings: UpgradeSettings, cursor: Cursor): Promise<Cursor> => {
  const { fs, layout, lock, decodeState } = settings
  await lock.acquire()
  try {
    // Another handle may have upgraded it meanwhile: read again under the lock.
    await fs.close(cursor.fd).catch(() => undefined)
    const c = await loadStore(fs, layout, decodeState)
    if (c.format !== LEGACY_FORMAT_VERSION) return c
    const mode = await journalMode(fs, layout, settings.fileMode)
    if (c.state !== null) await writeSnapshot(fs, layout, c.version, upgradeState(materialize(c.state) as typeof c.state), mode)
    const next = await installJournal(fs, layout, c.version, Buffer.alloc(0), mode)
    await fs.close(next.fd).catch(() => undefined)
    await fs.close(c.fd).catch(() => undefined)
    await removeSnapshotsExcept(fs, layout, c.version)
    return await loadStore(fs, layout, decodeState)
  } finally {
    await lock.release()
  }
}
