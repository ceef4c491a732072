import type { DeltaEvent } from '../evaluation/delta.js'
import type { ClientFeature, ClientFeatures, ClientSegment } from '../model/client-features.js'

/**
 * The delta events that turn one client payload into another (`/api/client/delta` and the
 * streaming API), every event under `eventId`. Projections of unchanged rows are the same
 * objects (the client cache keeps them), so most comparisons are by identity; the JSON is
 * compared only where the objects differ, so a rebuilt but equal projection is no event.
 * Segments a flag starts to use come before it, and segments it stops using after it.
 * Folding the events onto `before` with `applyDeltaEvents` gives `after`'s flags and segments.
 */
export const deltaBetween = (before: ClientFeatures, after: ClientFeatures, eventId: number): DeltaEvent[] => {
  const events: DeltaEvent[] = []
  const removedSegments: DeltaEvent[] = []
  const oldSegments = new Map<number, ClientSegment>()
  for (const s of before.segments ?? []) oldSegments.set(s.id, s)
  const newIds = new Set<number>()
  for (const segment of after.segments ?? []) {
    newIds.add(segment.id)
    const old = oldSegments.get(segment.id)
    if (old !== segment && (old === undefined || JSON.stringify(old) !== JSON.stringify(segment))) events.push({ eventId, type: 'segment-updated', segment })
  }
  for (const old of before.segments ?? []) if (!newIds.has(old.id)) removedSegments.push({ eventId, type: 'segment-removed', segmentId: old.id })
  const oldFeatures = new Map<string, ClientFeature>()
  for (const f of before.features) oldFeatures.set(f.name, f)
  const newNames = new Set<string>()
  for (const feature of after.features) {
    newNames.add(feature.name)
    const old = oldFeatures.get(feature.name)
    if (old !== feature && (old === undefined || JSON.stringify(old) !== JSON.stringify(feature))) events.push({ eventId, type: 'feature-updated', feature })
  }
  for (const old of before.features) {
    if (!newNames.has(old.name)) events.push({ eventId, type: 'feature-removed', featureName: old.name, ...(old.project !== undefined ? { project: old.project } : {}) })
  }
  events.push(...removedSegments)
  return events
}
