import * as E from 'fp-ts/lib/Either.js'
import { latestEvents } from '../domain/events.js'
import { initialState } from '../domain/seed.js'
import { addBuiltInAdmin, lacksBuiltInAdmin } from '../domain/user/admin-user.js'
import { transact } from '../store/transaction.js'
import { immer } from './immer.js'
import { isOutdated, upgradeState } from '../store/upgrade.js'
import type { State } from '../model/state.js'
import type { AuthPort } from '../ports/auth.js'
import { type ClockPort, systemClock } from '../ports/clock.js'
import type { EmailPort } from '../ports/email.js'
import { type IdPort, randomIds } from '../ports/ids.js'
import type { RowChange, StoragePort } from '../ports/storage.js'
import { type AdminApiConfig, resolveConfig } from './config.js'
import { checkOptions } from './options.js'
import { clientMethods } from './facade/client.js'
import { createRunner, type Result, stateOf } from './runner.js'
import { consoleLogger, type LoggerPort } from '../ports/logger.js'
import type { AdminApi } from './admin-api-types.js'
import { type FacadeInternals, INTERNALS } from './internals.js'
import { withGroups } from './groups.js'
import { type AnswerCache, createAnswerCache } from './answer-cache.js'
import { readableStorage } from './readable-storage.js'
import { metricsMethods } from './facade/metrics.js'
import { commitSignal } from './client-stream/signal.js'

export type * from './admin-api-types.js'

export interface AdminApiOptions {
  readonly storage: StoragePort
  readonly auth: AuthPort
  readonly clock?: ClockPort
  readonly ids?: IdPort
  readonly email?: EmailPort
  /** Where reset links go when no e-mail is sent (default: the console). */
  readonly logger?: LoggerPort
  readonly config?: AdminApiConfig
}

/**
 * The facade over flagport's domain: every operation of the admin API as a method that takes
 * `{ authorization, params, body }` and resolves to `Either<ApiError, result>`. A fresh store
 * is seeded first (project `default`, environments, root roles, ...).
 *
 * @example
 * const api = await createAdminApi({ storage: createMemoryStorage(), auth: openAuth() })
 * const created = await api.features.create({ params: { projectId: 'default' }, body: { name: 'checkout' } })
 */
export const createAdminApi = async (options: AdminApiOptions): Promise<AdminApi> => {
  checkOptions(options)
  // Everything this facade keeps of what it answered: its own, shared with no other facade.
  const kept = createAnswerCache()
  const storage = readableStorage(options.storage, kept.readable)
  const seeded = await seed(storage, options.clock ?? systemClock, options.ids ?? randomIds, kept.readable)
  if (E.isLeft(seeded)) throw new Error(`flagport: could not seed the store: ${seeded.left}`)
  return facadeOver(options, storage, kept)
}

/**
 * `createAdminApi`'s facade, made at once, over a store that needs no seeding (its head a
 * state of this schema with the built-in admin, as a state a facade made): for the test kit,
 * which makes one when a test first writes.
 */
export const createSeededAdminApi = (options: AdminApiOptions): AdminApi => {
  checkOptions(options)
  const head = options.storage.head().state
  if (head === null || isOutdated(head) || lacksBuiltInAdmin(head)) throw new Error('flagport: the store needs seeding; create the facade with createAdminApi')
  const kept = createAnswerCache()
  return facadeOver(options, readableStorage(options.storage, kept.readable), kept)
}

const facadeOver = (options: AdminApiOptions, storage: StoragePort, kept: AnswerCache): AdminApi => {
  const { auth } = options
  const clock = options.clock ?? systemClock
  const ids = options.ids ?? randomIds
  const config = resolveConfig(options.config)
  const runner = createRunner({ storage, auth, clock, ids, config, kept })
  const run = runner.run
  const client = clientMethods({ storage, clock, run, hostname: config.hostname, signal: commitSignal(runner.onCommit), streaming: config.streaming })
  const usage = metricsMethods({ clock, limits: config.metrics, run, runAsSystem: runner.runAsSystem })
  let closing: Promise<Result<void>> | undefined
  /** Refuses callers first, so that what is written last is all that was reported; the storage is the host's to close. */
  const close = (): Promise<Result<void>> =>
    (closing ??= (async () => {
      runner.close()
      client.streams.close()
      return usage.close()
    })())

  const always = {
    evaluator: client.evaluator,
    clientFeatures: client.clientFeatures,
    client: client.client,
    metrics: usage.metrics,
    flushMetrics: usage.flush,
    flushLastSeen: usage.flush,
    close,
    usageKept: usage.kept,
    state: (): State => stateOf(storage),
    events: (limit = 100, keep?: Parameters<AdminApi['events']>[1]) => latestEvents(stateOf(storage).events, limit, keep),
    [INTERNALS]: { storage, run, runAll: runner.runAll, onCommit: runner.onCommit, config, email: options.email, streams: client.streams, kept },
  }
  const api: AdminApi & { readonly [INTERNALS]: FacadeInternals } = withGroups(always, {
    run,
    storage,
    email: options.email,
    logger: options.logger ?? consoleLogger,
    baseUriPath: config.baseUriPath,
    evaluator: (environment) => client.evaluator(environment),
    frontendUsage: usage.frontend,
    afterUsageWrite: usage.afterWrite,
  })
  return api
}

/**
 * Commits the initial state to an empty store, a store of an earlier schema upgraded to this
 * one (as one `state` change: adapters never upgrade), and the built-in admin to a store that
 * never held an account; others are left alone.
 */
const seed = async (storage: StoragePort, clock: ClockPort, ids: IdPort, readable: (state: State) => State): Promise<E.Either<string, void>> => {
  for (let attempt = 0; attempt < 10; attempt++) {
    const synced = await storage.sync()
    if (E.isLeft(synced)) return E.left(synced.left.message)
    const head = storage.head()
    const now = new Date(clock.now()).toISOString()
    let change: { state: State; changes: RowChange[] }
    const upgrading = head.state !== null && isOutdated(head.state)
    if (head.state === null) {
      const state = initialState(ids.token(), now)
      change = { state, changes: [{ op: 'state', state }] }
    } else if (upgrading) {
      const state = readable(upgradeState(head.state))
      change = { state, changes: [{ op: 'state', state }] }
    } else if (lacksBuiltInAdmin(head.state)) {
      // A store that never held an account gains Unleash's admin, as a fresh one starts with it.
      change = transact(head.state, immer, (draft) => addBuiltInAdmin(draft, now))
    } else return E.right(undefined)
    const committed = await storage.commit({ baseVersion: head.version, ...change })
    if (E.isLeft(committed)) {
      if (committed.left._tag === 'StorageFailure') return E.left(committed.left.message)
    } else if (!upgrading) return E.right(undefined)
    // An upgraded store may still lack the built-in admin: looked at again.
  }
  return E.left('the store kept changing while it was being seeded')
}
