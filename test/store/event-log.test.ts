import t, { type Test } from 'tap'
import { appendEvents, emptyEventLog, EVENT_CHUNK, EVENT_PAGE, latestEvents } from '../../src/store/event-log.js'
import type { EventLog, StoredEvent } from '../../src/model/state.js'

const event = (id: number): StoredEvent => ({ id, type: 'feature-created', createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'admin', createdByUserId: 1, featureName: `f${id}` })
const ids = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => to - i)

/** Appends `count` events one call at a time, checking that no call changes the log it is given. */
const appendOneByOne = (t: Test, log: EventLog, count: number, retention: number): EventLog => {
  let problems = 0
  for (let i = 0; i < count; i++) {
    const before = JSON.stringify(log)
    const next = appendEvents(log, [event(log.last + 1)], retention)
    if (JSON.stringify(log) !== before) problems++
    log = next
  }
  t.equal(problems, 0, `${count} appends: none changes the log it is given`)
  return log
}

t.test('the newest `retention` events are read, newest first; whole chunks older than first are dropped', async (t) => {
  const log = appendOneByOne(t, emptyEventLog(), 1000, 300)
  t.equal(log.first, 701)
  t.equal(log.last, 1000)
  t.same(latestEvents(log, 10_000).map((e) => e.id), ids(701, 1000))
  t.same(latestEvents(log, 5).map((e) => e.id), ids(996, 1000), 'at most `limit`')
  t.same(latestEvents(log, 3, (e) => e.id % 2 === 0).map((e) => e.id), [1000, 998, 996], 'filtered before the limit')
  t.equal(latestEvents(log, 0).length, 0)
  const kept = log.pages.flat(2)
  t.equal(kept[0]!.id, 641, 'the first chunk kept is the one holding `first`')
  t.ok(kept.length - 300 < EVENT_CHUNK, `${kept.length - 300} older events kept, fewer than a chunk`)
  t.ok(log.pages.every((page) => page.length <= EVENT_PAGE && page.every((chunk) => chunk.length <= EVENT_CHUNK)), 'chunks and pages within their sizes')
})

const appendUnchecked = (log: EventLog, count: number, retention: number): EventLog => {
  for (let i = 0; i < count; i++) log = appendEvents(log, [event(log.last + 1)], retention)
  return log
}

t.test('an append copies only the last chunk, the last page and the list of pages', async (t) => {
  const full = EVENT_CHUNK * EVENT_PAGE
  // Checked where the first page fills and the second begins.
  const log = appendUnchecked(appendOneByOne(t, appendUnchecked(emptyEventLog(), full - 1, Infinity), 3, Infinity), 98, Infinity)
  t.equal(log.pages.length, 2, 'a second page once the first holds 64 full chunks')
  t.equal(log.pages[0]!.length, EVENT_PAGE)
  t.equal(latestEvents(log, Infinity).length, EVENT_CHUNK * EVENT_PAGE + 100, 'Infinity keeps every event')
  const next = appendEvents(log, [event(log.last + 1)], Infinity)
  t.equal(next.pages[0], log.pages[0], 'a full page is shared')
  const page = next.pages[1]!
  t.ok(page.slice(0, -1).every((chunk, c) => chunk === log.pages[1]![c]), 'full chunks are shared')
  t.not(page[page.length - 1], log.pages[1]![page.length - 1], 'the last chunk is a copy')
})

t.test('many events in one call: the log appending them one by one gives, and a retention smaller than the batch', async (t) => {
  const start = appendOneByOne(t, emptyEventLog(), 50, 100)
  const batch = Array.from({ length: 300 }, (_, i) => event(51 + i))
  const next = appendEvents(start, batch, 100)
  t.same(latestEvents(next, 1000).map((e) => e.id), ids(251, 350))
  t.equal(JSON.stringify(next), JSON.stringify(appendUnchecked(start, 300, 100)), 'the same log as one call per event')
  t.equal(appendEvents(next, [], 100), next, 'no events, the same log')
  const none = appendEvents(next, [event(351)], 0)
  t.same(latestEvents(none, 1000), [], 'a retention of 0 keeps nothing')
  t.equal(none.last, 351)
})
