import * as E from 'fp-ts/lib/Either.js'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'

type Tap = { teardown(fn: () => unknown): void }
import { openFileStorage, type FileStorageOptions } from '../../adapters/storage/file.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { storageContract } from '../../src/testing/storage-contract.js'

/**
 * A factory for the file adapter: each `open()` a fresh directory. They are removed when `t`
 * ends, by a teardown registered now: tap ignores one registered on `t` while a subtest runs.
 */
const fileFactory = (t: Tap, options: Omit<FileStorageOptions, 'path'> = {}) => {
  const dirs: string[] = []
  t.teardown(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))
  const openAt = async (path: string) => {
    const opened = await openFileStorage({ pollIntervalMs: 10, ...options, path })
    if (E.isLeft(opened)) throw new Error(opened.left.message)
    return opened.right
  }
  return {
    open: async () => {
      dirs.push(await mkdtemp(join(tmpdir(), 'flagport-contract-')))
      return openAt(dirs.at(-1)!)
    },
    reopen: () => openAt(dirs.at(-1)!),
  }
}

t.test('memory adapter', (t) =>
  storageContract(t, { open: async () => createMemoryStorage() }, { durable: false, crossProcess: false, subscribe: true, changes: false }),
)

t.test('file adapter', (t) => storageContract(t, fileFactory(t), { durable: true, crossProcess: true, subscribe: true }))

// Every commit past the first crosses the threshold, so the whole contract also runs across
// compactions: snapshots, journal rotation, handles following a rotated journal.
t.test('file adapter, compacting constantly', (t) =>
  storageContract(t, fileFactory(t, { compactAfterBytes: 1 }), { durable: true, crossProcess: true, subscribe: true }),
)
