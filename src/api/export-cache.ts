import { type FeatureExport, type PartOf, featureExport } from '../domain/export/build.js'
import type { ExportResult } from '../model/export.js'
import type { FeatureState } from '../model/state.js'
import { type BoundedMap, boundedMap } from './bounded-map.js'
import { deepFreeze } from './freeze.js'

/** One environment's kept parts, by feature name. */
type Kept = BoundedMap<string, { readonly source: FeatureState; readonly part: FeatureExport }>

/**
 * Each feature's part of an export, kept while its stored object is the same (a changed
 * feature is a new object), for the `limit` most recently exported features of each of the
 * `environments` most recently exported environments.
 * Parts are deeply frozen: every export that includes the feature shares them.
 *
 * The function answers (and keeps) one part; `forExport(count)` is what an export of `count`
 * features should use. An export larger than `limit` keeps the parts of its first `limit`
 * features only: it lists features in the same order each time, so the next one finds them.
 * Keeping the rest would push each part out before it was used again, and pay freezing and
 * marking it for nothing.
 */
export const exportPartsCache = (sharing: ExportSharing, limit = 10_000, environments = 16) => {
  // Per environment, then by name: a composite string key cost more than the rest of a hit.
  // Environment names come from request bodies, so they are bounded too.
  const byEnvironment = boundedMap<string, Kept>(environments)
  // An export asks for one environment a hundred times in a row: the bounded map is asked once.
  let last: { readonly environment: string; readonly kept: Kept } | undefined
  const keptIn = (environment: string): Kept => {
    if (last?.environment !== environment) {
      let found = byEnvironment.get(environment)
      if (found === undefined) byEnvironment.set(environment, (found = boundedMap(limit)))
      last = { environment, kept: found }
    }
    return last.kept
  }
  const partOf: PartOf = (feature, environment) => {
    const kept = keptIn(environment)
    const found = kept.get(feature.name)
    if (found !== undefined && found.source === feature) return found.part
    const part = sharing.share(featureExport(feature, environment))
    kept.set(feature.name, { source: feature, part })
    return part
  }
  const forExport = (count: number): PartOf => {
    if (count <= limit) return partOf
    // Past the first `limit`, the kept parts are this export's own: nothing else to look up.
    let used = 0
    return (feature, environment) => (used++ < limit ? partOf(feature, environment) : featureExport(feature, environment))
  }
  return Object.assign(partOf, { forExport })
}

/**
 * What a facade's exports share: the records of kept parts, and whole kept exports. Each is
 * deeply frozen and never changed, so the HTTP edge keeps their bytes (src/http/export-bytes.ts).
 */
export const exportSharing = () => {
  const shared = new WeakSet<object>()
  return {
    /** Whether `value` is a record or export that exports share. */
    isShared: (value: object): boolean => shared.has(value),
    /** Freezes a part and marks the records an export lists as shared. */
    share: (part: FeatureExport): FeatureExport => {
      deepFreeze(part)
      for (const record of [part.feature, ...part.strategies, ...part.tags, part.environment, part.dependencies, part.links]) if (record) shared.add(record)
      return part
    },
    /** Freezes a whole export (its parts are already) and marks it shared: the HTTP edge then keeps its bytes. */
    shareResult: (result: ExportResult): ExportResult => {
      deepFreeze(result)
      shared.add(result)
      return result
    },
  }
}

export type ExportSharing = ReturnType<typeof exportSharing>
