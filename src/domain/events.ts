import type { Draft } from 'immer'
import type { EventLog, State, StoredEvent } from '../model/state.js'
import type { Ctx } from './context.js'
import { deleteRow, emptyTable, getRow, setRow } from '../model/table.js'

export type NewEvent = Omit<StoredEvent, 'id' | 'createdAt' | 'createdBy' | 'createdByUserId'>

/** Appends an event to the log, stamped with the actor and time; keeps the newest `eventRetention`. */
export const recordEvent = (draft: Draft<State>, ctx: Ctx, event: NewEvent): void => {
  const id = draft.counters.event + 1
  draft.counters.event = id
  // Not `{ ...event, id, ... }`: V8 11 (Node 20) adds properties new to a spread copy slowly, 3 µs here.
  const stored: StoredEvent = Object.assign({ id }, event, { createdAt: ctx.now, createdBy: ctx.actor.name, createdByUserId: ctx.actor.id })
  const log = draft.events
  const byId = log.byId as State['events']['byId']
  setRow(byId, String(id), stored)
  // Read and written once each: every access to the draft goes through a proxy.
  let first = log.first === 0 ? id : log.first
  while (id - first + 1 > ctx.eventRetention) deleteRow(byId, String(first++))
  log.last = id
  if (log.first !== first) log.first = first
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
