import { appendEvent, latestEvents as latestStoredEvents } from '../store/event-log.js'
import { copyJson } from '../model/json-copy.js'
import type { EventRecord } from '../model/event.js'
import type { EventLog, StoredEvent } from '../model/state.js'
import type { Ctx } from './context.js'
import { type ReadState, type Tx, readRow } from '../store/tx.js'

export { emptyEventLog } from '../store/event-log.js'

/** An event as answered: Unleash's fields in its order, copies of what it holds. */
export const renderEvent = (e: StoredEvent): EventRecord => ({
  id: e.id,
  type: e.type,
  createdBy: e.createdBy,
  createdAt: e.createdAt,
  createdByUserId: e.createdByUserId,
  data: copyJson(e.data ?? null),
  preData: copyJson(e.preData ?? null),
  tags: (e.tags ?? []).map((tag) => ({ value: tag.value, type: tag.type })),
  featureName: e.featureName ?? null,
  project: e.project ?? null,
  environment: e.environment ?? null,
})

/**
 * The newest `limit` events that `keep` accepts, newest first, as records: copies, since the
 * stored events belong to the store, and a caller changing what it was given must not change them.
 */
export const latestEvents = (log: EventLog, limit: number, keep?: (event: StoredEvent) => boolean): EventRecord[] =>
  latestStoredEvents(log, limit, keep).map(renderEvent)

/** How many stored events `keep` accepts. */
export const countEvents = (log: EventLog, keep: (event: StoredEvent) => boolean): number => latestStoredEvents(log, Number.POSITIVE_INFINITY, keep).length

export type NewEvent = Omit<StoredEvent, 'id' | 'createdAt' | 'createdBy' | 'createdByUserId'>

/** Appends an event to the log, stamped with the actor and time; keeps the newest `eventRetention`. */
export const recordEvent = (draft: Tx, ctx: Ctx, event: NewEvent): void => {
  const id = draft.counters.event + 1
  draft.counters.event = id
  // An event about a feature carries the feature's tags as they are now, as Unleash's do: the
  // tags themselves (a tag is never changed in place, only added or removed), in a list of its
  // own. Read with `readRow`: read through the draft, each tag would be drafted and finished.
  const feature = event.featureName !== undefined && event.tags === undefined ? draft.features.read(event.featureName) : undefined
  const tagged = feature === undefined ? undefined : readRow(feature.tags)
  const tags = tagged !== undefined && tagged.length > 0 ? { tags: tagged.map(readRow) } : undefined
  // The id first, then the event's fields, then the stamp: the stored event's key order.
  const stored: StoredEvent = Object.assign({ id }, event, tags, { createdAt: ctx.now, createdBy: ctx.actor.name, createdByUserId: ctx.actor.id })
  appendEvent(draft.events, stored, ctx.eventRetention)
}

/** Unleash's names for its own actors, where events name them otherwise. */
const unleashActorName = (id: number): string | undefined => (id === -1337 ? 'Unleash System' : id === -42 ? 'Unleash Admin Token' : undefined)

/**
 * Who made the recorded events (Unleash: GET /api/admin/event-creators), by id: a user by the
 * name they have now, anyone else by the name the newest of their events records.
 */
export const eventCreators = (state: ReadState): { id: number; name: string }[] => {
  const recorded = new Map<number, string>()
  for (const e of latestStoredEvents(state.events, Number.POSITIVE_INFINITY)) if (!recorded.has(e.createdByUserId)) recorded.set(e.createdByUserId, e.createdBy)
  return [...recorded]
    .sort(([a], [b]) => a - b)
    .map(([id, name]) => {
      return { id, name: actorName(state, id, name) }
    })
}

/** An actor's name: Unleash's for its own actors, a user's as they are called now, else `recorded`. */
export const actorName = (state: ReadState, id: number, recorded: string): string => {
  const user = state.users.get(String(id))
  return unleashActorName(id) ?? (user ? user.name || user.username || user.email || recorded : recorded)
}
