import * as t from 'io-ts'
import { optional, type Named } from './codec.js'
import { EventRecord } from './event.js'
import { ANY_OPERATORS, countText, filterOf, isDay } from './search-filter.js'

/** The most events one page of a search answers, as Unleash's. */
export const MAX_EVENT_PAGE = 1000

const name = { ok: (s: string) => s.length > 0 }
const id = { ok: (s: string) => /^-?\d{1,15}$/.test(s) }
const day = { ok: isDay, single: true }

/**
 * Unleash's event search query (`GET /api/admin/search/events`): free text, filters with `IS`
 * or `IS_ANY_OF`, a range of days (`from`, `to`, both included) and a page.
 */
export interface EventSearchQuery extends t.TypeOf<typeof EventSearchQueryCodec> {}
const EventSearchQueryCodec = optional({
  query: t.string,
  id: filterOf(ANY_OPERATORS, 'IS:123', id),
  groupId: filterOf(ANY_OPERATORS, 'IS:123', id),
  feature: filterOf(ANY_OPERATORS, 'IS:my-feature', name),
  project: filterOf(ANY_OPERATORS, 'IS:default', name),
  type: filterOf(ANY_OPERATORS, 'IS:feature-created', name),
  createdBy: filterOf(ANY_OPERATORS, 'IS:1', id),
  environment: filterOf(ANY_OPERATORS, 'IS:production', name),
  from: filterOf(['IS'], 'IS:2024-01-01', day),
  to: filterOf(['IS'], 'IS:2024-01-31', day),
  offset: countText(0, 1_000_000_000),
  limit: countText(1, MAX_EVENT_PAGE),
})
export const EventSearchQuery: Named<typeof EventSearchQueryCodec, EventSearchQuery> = EventSearchQueryCodec

/** The answer (Unleash's `eventSearchResponseSchema`): one page of events, newest first, and how many match. */
export interface EventSearchResult extends t.TypeOf<typeof EventSearchResultCodec> {}
const EventSearchResultCodec = t.type({ events: t.array(EventRecord), total: t.number })
export const EventSearchResult: Named<typeof EventSearchResultCodec, EventSearchResult> = EventSearchResultCodec
