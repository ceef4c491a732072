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
  // Drop whole chunks while the rest still hold the retention: at least `eventRetention`
  // events are kept, and at most one chunk more.
  let total = 0
  for (const chunk of chunks) total += chunk.length
  let drop = 0
  while (drop < chunks.length - 1 && total - chunks[drop]!.length >= ctx.eventRetention) total -= chunks[drop++]!.length
  if (drop > 0) chunks.splice(0, drop)
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
