import type { Draft } from 'immer'
import type { EventLog, State, StoredEvent } from '../model/state.js'
import type { Ctx } from './context.js'

const CHUNK = 256

export type NewEvent = Omit<StoredEvent, 'id' | 'createdAt' | 'createdBy' | 'createdByUserId'>

/** Appends events to the log, stamped with the actor and time; drops the oldest past retention. */
export const recordEvent = (draft: Draft<State>, ctx: Ctx, event: NewEvent): void => {
  draft.counters.event += 1
  const stored: StoredEvent = {
    ...event,
    id: draft.counters.event,
    createdAt: ctx.now,
    createdBy: ctx.actor.name,
    createdByUserId: ctx.actor.id,
  }
  const chunks = draft.events.chunks as StoredEvent[][]
  const last = chunks[chunks.length - 1]
  if (last && last.length < CHUNK) last.push(stored)
  else chunks.push([stored])
  const keep = Math.max(1, Math.ceil(ctx.eventRetention / CHUNK))
  if (chunks.length > keep + 1) chunks.splice(0, chunks.length - keep - 1)
}

export const emptyEventLog = (): EventLog => ({ chunks: [] })

/** Events newest first, at most `limit`, optionally filtered. */
export const latestEvents = (log: EventLog, limit: number, keep: (e: StoredEvent) => boolean = () => true): StoredEvent[] => {
  const out: StoredEvent[] = []
  for (let c = log.chunks.length - 1; c >= 0 && out.length < limit; c--) {
    const chunk = log.chunks[c]!
    for (let i = chunk.length - 1; i >= 0 && out.length < limit; i--) if (keep(chunk[i]!)) out.push(chunk[i]!)
  }
  return out
}
