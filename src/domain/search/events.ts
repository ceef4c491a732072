import type { EventSearchQuery, EventSearchResult } from '../../model/event-search.js'
import { newestFirst } from '../../store/event-log.js'
import type { StoredEvent } from '../../model/state.js'
import { renderEvent } from '../events.js'
import { passesIs } from './filter.js'
import type { ReadState } from '../../store/tx.js'

const DEFAULT_LIMIT = 50
const DAY_MS = 86_400_000

/** Free text: found, case-insensitively, in the event's type, author, feature, project or data. */
const matchesText = (e: StoredEvent, query: string | undefined): boolean => {
  const term = (query ?? '').trim().toLowerCase()
  if (term === '') return true
  const text = [e.type, e.createdBy, e.featureName ?? '', e.project ?? '', JSON.stringify(e.data ?? null), JSON.stringify(e.preData ?? null)].join('\n')
  return text.toLowerCase().includes(term)
}

const dayStart = (filter: { values: readonly string[] } | undefined): number | undefined =>
  filter === undefined ? undefined : Date.parse(`${filter.values[0]}T00:00:00.000Z`)

/**
 * Unleash's event search over the stored events: those that pass every filter, newest first,
 * one page of them and how many match. Events carry no group, so a `groupId` filter finds none.
 */
export const searchEvents = (state: ReadState, q: EventSearchQuery): EventSearchResult => {
  const from = dayStart(q.from)
  const until = dayStart(q.to)
  const keep = (e: StoredEvent): boolean => {
    return (
      (from === undefined || Date.parse(e.createdAt) >= from) &&
      (until === undefined || Date.parse(e.createdAt) < until + DAY_MS) &&
      passesIs(q.id, String(e.id)) &&
      passesIs(q.groupId, undefined) &&
      passesIs(q.feature, e.featureName) &&
      passesIs(q.project, e.project) &&
      passesIs(q.type, e.type) &&
      passesIs(q.createdBy, String(e.createdByUserId)) &&
      passesIs(q.environment, e.environment) &&
      matchesText(e, q.query)
    )
  }
  const offset = q.offset ?? 0
  const limit = q.limit ?? DEFAULT_LIMIT
  const events: StoredEvent[] = []
  let total = 0
  for (const e of newestFirst(state.events)) {
    if (!keep(e)) continue
    if (total >= offset && events.length < limit) events.push(e)
    total++
  }
  return { events: events.map(renderEvent), total }
}
