import { currentHourUsage, type HourUsage, usageOf as hourUsageOf } from '../domain/metrics/usage-rows.js'
import { hourOf } from '../domain/metrics/report.js'
import type { ExportOf } from '../domain/export/export.js'
import { renderEnvironments } from '../domain/feature/render.js'
import { type Usage, usageOf } from '../domain/segment/usage.js'
import type { Feature, FeatureEnvironment } from '../model/feature.js'
import type { FeatureState, State } from '../model/state.js'
import type { ReadState } from '../store/tx.js'
import { readableStates } from '../store/readable.js'
import { boundedMap } from './bounded-map.js'
import { exportPartsCache, exportSharing } from './export-cache.js'
import { exportResultsCache } from './export-results.js'

/*
 * Why answers are fast: a commit never changes a stored row, table or shared record in place;
 * it makes new objects of what it changes and shares the rest with the state before. So the
 * same object means the same content, and anything derived from it (a rendered record, its
 * JSON, its bytes, a count over a table) can be kept by that object's identity and served
 * again until a commit replaces it. A request then pays for what changed since the last one
 * asked, not for the store's size. Keys are held weakly (or bounded, where keyed by a name
 * from a request), so what a replaced object was derived into goes with it.
 *
 * This is every such cache of one facade: `createAdminApi` makes one, its operations reach it
 * through their env (`env.kept`), and the HTTP handler through the facade's internals. Two
 * facades in one process share none of it.
 */

/** A feature's rendered environments, and the feature's environments they were rendered from. */
interface KeptEnvironments {
  readonly from: FeatureState['environments']
  readonly environments: FeatureEnvironment[]
}

/** The features whose rendered environments are kept: the most recently answered ones. */
const FEATURES_KEPT = 1_000

/** One facade's kept answers (see the header). */
export const createAnswerCache = () => {
  // Kept for one environments table, the one read last: a change to the environments (rare)
  // starts them afresh, and no entry has to remember its table.
  let environmentsTable: State['environments'] | undefined
  let featureEnvironments = boundedMap<string, KeptEnvironments>(FEATURES_KEPT)
  // The JSON of each environments array `featureEnvironments` answered: null until first written.
  const environmentsJson = new WeakMap<readonly FeatureEnvironment[], string | null>()
  const json = new WeakMap<object, string>()
  const bytes = new WeakMap<object, Uint8Array>()
  const usages = new WeakMap<ReadState['features'], Usage>()
  const hourly = new WeakMap<object, { readonly hour: number; readonly usage: HourUsage }>()
  const counted = new WeakMap<readonly FeatureEnvironment[], { readonly usage: HourUsage; readonly environments: FeatureEnvironment[] }>()
  const sharing = exportSharing()

  const environmentsOf = (state: State, feature: FeatureState, keep: boolean): FeatureEnvironment[] => {
    if (state.environments !== environmentsTable) {
      environmentsTable = state.environments
      featureEnvironments = boundedMap(FEATURES_KEPT)
    }
    const found = featureEnvironments.get(feature.name)
    if (found !== undefined && found.from === feature.environments) return found.environments
    const environments = renderEnvironments(state, feature, 'stored')
    if (keep) {
      featureEnvironments.set(feature.name, { from: feature.environments, environments })
      environmentsJson.set(environments, null)
    }
    return environments
  }

  return {
    /** `state` with every table readable through its methods: the same object for the same state (src/store/readable.ts). */
    readable: readableStates(),

    /**
     * A feature's environments holding its stored strategies and variants (a commit never
     * changes them in place), the same array while the feature's environments and the
     * environments table are the same objects: their JSON is then written once (`featureJson`).
     */
    featureEnvironments: (state: State, feature: FeatureState): FeatureEnvironment[] => environmentsOf(state, feature, true),

    /** `featureEnvironments` that keeps nothing new: see `forCopiedAnswers`. */
    peekEnvironments: (state: State, feature: FeatureState): FeatureEnvironment[] => environmentsOf(state, feature, false),

    /** This hour's `yes` and `no` per flag and environment: one scan of the stored counts per counts table and hour. */
    hourUsage: (state: Pick<ReadState, 'usageCounts'>, now: number): HourUsage => {
      const hour = hourOf(now)
      const found = hourly.get(state.usageCounts)
      if (found !== undefined && found.hour === hour) return found.usage
      const usage = currentHourUsage(state, now)
      hourly.set(state.usageCounts, { hour, usage })
      return usage
    },

    /**
     * A record's environments with this hour's `yes` and `no`: the same array while the record's
     * environments and the hour's counts are the same objects, so its JSON too is written once.
     */
    withUsage: (record: Feature, usage: HourUsage): FeatureEnvironment[] => {
      const found = counted.get(record.environments)
      if (found !== undefined && found.usage === usage) return found.environments
      const environments = record.environments.map((e) => ({ ...e, ...hourUsageOf(usage, record.name, e.name) }))
      counted.set(record.environments, { usage, environments })
      environmentsJson.set(environments, null)
      return environments
    },

    /**
     * `JSON.stringify(record)`, the same text, with the environments' JSON written once for each
     * environments array `featureEnvironments` answered: the rest of the record is written around it.
     */
    featureJson: (record: Feature): string => {
      const kept = environmentsJson.get(record.environments)
      const environments = kept ?? JSON.stringify(record.environments)
      if (kept === null) environmentsJson.set(record.environments, environments)
      // The fields before and after `environments`, in the record's own order.
      const before: Record<string, unknown> = {}
      const after: Record<string, unknown> = {}
      let into = before
      for (const key of Object.keys(record)) {
        if (key === 'environments') into = after
        else into[key] = record[key as keyof Feature]
      }
      const parts = [JSON.stringify(before).slice(1, -1), `"environments":${environments}`, JSON.stringify(after).slice(1, -1)]
      return `{${parts.filter((part) => part !== '').join(',')}}`
    },

    /** How many live projects and features use each segment and context field, counted once per features table. */
    usage: (state: ReadState): Usage => {
      let found = usages.get(state.features)
      if (found === undefined) usages.set(state.features, (found = usageOf(state)))
      return found
    },

    /** Exports, kept while what they were read from is the same objects (src/api/export-results.ts). */
    exports: exportResultsCache(sharing, exportPartsCache(sharing)) satisfies ExportOf,

    /** Whether `value` is a record or export that exports share: frozen, and never changed. */
    isShared: sharing.isShared,

    /**
     * `JSON.stringify(sent)`, written once for each `key`: for answers whose JSON depends on
     * nothing but `key` (a stored row, a frozen record), which is never changed in place.
     */
    jsonKeptBy: (key: object, sent: unknown): string => {
      let written = json.get(key)
      if (written === undefined) json.set(key, (written = JSON.stringify(sent)))
      return written
    },

    /** What `write` answers for `key`, written the first time: for a shared record or export (`isShared`). */
    bytesKeptBy: (key: object, write: () => Uint8Array): Uint8Array => {
      let written = bytes.get(key)
      if (written === undefined) bytes.set(key, (written = write()))
      return written
    },
  }
}

/** One facade's kept answers: what `createAnswerCache` makes. */
export type AnswerCache = ReturnType<typeof createAnswerCache>

/**
 * `kept` as the operations see it when the runner copies their answer for a caller in
 * process (`Operation.callerCopy`): it serves what is kept, but a feature's environments
 * rendered for such an answer are not kept. They are copied at once, so keeping them would
 * save no later answer a copy, and would fill the cache, and the old generation, with arrays
 * that only a record sent at once reuses.
 */
export const forCopiedAnswers = (kept: AnswerCache): AnswerCache => ({ ...kept, featureEnvironments: kept.peekEnvironments })
