import * as E from 'fp-ts/lib/Either.js'
import { openFileStorage } from '../adapters/storage/file.js'
import { buildState } from './fixtures.js'
import { fileStore } from './stores.js'

export interface ScalingFigures {
  readonly size: number
  /** Opening a file store of this size (replaying its snapshot and journal), ms. */
  readonly openMs: number
  /** Heap bytes per feature of the benchmark's shape, measured with forced GC. */
  readonly bytesPerFeature: number
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.()

const heapUsed = (): number => {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

/** Memory per feature: the heap a state of `size` features holds, divided by `size`. */
const bytesPerFeature = (size: number): number => {
  const before = heapUsed()
  const state = buildState(size)
  const after = heapUsed()
  if (state.features.size !== size) throw new Error('unexpected state size')
  return Math.round((after - before) / size)
}

/** Time to open a file store holding `size` features (its state written as one snapshot or commit). */
const openMs = async (size: number): Promise<number> => {
  const store = await fileStore(buildState(size))
  await store.storage.close()
  const started = performance.now()
  const reopened = await openFileStorage({ path: store.dir! })
  const ms = performance.now() - started
  if (E.isLeft(reopened)) throw new Error(`reopen failed: ${JSON.stringify(reopened.left)}`)
  await reopened.right.close()
  await store.dispose()
  return ms
}

export const scalingFigures = async (sizes: readonly number[]): Promise<ScalingFigures[]> => {
  const out: ScalingFigures[] = []
  for (const size of sizes) out.push({ size, openMs: await openMs(size), bytesPerFeature: bytesPerFeature(size) })
  return out
}
