import * as E from 'fp-ts/lib/Either.js'
import type { AdminApi } from '../../src/api/admin-api.js'
import { internalsOf } from '../../src/api/internals.js'
import { systemWrite } from '../../src/api/system-write.js'
import { type DeliveryJob, type Settlement, claimBatches, nextDueAt, settleBatch } from '../../src/domain/addon/delivery.js'
import { consoleLogger, type LoggerPort } from '../../src/ports/logger.js'
import { type Outcome, sendWebhook } from './webhook.js'

export interface IntegrationOptions {
  /** Sends the requests; default the global fetch. */
  readonly fetch?: typeof fetch
  /** Milliseconds since the epoch; default Date.now. */
  readonly now?: () => number
  /** false: no timers and no subscription; rounds run only when `wake` or `deliverDue` is called (tests). Default true. */
  readonly watch?: boolean
  /** Schedules the next check; default setTimeout, unref'd. */
  readonly schedule?: (run: () => void, ms: number) => { cancel(): void }
  /** How often backoffs that ran out and claims left by a stopped instance are looked for. Default 1000 ms. */
  readonly checkMs?: number
  /** How often a round runs with no commit to wake it. Default 1000 ms. */
  readonly pollMs?: number
  /** How long a claim holds before another instance may take the batch over. Default 60 s. */
  readonly leaseMs?: number
  /** Events claimed at once per addon. Default 20. */
  readonly batch?: number
  /** Attempts at one event before it is given up on (and logged as failed). Default 5. */
  readonly maxAttempts?: number
  /** The wait after the n-th failed attempt. Default 1 s, doubling, at most 5 min. */
  readonly backoffMs?: (attempt: number) => number
  /** One request's time limit. Default 10 s. */
  readonly timeoutMs?: number
  readonly logger?: LoggerPort
  /** This instance's name in claims; default a random one. */
  readonly owner?: string
}

/** The running deliveries of one facade. */
export interface Integrations {
  /** Look for owed deliveries now (after a commit). */
  wake(): void
  /** One round: claim what is due, send it, settle it. Resolves to the batches sent. */
  deliverDue(): Promise<number>
  /** Stops checking and waits for the round under way. */
  close(): Promise<void>
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms)
  timer.unref?.()
  return { cancel: () => clearTimeout(timer) }
}

/**
 * Starts delivering the facade's committed events to its integrations (webhooks). Every
 * instance on a store may run it: each batch is claimed by one instance (a compare-and-set
 * commit) before it is sent, and the cursor moves only once it was sent, so an event is
 * delivered at least once across restarts and by one instance at a time.
 */
export const startIntegrations = (api: AdminApi, options: IntegrationOptions = {}): Integrations => {
  const { storage, onCommit } = internalsOf(api)
  const fetcher = options.fetch ?? fetch
  const now = options.now ?? Date.now
  const schedule = options.schedule ?? defaultSchedule
  const checkMs = options.checkMs ?? 1000
  const pollMs = options.pollMs ?? 1000
  const leaseMs = options.leaseMs ?? 60_000
  const batch = options.batch ?? 20
  const maxAttempts = options.maxAttempts ?? 5
  const backoffMs = options.backoffMs ?? ((attempt: number) => Math.min(300_000, 1000 * 2 ** (attempt - 1)))
  const timeoutMs = options.timeoutMs ?? 10_000
  const logger = options.logger ?? consoleLogger
  const owner = options.owner ?? `flagport-${Math.random().toString(36).slice(2)}-${process.pid}`
  const iso = (ms: number) => new Date(ms).toISOString()

  /** Sends a batch's events in order, stopping at the first that fails and may be tried again. */
  const send = async (job: DeliveryJob): Promise<Settlement> => {
    const outcomes: Outcome[] = []
    let attempts = job.addon.delivery.attempts
    let cursor = job.addon.delivery.cursor
    const until = now() + leaseMs
    for (const event of job.events) {
      // A send that might outlast the claim is left to the next round.
      if (now() + timeoutMs > until) return { cursor, attempts, retryAt: null, outcomes }
      const outcome = await sendWebhook(job.addon, event, fetcher, timeoutMs, iso(now()))
      outcomes.push(outcome)
      if (outcome.state !== 'failed') {
        attempts = 0
        cursor = event.id
        continue
      }
      attempts += 1
      logger.warn(`flagport: integration ${job.addon.id} could not deliver event ${event.id} (attempt ${attempts} of ${maxAttempts}): ${outcome.stateDetails}`)
      if (attempts < maxAttempts) return { cursor: event.id - 1, attempts, retryAt: iso(now() + backoffMs(attempts)), outcomes }
      // Given up on: the log keeps the failure, the events after it are owed.
      attempts = 0
      cursor = event.id
    }
    return { cursor: job.upTo, attempts, retryAt: null, outcomes }
  }

  const deliverDue = async (): Promise<number> => {
    const at = now()
    const claimed = await systemWrite(storage, (draft) => claimBatches(draft, owner, iso(at), iso(at + leaseMs), batch))
    if (E.isLeft(claimed)) {
      logger.error(`flagport: integrations could not claim deliveries: ${claimed.left.message}`)
      return 0
    }
    await Promise.all(
      claimed.right.map(async (job) => {
        const settlement = await send(job)
        const settled = await systemWrite(storage, (draft) => settleBatch(draft, job.addon.id, owner, settlement))
        // Unsettled, the claim runs out and the batch is sent again: at least once.
        if (E.isLeft(settled)) logger.error(`flagport: integration ${job.addon.id} could not record its deliveries: ${settled.left.message}`)
      }),
    )
    return claimed.right.length
  }

  let closed = false
  let running: Promise<void> | null = null
  let again = false
  let nextPoll = 0
  let timer: { cancel(): void } | null = null

  const round = async (): Promise<void> => {
    do {
      again = false
      const sent = await deliverDue().catch((error: unknown) => {
        logger.error(`flagport: integrations failed a round: ${(error as Error).message}`)
        return 0
      })
      if (sent > 0) again = true
    } while (again && !closed)
    nextPoll = now() + pollMs
  }

  const wake = (): void => {
    if (closed) return
    if (running) {
      again = true
      return
    }
    running = round().finally(() => {
      running = null
    })
  }

  // A commit that recorded events, here or on another instance, wakes a round at once (the
  // claims and settlements record none, so they wake nothing); the timer finds retries that
  // came due and claims that ran out.
  const tick = (): void => {
    if (closed) return
    const state = storage.head().state
    const due = state ? nextDueAt(state) : null
    if (now() >= nextPoll || (due !== null && due <= iso(now()))) wake()
    timer = schedule(tick, checkMs)
  }
  const watching = options.watch !== false
  const unsubscribe = watching ? onCommit((report) => report.events.length > 0 && wake()) : undefined
  if (watching) timer = schedule(tick, 0)

  return {
    wake,
    deliverDue,
    close: async () => {
      closed = true
      timer?.cancel()
      unsubscribe?.()
      await running
    },
  }
}
