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
 * marking it for nothing: an export of all 100k features cost 52 µs a feature that way.
 */
export const exportPartsCache = (limit = 10_000, environments = 16) => {
  // Per environment, then by name: a composite string key cost more than the rest of a hit.
  // Environment names come from request bodies, so they are bounded too.
  const byEnvironment = boundedMap<string, Kept>(environments)
  // An export asks for one environment a hundred times in a row: the bounded map's reordering is paid once.
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
    const part = share(featureExport(feature, environment))
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

// What exports share (the records of kept parts, and whole kept exports), and the JSON (UTF-8)
// of those serialized: kept as long as the record or export is.
const shared = new WeakSet<object>()
const bytesOfShared = new WeakMap<object, Buffer>()

/** The bytes of a shared record or export, written the first time they are asked for. */
const keptBytes = <T extends object>(value: T, write: (value: T) => Buffer): Buffer => {
  let bytes = bytesOfShared.get(value)
  if (bytes === undefined) bytesOfShared.set(value, (bytes = write(value)))
  return bytes
}

/** Freezes a part and marks the records an export lists as shared. */
const share = (part: FeatureExport): FeatureExport => {
  deepFreeze(part)
  for (const record of [part.feature, ...part.strategies, ...part.tags, part.environment, part.dependencies, part.links]) if (record) shared.add(record)
  return part
}

/** Freezes a whole export (its parts are already) and marks it shared: `exportBytes` then keeps its bytes. */
export const shareResult = (result: ExportResult): ExportResult => {
  deepFreeze(result)
  shared.add(result)
  return result
}

const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value) ?? 'null')

/** An array element's JSON as UTF-8, as `JSON.stringify` writes it inside an array. */
const bytesOf = (value: unknown): Buffer =>
  value !== null && typeof value === 'object' && shared.has(value) ? keptBytes(value, jsonBytes) : jsonBytes(value)

const COMMA = 0x2c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

/**
 * `JSON.stringify(result)` as UTF-8 bytes, with each shared record serialized and encoded
 * once, and a kept export's bytes written once (`shareResult`). An export of 100 features is about 120 KB of JSON: joining its records' text and
 * then encoding it cost more than building the export; copying their kept bytes into one
 * buffer of the exact size costs a third of that.
 */
export const exportBytes = (result: ExportResult): Buffer => (shared.has(result) ? keptBytes(result, resultBytes) : resultBytes(result))

const resultBytes = (result: ExportResult): Buffer => {
  // Each field's key (with the `{` or `,` before it), then its value: bytes, or an array's items.
  const pieces: (Buffer | Buffer[])[] = []
  let length = 1 // the closing brace
  for (const [key, value] of Object.entries(result)) {
    if (value === undefined) continue
    const head = Buffer.from(`${pieces.length === 0 ? '{' : ','}${JSON.stringify(key)}:`)
    pieces.push(head)
    length += head.length
    if (Array.isArray(value)) {
      const items = value.map(bytesOf)
      pieces.push(items)
      length += 2 + Math.max(0, items.length - 1)
      for (const item of items) length += item.length
    } else {
      const bytes = jsonBytes(value)
      pieces.push(bytes)
      length += bytes.length
    }
  }
  if (pieces.length === 0) return Buffer.from('{}')
  const out = Buffer.allocUnsafe(length)
  let at = 0
  for (const piece of pieces) {
    if (!Array.isArray(piece)) {
      at += piece.copy(out, at)
      continue
    }
    out[at++] = OPEN_BRACKET
    for (let i = 0; i < piece.length; i++) {
      if (i > 0) out[at++] = COMMA
      at += piece[i]!.copy(out, at)
    }
    out[at++] = CLOSE_BRACKET
  }
  out[at] = 0x7d // }
  return out
}
