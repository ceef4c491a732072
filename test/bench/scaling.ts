import * as E from 'fp-ts/lib/Either.js'
import { openFileStorage } from '../../adapters/storage/file.js'
import { rows } from '../../src/store/table.js'
import { openAuth } from '../../adapters/auth/open.js'
import { createAdminApi } from '../../src/api/admin-api.js'
import { buildState, featureName } from './fixtures.js'
import { measure } from './measure.js'
import { fileStore } from './stores.js'

export interface ScalingFigures {
  readonly size: number
  /** Opening a compacted file store of this size (its snapshot, then its journal), ms: the median of three. */
  readonly openMs: number
  /** Heap and buffers per feature just after opening: the snapshot's bytes, rows not built yet. */
  readonly openedBytesPerFeature: number
  /** The same once every feature has been read (built from its bytes), which is what a store serving traffic holds. */
  readonly builtBytesPerFeature: number
  /** The same once every feature has also been updated once (events not kept): a changed row is a new object. */
  readonly updatedBytesPerFeature: number
  /**
   * An update feature committed on that opened store once every row is read, p50 µs: the cost
   * of a commit itself. The in-process rows include reading each touched bucket the first time.
   */
  readonly commitP50us: number
  readonly commitP99us: number
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.()

/** Heap plus buffers outside it (an opened store keeps its unread buckets as bytes), after forced GC. */
const memory = (): number => {
  gc()
  gc()
  const { heapUsed, external } = process.memoryUsage()
  return heapUsed + external
}

export const scalingFigures = async (sizes: readonly number[]): Promise<ScalingFigures[]> => {
  const out: ScalingFigures[] = []
  for (const size of sizes) {
    const store = await fileStore(buildState(size))
    await store.storage.close()
    const times: number[] = []
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      const reopened = await openFileStorage({ path: store.dir! })
      times.push(performance.now() - started)
      if (E.isLeft(reopened)) throw new Error(`reopen failed: ${JSON.stringify(reopened.left)}`)
      await reopened.right.close()
    }
    const before = memory()
    const opened = await openFileStorage({ path: store.dir! })
    if (E.isLeft(opened)) throw new Error(`reopen failed: ${JSON.stringify(opened.left)}`)
    const afterOpen = memory()
    const features = [...rows(opened.right.head().state!.features)]
    if (features.length !== size) throw new Error('unexpected state size')
    const afterBuild = memory()
    const api = await createAdminApi({ storage: opened.right, auth: openAuth(), config: { resourceLimits: { featureFlags: 10_000_000 } } })
    const commit = await measure('scaling', 'commit', size, async (i) => {
      const r = await api.features.update({ params: { projectId: 'default', featureName: featureName((i * 7919) % size) }, body: { description: `scaling ${i}` } })
      if (E.isLeft(r)) throw new Error(`update failed: ${JSON.stringify(r.left)}`)
    }, { seconds: 1 })
    // Every feature changed once, 50 at a time, through a facade that keeps no events: their
    // log would count against the features (10,000 events against 1,000 features).
    const quiet = await createAdminApi({ storage: opened.right, auth: openAuth(), config: { resourceLimits: { featureFlags: 10_000_000 }, eventRetention: 0 } })
    let next = 0
    const updateEach = async (): Promise<void> => {
      for (let i = next++; i < size; i = next++) {
        const r = await quiet.features.update({ params: { projectId: 'default', featureName: featureName(i) }, body: { description: `updated ${i}` } })
        if (E.isLeft(r)) throw new Error(`update failed: ${JSON.stringify(r.left)}`)
      }
    }
    await Promise.all(Array.from({ length: 50 }, updateEach))
    const afterUpdate = memory()
    await opened.right.close()
    await store.dispose()
    out.push({
      size,
      openMs: times.sort((a, b) => a - b)[1]!,
      openedBytesPerFeature: Math.round((afterOpen - before) / size),
      builtBytesPerFeature: Math.round((afterBuild - before) / size),
      updatedBytesPerFeature: Math.round((afterUpdate - before) / size),
      commitP50us: commit.p50us,
      commitP99us: commit.p99us,
    })
  }
  return out
}
