import * as E from 'fp-ts/lib/Either.js'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStorage } from '../adapters/storage/memory.js'
import { openFileStorage } from '../adapters/storage/file.js'
import type { State } from '../src/model/state.js'
import type { StoragePort } from '../src/ports/storage.js'

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

/** A file store in a fresh temporary directory whose first commit is `state`. */
export const fileStore = async (state: State): Promise<BenchStore> => {
  const dir = await mkdtemp(join(tmpdir(), 'flagport-bench-'))
  const opened = await openFileStorage({ path: dir })
  if (E.isLeft(opened)) throw new Error(`cannot open the file store: ${JSON.stringify(opened.left)}`)
  const storage = opened.right
  const committed = await storage.commit({ baseVersion: 0, patches: [{ op: 'replace', path: [], value: state }], state })
  if (E.isLeft(committed)) throw new Error(`cannot seed the file store: ${JSON.stringify(committed.left)}`)
  // A store this large has long been compacted into a snapshot; wait for the compaction the
  // seeding commit starts, so that benchmarks run on the store's steady shape.
  for (let waited = 0; !(await readdir(dir)).some((f) => f.startsWith('snapshot-')); waited += 50) {
    if (waited > 120_000) throw new Error('the seeded file store was not compacted')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
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
