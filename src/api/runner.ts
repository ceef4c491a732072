import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { immer } from './immer.js'
import type { Ctx } from '../domain/context.js'
import { decodeAt, decodeWith } from '../domain/decode.js'
import { type ApiError, type ErrorDetail, type ValidationError, maintenanceMode, noAccess, storageError, validationError, wrongTokenType } from '../domain/errors.js'
import { allows } from '../domain/permissions.js'
import { copyJson } from '../model/json-copy.js'
import { Query } from '../model/query.js'
import type { State } from '../model/state.js'
import { beginTransaction, type Finished } from '../store/transaction.js'
import type { AuthPort, Principal } from '../ports/auth.js'
import { ANYONE, SYSTEM, tokenScopeOf } from './admission.js'
import { createCommitHook } from './commit-hook.js'
import type { ClockPort } from '../ports/clock.js'
import type { IdPort } from '../ports/ids.js'
import { StorageFault, type StoragePort } from '../ports/storage.js'
import { type AnswerCache, forCopiedAnswers } from './answer-cache.js'
import type { ResolvedConfig } from './config.js'
import type { ApiRequest, Operation, OperationEnv, Scope, WriteOperation } from './operation.js'

export interface RunnerDeps {
  readonly storage: StoragePort
  readonly auth: AuthPort
  readonly clock: ClockPort
  readonly ids: IdPort
  readonly config: ResolvedConfig
  /** The facade's kept answers, handed to every operation (`env.kept`). */
  readonly kept: AnswerCache
}

export type Result<R> = E.Either<ApiError, R>

/** One step of `runAll`: a write operation and its request. */
export interface WriteStep {
  readonly op: WriteOperation<any, any, any, any>
  readonly request: ApiRequest<any>
}

/** How `runAll` admits and reads (see there). */
export interface RunAllOptions {
  readonly asSystem?: boolean
  readonly onHead?: boolean
}

/** Why `runAll` changed nothing: the refused step's index and error (no index: the store failed). */
export interface StepError {
  readonly index?: number
  readonly error: ApiError
}

/** What a call to a closed facade answers: a 503, as for a server that is stopping. */
export const closedError = () => storageError('This flagport instance is closed (`api.close()`): it takes no more calls.')

/** The state, which the facade seeded before any operation runs (readable: src/api/readable-storage.ts). */
export const stateOf = (storage: StoragePort): State => {
  const { state } = storage.head()
  if (state === null) throw new Error('flagport: the store was not seeded; create the facade with createAdminApi')
  return state
}

/**
 * The pipeline of every operation: authenticate -> permission -> decode the body -> run the
 * domain (inside a transaction, for writes) -> render. Nothing is written unless every step
 * succeeded, and a commit that meets another writer's is run again on the newer state.
 */
export const createRunner = (deps: RunnerDeps) => {
  const { storage, auth, clock, ids, config } = deps
  /** Set by `close`: callers are refused from then on; the instance's own writes still run. */
  let closed = false
  const withChanges = storage.capabilities.changes !== false
  const hook = createCommitHook(storage, deps.kept.readable)
  const keptForCopies = forCopiedAnswers(deps.kept)

  // The clock's time as ISO text, made once a millisecond: formatting a Date costs a microsecond.
  let lastMs = NaN
  let lastIso = ''
  const isoNow = (): string => {
    const ms = clock.now()
    if (ms !== lastMs) {
      lastMs = ms
      lastIso = new Date(ms).toISOString()
    }
    return lastIso
  }

  const contextFor = (principal: Principal): Ctx => ({
    now: isoNow(),
    actor: principal.actor,
    uuid: ids.uuid,
    token: () => ids.token(),
    limits: config.resourceLimits,
    eventRetention: config.eventRetention,
  })

  const admit = <P, B, R>(op: Operation<P, B, R>, request: ApiRequest<P>, state: State, prepared?: unknown, asSystem = false): E.Either<ApiError, OperationEnv<P, B>> => {
    const admission = op.admits ?? 'permission'
    let who: Principal
    if (admission === 'anyone') who = ANYONE
    else if (admission === 'system') {
      if (!asSystem) return E.left(noAccess('ADMIN'))
      who = SYSTEM
    } else {
      const principal = auth.authenticate(request.authorization, state, request.cookie)
      if (E.isLeft(principal)) return principal
      who = principal.right
      // An SDK token reaches only the API of its own type; the other SDK API names the mix-up.
      if ((who.kind === 'client-token' || who.kind === 'frontend-token') && who.kind !== admission) {
        return E.left(admission === 'client-token' || admission === 'frontend-token' ? wrongTokenType() : noAccess(op.requirement === 'NONE' ? 'ADMIN' : op.requirement))
      }
    }
    // Read first, refused after the permission: a 403 names the path's environment when it can.
    const params = readParams(op, request.params)
    if (admission !== 'anyone' && admission !== 'session' && !allows(who.permissions, op.requirement)) {
      const scope: Scope = op.scope && E.isRight(params) ? op.scope(params.right) : {}
      return E.left(noAccess(op.requirement, scope.environment))
    }
    // Maintenance refuses writes from permitted callers before their input is even read.
    if (op.kind === 'write' && state.settings.maintenanceMode && !isMaintenanceSwitch(op)) return E.left(maintenanceMode())
    const held = request.edge?.onAdmitted?.()
    if (held !== undefined) return E.left(held)
    if (request.reject) return E.left(request.reject)
    if (E.isLeft(params)) return params
    let body = undefined as B
    if (op.body) {
      const decoded = decodeWith(op.body)(request.body)
      if (E.isLeft(decoded)) return decoded
      // A copy: io-ts hands back the caller's own objects, and the domain stores parts of a
      // body (a strategy's constraints, a segment's values) as they are. A host that changed
      // its body object after the call would otherwise change the store.
      body = op.keepsBody === false ? decoded.right : copyJson(decoded.right)
    }
    const query = readQuery(request.query)
    if (E.isLeft(query)) return query
    return E.right({ params: params.right, body, sentBody: request.body, query: query.right, ctx: contextFor(who), principal: who, config, prepared, kept: op.callerCopy === undefined || request.edge?.sendAtOnce === true ? deps.kept : keptForCopies, tokenScope: tokenScopeOf(who, admission) })
  }

  const runRead = async <P, B, R>(op: Operation<P, B, R> & { kind: 'read' }, request: ApiRequest<P>, asSystem: boolean): Promise<Result<R>> => {
    const synced = await storage.sync()
    if (E.isLeft(synced)) return E.left(storageError(`The store could not be read: ${synced.left.message}`, synced.left.detail))
    try {
      const state = stateOf(storage)
      const env = admit(op, request, state, undefined, asSystem)
      if (E.isLeft(env)) return env
      const answer = op.run(state, env.right)
      // An answer holding stored rows: a caller's own copy, unless the HTTP layer sends it at once.
      return op.callerCopy === undefined || request.edge?.sendAtOnce === true || E.isLeft(answer) ? answer : E.right(op.callerCopy(answer.right))
    } catch (error) {
      return E.left(faulted(error))
    }
  }

  const runWrite = async <P, B, R>(op: Operation<P, B, R> & { kind: 'write' }, request: ApiRequest<P>, asSystem: boolean): Promise<Result<R>> => {
    let prepared: unknown
    if (op.prepare) {
      // Admitted on the synced state, like every other step: a token created by another
      // process must not be refused here.
      const synced = await storage.sync()
      if (E.isLeft(synced)) return E.left(storageError(`The store could not be read: ${synced.left.message}`, synced.left.detail))
      const env = admit(op, request, stateOf(storage), undefined, asSystem)
      if (E.isLeft(env)) return env
      prepared = await op.prepare(env.right)
    }
    const began = performance.now()
    for (let attempt = 0; attempt < config.maxRetries || performance.now() - began < config.retryTimeoutMs; attempt++) {
      if (attempt > 0) await conflictPause(attempt)
      const synced = await storage.sync()
      if (E.isLeft(synced)) return E.left(storageError(`The store could not be read: ${synced.left.message}`, synced.left.detail))
      // From here to commit() nothing awaits, so no other transaction of this process interleaves.
      const { version } = storage.head()
      let env: E.Either<ApiError, OperationEnv<P, B>>
      let render: (state: State) => R
      let finished: Finished
      try {
        const state = stateOf(storage)
        env = admit(op, request, state, prepared, asSystem)
        if (E.isLeft(env)) return env
        const transaction = beginTransaction(state, immer)
        const outcome = op.run(transaction.working, env.right)
        if (E.isLeft(outcome)) return outcome
        render = outcome.right
        finished = transaction.finish(withChanges)
      } catch (error) {
        return E.left(faulted(error))
      }
      const { state: next, changed, changes } = finished
      if (changed) {
        const committed = await hook.commit({ baseVersion: version, changes, state: next })
        if (E.isLeft(committed)) {
          if (committed.left._tag === 'StorageConflict') continue
          return E.left(storageError(`The change could not be saved: ${committed.left.message}`, committed.left.detail))
        }
      }
      let result: R
      try {
        const rendered = render(next)
        result = op.callerCopy === undefined || request.edge?.sendAtOnce === true ? rendered : op.callerCopy(rendered)
      } catch (error) {
        return E.left(faulted(error))
      }
      return E.right(op.after ? await op.after(result, env.right) : result)
    }
    return E.left(storageError('The change could not be saved: the store kept changing under it. Try again.'))
  }

  /**
   * Several writes as one transaction: each step admitted as its own request would be
   * (credentials, permission, maintenance) on the state the batch began from, its input read
   * by the same codecs, and run by the same domain rules on what the steps before it made
   * (whole-store scans included), then all committed in one commit, or none. With
   * `commit: false` the steps are run and their result dropped: what they would refuse,
   * changing nothing. Answers are not rendered and no step's `after` runs. A refusal names
   * the step (`index`; none for the store's own failure).
   *
   * `asSystem`: `system` operations are admitted (the facade's own upkeep, never a request's
   * steps). `onHead`: for a store no other handle writes, the steps run on its head as this
   * handle knows it, without catching up first, so when no step prepares the commit has
   * advanced the head before this returns (the storage port's promise).
   */
  const runAll = async (given: readonly WriteStep[], commit = true, how: RunAllOptions = {}): Promise<E.Either<StepError, void>> => {
    if (closed && how.asSystem !== true) return E.left({ error: closedError() })
    const read = readSteps(given)
    if (E.isLeft(read)) return read
    const steps = read.right
    const asSystem = how.asSystem === true
    const prepared: unknown[] = []
    for (const [index, { op, request }] of steps.entries()) {
      if (!op.prepare) continue
      const synced = await storage.sync()
      if (E.isLeft(synced)) return E.left({ error: storageError(`The store could not be read: ${synced.left.message}`, synced.left.detail) })
      const env = admit(op, request, stateOf(storage), undefined, asSystem)
      if (E.isLeft(env)) return E.left({ index, error: env.left })
      prepared[index] = await op.prepare(env.right)
    }
    for (let attempt = 0; attempt < config.maxRetries; attempt++) {
      if (how.onHead !== true || attempt > 0) {
        const synced = await storage.sync()
        if (E.isLeft(synced)) return E.left({ error: storageError(`The store could not be read: ${synced.left.message}`, synced.left.detail) })
      }
      const { version } = storage.head()
      let finished: Finished
      try {
        const before = stateOf(storage)
        const transaction = beginTransaction(before, immer)
        for (const [index, { op, request }] of steps.entries()) {
          const env = admit(op, request, before, prepared[index], asSystem)
          if (E.isLeft(env)) return E.left({ index, error: env.left })
          if (index > 0) transaction.nextStep()
          const outcome = op.run(transaction.working, env.right)
          if (E.isLeft(outcome)) return E.left({ index, error: outcome.left })
        }
        finished = transaction.finish(withChanges)
      } catch (error) {
        return E.left({ error: faulted(error) })
      }
      const { state, changed, changes } = finished
      if (!commit || !changed) return E.right(undefined)
      const committed = await hook.commit({ baseVersion: version, changes, state })
      if (E.isLeft(committed)) {
        if (committed.left._tag === 'StorageConflict') continue
        return E.left({ error: storageError(`The change could not be saved: ${committed.left.message}`, committed.left.detail) })
      }
      return E.right(undefined)
    }
    return E.left({ error: storageError('The change could not be saved: the store kept changing under it. Try again.') })
  }

  // Not itself async: the promise of `runRead` or `runWrite` is handed on, not wrapped in another.
  const start = <P, B, R>(op: Operation<P, B, R>, given: ApiRequest<P>, asSystem: boolean): Promise<Result<R>> => {
    try {
      if (closed && !asSystem) return Promise.resolve(E.left(closedError()))
      const request = readRequest(given)
      if (E.isLeft(request)) return Promise.resolve(request)
      const unfit = notStrings(request.right, HEADERS)
      if (unfit) return Promise.resolve(E.left(unfit))
      return op.kind === 'read' ? runRead<P, B, R>(op, request.right, asSystem) : runWrite<P, B, R>(op, request.right, asSystem)
    } catch (error) {
      return Promise.reject(error)
    }
  }

  return {
    /** Runs an operation for a caller, admitted as the operation declares (`Operation.admits`); `system` operations are refused. */
    run: <P, B, R>(op: Operation<P, B, R>, given: ApiRequest<P>): Promise<Result<R>> => start(op, given, false),
    /** Runs a `system` operation as the instance itself (`SYSTEM`): for the facade's own upkeep, never for a request. */
    runAsSystem: <P, B, R>(op: Operation<P, B, R>, given: ApiRequest<P>): Promise<Result<R>> => start(op, given, true),
    runAll,
    contextFor,
    /** Hears of every commit to the store, this facade's and others', once each (src/api/commit-hook.ts). */
    onCommit: hook.onCommit,
    /** Refuses every caller's operation from now on (`closedError`); `runAsSystem` still runs, for the last writes. */
    close: (): void => {
      closed = true
    },
  }
}

export type Runner = ReturnType<typeof createRunner>

/**
 * A row the store kept unread until now and found unreadable (`StorageFault`): the store's
 * failure, answered as a StorageError like any other. Anything else thrown is a bug, and goes on.
 */
const faulted = (error: unknown): ApiError => {
  if (error instanceof StorageFault) return storageError(`The store could not be read: ${error.message}`, error.detail)
  throw error
}

/** `runAll`'s steps from a caller in process: each a write operation and a request, as `run` reads one. */
const readSteps = (steps: unknown): E.Either<StepError, WriteStep[]> => {
  if (!Array.isArray(steps)) return E.left({ error: validationError('The steps must be an array of { op, request }.') })
  const read: WriteStep[] = []
  for (const [index, step] of steps.entries()) {
    const op = (step as Partial<WriteStep> | null)?.op
    if (op?.kind !== 'write') return E.left({ index, error: validationError(`Step ${index} must name a write operation as its \`op\`.`) })
    const request = readRequest((step as WriteStep).request)
    if (E.isLeft(request)) return E.left({ index, error: request.left })
    const unfit = notStrings(request.right, HEADERS)
    if (unfit) return E.left({ index, error: unfit })
    read.push({ op, request: request.right })
  }
  return E.right(read)
}

/**
 * The pause before running a transaction again after a conflict: random, so that writers that
 * met do not meet again in step, and growing (up to 50 ms) while they keep meeting. The first
 * retry runs at once: in one process a conflict is rare and already resolved by the catch-up.
 */
const conflictPause = (attempt: number): Promise<void> =>
  attempt === 1 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** (attempt - 1))))

/**
 * The request's path parameters, read through the operation's codec: over HTTP the router
 * always gives them, but a caller in process may leave one out or pass something that is not a
 * string, and gets a ValidationError naming `/params/<name>`, not an exception from deep inside a
 * lookup. An operation that takes none needs no `params` at all.
 */
const readParams = <P>(op: { readonly params: t.Decoder<unknown, P> }, params: unknown): E.Either<ValidationError, P> =>
  decodeAt(op.params, '/params', params === undefined ? NO_PARAMS : params)
const NO_PARAMS = Object.freeze({})

/**
 * The request itself, from a caller in process: left out, it is an empty one (an operation
 * that takes nothing needs nothing); anything but an object is a ValidationError, not an
 * exception.
 */
export const readRequest = <T extends object>(request: T | undefined): E.Either<ValidationError, T> => {
  if (request === undefined) return E.right(NO_REQUEST as T)
  if (request !== null && typeof request === 'object') return E.right(request)
  return E.left(validationError(`The request must be an object, { authorization?, params, query?, body? }. You sent ${request === null ? 'null' : typeof request}.`))
}
const NO_REQUEST = Object.freeze({})

const HEADERS = ['authorization', 'cookie']

/** The fields of a request that must be strings when given (headers: `/authorization` ...), named when they are not. */
export const notStrings = (request: object, names: readonly string[]): ValidationError | undefined => {
  // A loop, not flatMap: every call runs it, and flatMap costs more than the loop.
  let details: ErrorDetail[] | undefined
  for (const name of names) {
    const value = (request as Record<string, unknown>)[name]
    if (value === undefined || typeof value === 'string') continue
    ;(details ??= []).push({ path: `/${name}`, message: `The \`/${name}\` must be a string. You sent ${value === null ? 'null' : typeof value}.` })
  }
  return details && validationError(details)
}

const NO_QUERY: Query = Object.freeze({})
const decodeQuery = decodeWith(Query, '/query')

/** The request's query, read through its codec (see `Query`); none is an empty one. */
export const readQuery = (query: unknown): E.Either<ValidationError, Query> => (query === undefined ? E.right(NO_QUERY) : decodeQuery(query))

/** The one write allowed during maintenance is turning it off. */
const MAINTENANCE_SWITCH = Symbol.for('flagport.maintenanceSwitch')
export const asMaintenanceSwitch = <T extends object>(op: T): T => Object.assign(op, { [MAINTENANCE_SWITCH]: true })
const isMaintenanceSwitch = (op: object): boolean => MAINTENANCE_SWITCH in op
