/**
 * Stores for `npm run bench:compare`, seeded alike in either build through what every build
 * accepts: Unleash's export format, imported by the public facade. The export is made once,
 * by this build, from the bench's fixture; each build imports it into a store of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AdminApi, StoragePort } from '../../src/index.js'
import { createMemoryStorage } from '../../adapters/storage/memory.js'
import { openAuth } from '../../adapters/auth/open.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import type { ExportResult } from '../../src/model/export.js'
import type { Build } from './builds.js'
import { buildState } from './fixtures.js'
import { LIMITS } from './inprocess.js'

export type StoreKind = 'memory' | 'file'

/** The fixture's features exported, one export per environment. */
export type Seed = ReadonlyArray<{ readonly environment: string; readonly data: ExportResult }>

const must = <R>(what: string, result: { _tag: 'Left'; left: unknown } | { _tag: 'Right'; right: R }): R => {
  if (result._tag === 'Left') throw new Error(`${what} failed: ${JSON.stringify(result.left)}`)
  return result.right
}

/** The fixture of `size` features as exports of development and production. */
export const seedOf = async (size: number): Promise<Seed> => {
  const api = await createAdminApi({ storage: createMemoryStorage({ state: buildState(size), version: 1 }), auth: openAuth(), config: { resourceLimits: LIMITS } })
  const seed = []
  for (const environment of ['development', 'production']) {
    seed.push({ environment, data: must('the export', await api.batch.exportFeatures({ params: {}, body: { environment, features: [] } })).body })
  }
  await closeApi(api)
  return seed
}

/** An earlier build's facade may have no `close`. */
const closeApi = async (api: AdminApi) => {
  await (api as Partial<Pick<AdminApi, 'close'>>).close?.()
}

const importSeed = async (api: AdminApi, seed: Seed) => {
  for (const { environment, data } of seed) must('the import', await api.batch.importFeatures({ params: {}, body: { project: 'default', environment, data } }))
}

export interface CompareStore {
  readonly api: AdminApi
  dispose(): Promise<void>
}

const opened = async (build: Build, options: Parameters<Build['openFileStorage']>[0]): Promise<StoragePort> => {
  const storage = await build.openFileStorage(options)
  if (storage._tag === 'Left') throw new Error(`the ${build.name} build cannot open its file store: ${JSON.stringify(storage.left)}`)
  return storage.right
}

const apiOver = (build: Build, storage: StoragePort) => build.createAdminApi({ storage, auth: build.openAuth(), config: { resourceLimits: LIMITS } })

/**
 * A store of `kind` in `build`, holding `seed`. A file store is seeded, then compacted at
 * its next open (a snapshot and a short journal, as a long-lived store is), then opened with
 * the defaults, as the `npm run bench` rows' is.
 */
export const openCompareStore = async (build: Build, kind: StoreKind, seed: Seed): Promise<CompareStore> => {
  if (kind === 'memory') {
    const storage = build.createMemoryStorage()
    const api = await apiOver(build, storage)
    await importSeed(api, seed)
    return { api, dispose: async () => {
        await closeApi(api)
        await storage.close()
      } }
  }
  const path = await mkdtemp(join(tmpdir(), `flagport-compare-${build.name}-`))
  const seeding = await opened(build, { path })
  const seeder = await apiOver(build, seeding)
  await importSeed(seeder, seed)
  await closeApi(seeder)
  await seeding.close()
  await (await opened(build, { path, compactAfterBytes: 1, compactAtOpen: true })).close()
  const storage = await opened(build, { path })
  const api = await apiOver(build, storage)
  return {
    api,
    dispose: async () => {
      await closeApi(api)
      await storage.close()
      await rm(path, { recursive: true, force: true })
    },
  }
}
