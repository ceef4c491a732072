import type { ClientFeature, ClientFeatures, ClientSegment } from '../model/client-features.js'

/**
 * The client delta API (`/api/client/delta`): a hydration snapshot followed by feature
 * and segment changes. Folding the events gives the same {@link ClientFeatures} the
 * full endpoint would have returned, which is what the evaluator compiles.
 */

export type DeltaEvent =
  | {
      readonly eventId: number
      readonly type: 'hydration'
      readonly features: readonly ClientFeature[]
      readonly segments?: readonly ClientSegment[]
    }
  | { readonly eventId: number; readonly type: 'feature-updated'; readonly feature: ClientFeature }
  | { readonly eventId: number; readonly type: 'feature-removed'; readonly featureName: string; readonly project?: string }
  | { readonly eventId: number; readonly type: 'segment-updated'; readonly segment: ClientSegment }
  | { readonly eventId: number; readonly type: 'segment-removed'; readonly segmentId: number }

const EMPTY: ClientFeatures = { version: 1, features: [], segments: [] }

/** Replaces the entry with the same key in place, or appends it: order stays stable. */
const upsert = <T>(items: readonly T[], item: T, sameKey: (a: T, b: T) => boolean): T[] => {
  const index = items.findIndex((existing) => sameKey(existing, item))
  return index === -1 ? [...items, item] : items.map((existing, i) => (i === index ? item : existing))
}

/** Applies one event; returns a new value and leaves `state` untouched. */
export const applyDeltaEvent = (state: ClientFeatures, event: DeltaEvent): ClientFeatures => {
  const segments = state.segments ?? []
  switch (event.type) {
    case 'hydration':
      return { version: state.version, features: event.features, segments: event.segments ?? [] }
    case 'feature-updated':
      return { ...state, features: upsert(state.features, event.feature, (a, b) => a.name === b.name) }
    case 'feature-removed':
      return { ...state, features: state.features.filter((f) => f.name !== event.featureName) }
    case 'segment-updated':
      return { ...state, segments: upsert(segments, event.segment, (a, b) => a.id === b.id) }
    case 'segment-removed':
      return { ...state, segments: segments.filter((s) => s.id !== event.segmentId) }
    default:
      // An event type from a newer server: skipping it keeps what we know.
      return state
  }
}

/**
 * Folds events, in order, onto `base` (an empty payload by default).
 *
 * @example compileEvaluator(applyDeltaEvents(response.events))
 */
export const applyDeltaEvents = (events: readonly DeltaEvent[], base: ClientFeatures = EMPTY): ClientFeatures =>
  events.reduce(applyDeltaEvent, base)
