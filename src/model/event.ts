import * as t from 'io-ts'
import { Tag } from './tag.js'

/**
 * An event as the admin API answers it (`GET /api/admin/events`, `api.events()`): every field
 * Unleash sends, in its order, `null` (or no tags) where the event has none.
 */
export const EventRecord = t.type({
  id: t.number,
  type: t.string,
  createdBy: t.string,
  createdAt: t.string,
  createdByUserId: t.number,
  data: t.unknown,
  preData: t.unknown,
  tags: t.array(Tag),
  featureName: t.union([t.string, t.null]),
  project: t.union([t.string, t.null]),
  environment: t.union([t.string, t.null]),
})
export type EventRecord = t.TypeOf<typeof EventRecord>

export const EventList = t.type({ version: t.literal(1), events: t.array(EventRecord), totalEvents: t.number })
export type EventList = t.TypeOf<typeof EventList>

/** A feature's history, as Unleash answers it: its newest events, and how many it has in all. */
export const FeatureEventList = t.type({ version: t.literal(1), toggleName: t.string, events: t.array(EventRecord), totalEvents: t.number })
export type FeatureEventList = t.TypeOf<typeof FeatureEventList>
