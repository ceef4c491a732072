import * as t from 'io-ts'
import { type Named } from './codec.js'
import { Tag } from './tag.js'

/**
 * An event as the admin API answers it (`GET /api/admin/events`, `api.events()`): every field
 * Unleash sends, in its order, `null` (or no tags) where the event has none.
 */
export interface EventRecord extends t.TypeOf<typeof EventRecordCodec> {}
const EventRecordCodec = t.type({
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
export const EventRecord: Named<typeof EventRecordCodec, EventRecord> = EventRecordCodec

export interface EventList extends t.TypeOf<typeof EventListCodec> {}
const EventListCodec = t.type({ version: t.literal(1), events: t.array(EventRecord), totalEvents: t.number })
export const EventList: Named<typeof EventListCodec, EventList> = EventListCodec

/** A feature's history, as Unleash answers it: its newest events, and how many it has in all. */
export interface FeatureEventList extends t.TypeOf<typeof FeatureEventListCodec> {}
const FeatureEventListCodec = t.type({ version: t.literal(1), toggleName: t.string, events: t.array(EventRecord), totalEvents: t.number })
export const FeatureEventList: Named<typeof FeatureEventListCodec, FeatureEventList> = FeatureEventListCodec
