import * as E from 'fp-ts/lib/Either.js'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { type FileStorageOptions, openFileStorage } from '../../adapters/storage/file.js'
import type { State } from '../../src/model/state.js'
import type { StoragePort } from '../../src/ports/storage.js'

export interface BenchStore {
  readonly name: string
  readonly storage: StoragePort
  readonly dir?: string
  dispose(): Promise<void>
}

/** A memory store that starts with `state`. */
export const memoryStore = async (state: State): Promise<BenchStore> => {
  const storage = createMemoryStorage({ state, version: 1 })
  return { name: 'memory', storage, dispose: () => storage.close() }
}

const mustOpen = async (options: FileStorageOptions): Promise<StoragePort> => {
  const opened = await openFileStorage(options)
  if (E.isLeft(opened)) throw new Error(`cannot open the file store: ${JSON.stringify(opened.left)}`)
  return opened.right
}

/**
 * A file store in a fresh temporary directory holding `state` as a long-lived store does: a
 * snapshot and a short journal (seeded in one commit, compacted, reopened with the defaults).
 */
export const fileStore = async (state: State): Promise<BenchStore> => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-bench-'))
  const seeding = await mustOpen({ path: dir, compactAfterBytes: 1 })
  const committed = await seeding.commit({ baseVersion: 0, changes: [{ op: 'state', state }], state })
  if (E.isLeft(committed)) throw new Error(`cannot seed the file store: ${JSON.stringify(committed.left)}`)
  // Compaction renames the snapshot into place, then the short journal that continues it.
  const compacted = async () => (await readdir(dir)).some((f) => f.startsWith('snapshot-')) && (await stat(join(dir, 'journal.jsonl'))).size < 4096
  for (let waited = 0; !(await compacted()); waited += 50) {
    if (waited > 300_000) throw new Error('the seeded file store was not compacted')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await seeding.close()
  const storage = await mustOpen({ path: dir })
  return {
    name: 'file',
    storage,
    dir,
    dispose: async () => {
      await storage.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
