import type { Draft } from 'immer'
import type { EventLog, State, StoredEvent } from '../model/state.js'
import type { Ctx } from './context.js'
import { deleteRow, emptyTable, getRow, setRow } from '../model/table.js'

export type NewEvent = Omit<StoredEvent, 'id' | 'createdAt' | 'createdBy' | 'createdByUserId'>

/** Appends an event to the log, stamped with the actor and time; keeps the newest `eventRetention`. */
export const recordEvent = (draft: Draft<State>, ctx: Ctx, event: NewEvent): void => {
  draft.counters.event += 1
  const stored: StoredEvent = {
    ...event,
    id: draft.counters.event,
    createdAt: ctx.now,
    createdBy: ctx.actor.name,
    createdByUserId: ctx.actor.id,
  }
  const log = draft.events
  const byId = log.byId as State['events']['byId']
  setRow(byId, String(stored.id), stored)
  log.last = stored.id
  if (log.first === 0) log.first = stored.id
  while (log.last - log.first + 1 > ctx.eventRetention) deleteRow(byId, String(log.first++))
}

export const emptyEventLog = (): EventLog => ({ first: 0, last: 0, byId: emptyTable() })

/** Events newest first, at most `limit`, optionally filtered. */
export const latestEvents = (log: EventLog, limit: number, keep: (e: StoredEvent) => boolean = () => true): StoredEvent[] => {
  const out: StoredEvent[] = []
  for (let id = log.last; id >= log.first && id > 0 && out.length < limit; id--) {
    const event = getRow(log.byId, String(id))
    if (event && keep(event)) out.push(event)
  }
  return out
}
