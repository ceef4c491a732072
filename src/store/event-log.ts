import type { EventLog, StoredEvent } from '../model/state.js'
import type { RowChange } from '../ports/storage.js'
import { withoutDrafts } from './table-draft.js'

/** Events a chunk holds. */
export const EVENT_CHUNK = 64
/** Chunks a page holds: with two levels, the arrays a commit copies stay short for any retention. */
export const EVENT_PAGE = 64

/**
 * A log object, built field by field as `tableValue` builds a table, for the same reason: each
 * commit replaces the log, and a log allocated old would keep the chunk and page copies it
 * holds alive through every scavenge.
 */
const logValue = (first: number, last: number, pages: EventLog['pages']): EventLog => {
  const log = {} as { first: number; last: number; pages: EventLog['pages'] }
  log.first = first
  log.last = last
  log.pages = pages
  return log
}

export const emptyEventLog = (): EventLog => logValue(0, 0, [])

/** The events kept (`first` to `last`), newest first. */
export function* newestFirst(log: EventLog): Generator<StoredEvent> {
  for (let p = log.pages.length - 1; p >= 0; p--) {
    const page = log.pages[p]!
    for (let c = page.length - 1; c >= 0; c--) {
      const chunk = page[c]!
      for (let i = chunk.length - 1; i >= 0; i--) {
        const event = chunk[i]!
        if (event.id < log.first) return
        yield event
      }
    }
  }
}

/** Events newest first, at most `limit`, optionally filtered. */
export const latestEvents = (log: EventLog, limit: number, keep: (e: StoredEvent) => boolean = () => true): StoredEvent[] => {
  const out: StoredEvent[] = []
  if (limit <= 0) return out
  for (const event of newestFirst(log)) {
    if (!keep(event)) continue
    out.push(event)
    if (out.length >= limit) break
  }
  return out
}

/**
 * The log with `events` (the next ids, in order) appended, keeping the newest `retention`.
 * `log` is not changed; the arrays copied here are changed in place after their first copy,
 * so appending many events copies each array once.
 */
export const appendEvents = (log: EventLog, events: readonly StoredEvent[], retention: number): EventLog => {
  if (events.length === 0) return log
  // The arrays copied so far, a handful for one event, so a list, not a Set; searched from
  // its end, where the last page and chunk, asked for with each event, were put.
  const owned: unknown[][] = []
  const own = <T>(array: readonly T[]): T[] => {
    if (owned.lastIndexOf(array as T[]) >= 0) return array as T[]
    const copy = array.slice()
    owned.push(copy)
    return copy
  }
  const pages = own(log.pages) as StoredEvent[][][]

  for (const event of events) {
    const p = pages.length - 1
    const lastPage = pages[p]
    const lastChunk = lastPage?.[lastPage.length - 1]
    if (lastPage === undefined || lastChunk === undefined || (lastPage.length >= EVENT_PAGE && lastChunk.length >= EVENT_CHUNK)) {
      pages.push(own([own([event])]))
      continue
    }
    const page = (pages[p] = own(lastPage))
    if (lastChunk.length >= EVENT_CHUNK) {
      page.push(own([event]))
      continue
    }
    const chunk = (page[page.length - 1] = own(lastChunk))
    chunk.push(event)
  }

  const last = events[events.length - 1]!.id
  const first = Math.max(log.first === 0 ? events[0]!.id : log.first, last - retention + 1)
  // Whole chunks whose newest event is older than `first`; a page left empty goes too.
  for (;;) {
    const page = pages[0]
    const chunk = page?.[0]
    if (page === undefined || chunk === undefined || chunk[chunk.length - 1]!.id >= first) break
    if (page.length === 1) pages.shift()
    else (pages[0] = own(page)).shift()
  }
  return logValue(first, last, pages)
}

/**
 * The event log inside a transaction: events recorded are kept aside and appended once, when
 * the transaction finishes. Reading it mid-transaction sees them.
 */
export class EventLogDraft implements EventLog {
  private appended: StoredEvent[] = []
  private retention = Infinity

  constructor(readonly committed: EventLog) {}

  append(event: StoredEvent, retention: number): void {
    this.appended.push(event)
    this.retention = retention
  }

  private get now(): EventLog {
    return appendEvents(this.committed, this.appended, this.retention)
  }
  get first(): number {
    return this.now.first
  }
  get last(): number {
    return this.appended[this.appended.length - 1]?.id ?? this.committed.last
  }
  get pages(): EventLog['pages'] {
    return this.now.pages
  }

  /** Copies the drafts the events hold (a `preData` taken from a row being changed); run before any row is finished. */
  settleValues(): void {
    this.appended = this.appended.map(withoutDrafts)
  }

  /** The log as it is now, as a committed value, the transaction going on (see `TableDraft.snapshot`). */
  snapshot(): EventLog {
    return this.appended.length === 0 ? this.committed : appendEvents(this.committed, this.appended.map(withoutDrafts), this.retention)
  }

  /** The committed log with this transaction's events; the same log when none was recorded. `record` gets them as one change. */
  finish(record?: (change: RowChange) => void): EventLog {
    if (record && this.appended.length > 0) record({ op: 'events', events: this.appended, retention: this.retention })
    return appendEvents(this.committed, this.appended, this.retention)
  }
}

/** Records an event in the log of a transaction's working state. */
export const appendEvent = (log: EventLog, event: StoredEvent, retention: number): void => {
  if (!(log instanceof EventLogDraft)) throw new Error('flagport: events are recorded inside a transaction')
  log.append(event, retention)
}
