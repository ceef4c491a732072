import { type AddonDelivery, type AddonState, DELIVERY_LOG_SIZE, type IntegrationEvent } from '../../model/addon.js'
import type { StoredEvent } from '../../model/state.js'
import { newestFirst } from '../../store/event-log.js'
import type { ReadState, Tx } from '../../store/tx.js'

/*
 * Where each addon's deliveries stand is stored with it (`AddonState.delivery`), so what is owed
 * survives a restart and is shared by every instance on the store. An instance claims a batch
 * (a commit, so two instances never claim the same one), sends it, then settles it (a commit
 * that moves the cursor and logs the outcome). Pure: the times arrive as ISO text.
 */

/** A claimed batch: the addon as configured and the events in it that it listens to, oldest first. */
export interface DeliveryJob {
  readonly addon: AddonState
  readonly upTo: number
  readonly events: readonly StoredEvent[]
}

/** Whether an addon listens to an event: its type, and its project and environment when limited to some. */
export const listensTo = (addon: AddonState, event: StoredEvent): boolean =>
  addon.events.includes(event.type) &&
  (addon.projects.length === 0 || addon.projects.includes('*') || (event.project !== undefined && addon.projects.includes(event.project))) &&
  (addon.environments.length === 0 || addon.environments.includes('*') || (event.environment !== undefined && addon.environments.includes(event.environment)))

/** The events kept with ids in (after, upTo], oldest first. */
const eventsBetween = (state: ReadState, after: number, upTo: number): StoredEvent[] => {
  const out: StoredEvent[] = []
  for (const event of newestFirst(state.events)) {
    if (event.id <= after) break
    if (event.id <= upTo) out.push(event)
  }
  return out.reverse()
}

/** Whether an addon has events owed that may be sent at `now`. */
export const isDue = (addon: AddonState, state: ReadState, now: string): boolean => {
  const d = addon.delivery
  return addon.enabled && d.cursor < state.events.last && (d.claim === null || d.claim.until <= now) && (d.retryAt === null || d.retryAt <= now)
}

/** When the next owed delivery may be tried (a backoff or a claim running out), or null when none is waiting on time. */
export const nextDueAt = (state: ReadState): string | null => {
  let next: string | null = null
  for (const addon of state.addons.rows()) {
    if (!addon.enabled || addon.delivery.cursor >= state.events.last) continue
    const at = [addon.delivery.retryAt, addon.delivery.claim?.until ?? null].reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null)
    if (at !== null && (next === null || at < next)) next = at
  }
  return next
}

/**
 * Claims, for `owner` until `until`, the next batch (up to `batch` events) of every addon that
 * is due. Batches holding no event an addon listens to are passed over at once.
 */
export const claimBatches = (draft: Tx, owner: string, now: string, until: string, batch: number): DeliveryJob[] => {
  const jobs: DeliveryJob[] = []
  for (const addon of Array.from(draft.addons.rows())) {
    if (!isDue(addon, draft, now)) continue
    // Events dropped by retention are no longer owed.
    const after = Math.max(addon.delivery.cursor, draft.events.first - 1)
    const upTo = Math.min(draft.events.last, after + batch)
    const events = eventsBetween(draft, after, upTo).filter((e) => listensTo(addon, e))
    const delivery: AddonDelivery =
      events.length === 0 ? { ...addon.delivery, cursor: upTo, claim: null, attempts: 0, retryAt: null } : { ...addon.delivery, claim: { owner, upTo, until } }
    const claimed = { ...addon, delivery }
    draft.addons.set(String(addon.id), claimed)
    if (events.length > 0) jobs.push({ addon: claimed, upTo, events })
  }
  return jobs
}

/** How a claimed batch went: the cursor to move to, the outcomes to log, and the backoff if one event failed. */
export interface Settlement {
  readonly cursor: number
  readonly attempts: number
  readonly retryAt: string | null
  readonly outcomes: readonly Omit<IntegrationEvent, 'id' | 'integrationId'>[]
}

/**
 * Records how `owner`'s claim went. Nothing changes when the addon is gone or its claim was
 * taken over (it ran out): the one who took it over settles it.
 */
export const settleBatch = (draft: Tx, addonId: number, owner: string, settlement: Settlement): boolean => {
  const addon = draft.addons.get(String(addonId))
  if (!addon || addon.delivery.claim?.owner !== owner) return false
  let logged = addon.delivery.logged
  const added = settlement.outcomes.map((o): IntegrationEvent => ({ id: String(++logged), integrationId: addon.id, ...o }))
  const log = [...addon.delivery.log, ...added].slice(-DELIVERY_LOG_SIZE)
  draft.addons.set(String(addon.id), {
    ...addon,
    delivery: { cursor: Math.max(addon.delivery.cursor, settlement.cursor), claim: null, attempts: settlement.attempts, retryAt: settlement.retryAt, log, logged },
  })
  return true
}
