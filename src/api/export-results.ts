import * as E from 'fp-ts/lib/Either.js'
import { buildExport } from '../domain/export/build.js'
import type { ExportOf } from '../domain/export/export.js'
import { selectFeatures } from '../domain/export/select.js'
import type { ExportQuery, ExportResult } from '../model/export.js'
import type { FeatureState, State } from '../model/state.js'
import { type ExportSharing, exportPartsCache } from './export-cache.js'

/**
 * A kept export, and what it was read from: everything selecting and building it reads. The
 * tables are held weakly: holding an old version of the feature table would keep every row
 * changed since alive.
 */
interface Kept {
  readonly query: ExportQuery
  readonly features: readonly FeatureState[]
  readonly tables: readonly WeakRef<object>[]
  readonly result: ExportResult
}

/** The tables an export reads, in a fixed order: features and projects (selection) first. */
const tablesOf = (state: State): readonly object[] => [state.features, state.projects, state.segments, state.contextFields, state.tagTypes]
const SELECTION = 2
const weakTables = (state: State): readonly WeakRef<object>[] => tablesOf(state).map((table) => new WeakRef(table))

const sameList = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean => {
  if (a === b) return true
  if (a === undefined || b === undefined || a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** The fields that select features and environment (`downloadFile` only names the file). */
const sameQuery = (a: ExportQuery, b: ExportQuery): boolean =>
  a.environment === b.environment && a.tag === b.tag && a.project === b.project && sameList(a.features, b.features)

/** Whether the kept tables are `state`'s, from the `from`th on. */
const sameTables = (k: Kept, state: State, from: number): boolean => {
  const tables = tablesOf(state)
  for (let i = from; i < tables.length; i++) if (k.tables[i]!.deref() !== tables[i]) return false
  return true
}

/**
 * The `keep` most recently used exports of at most `largest` features, each answered again
 * while what it was read from is the same objects. A change makes a new object of what it
 * changes (a feature, and the table holding it), so:
 * - the same query while the tables of features and projects are the same gets the kept
 *   export without selecting its features again;
 * - otherwise, once selected, the same features (each the same object) in the same
 *   environment get it;
 * and either way only while the tables of segments, context fields and tag types are the same.
 * A pipeline exporting the same project every few seconds then gets the export, and its bytes
 * (which the HTTP edge keeps, src/http/export-bytes.ts), without building them again.
 *
 * A kept export is deeply frozen, as every caller shares it. Exports of more features are
 * built from kept parts (`parts`) and not kept: their bytes alone would be megabytes.
 */
export const exportResultsCache = (sharing: ExportSharing, parts = exportPartsCache(sharing), keep = 4, largest = 1_000): ExportOf => {
  let kept: readonly Kept[] = [] // most recently used first
  const use = (entry: Kept, replacing?: Kept): ExportResult => {
    kept = [entry, ...kept.filter((k) => k !== replacing)].slice(0, keep)
    return entry.result
  }
  return (state, query) => {
    const asked = kept.find((k) => sameQuery(k.query, query) && sameTables(k, state, 0))
    if (asked !== undefined) return E.right(use(asked, asked))
    return E.map((features: readonly FeatureState[]) => {
      const found = kept.find((k) => k.query.environment === query.environment && sameTables(k, state, SELECTION) && sameList(k.features, features))
      if (found !== undefined) return use({ ...found, query, tables: weakTables(state) }, found)
      const result = buildExport(state, features, query.environment, parts.forExport(features.length))
      if (features.length > largest) return result
      return use({ query, features, tables: weakTables(state), result: sharing.shareResult(result) })
    })(selectFeatures(state, query))
  }
}
