import * as E from 'fp-ts/lib/Either.js'
import { notFound } from '../../domain/errors.js'
import type { ClientFilter } from '../../domain/client-projection.js'
import { type ClientFeatures, type EvaluatorOptions, compareSemver, parseSemver } from '../../evaluation/index.js'
import type { NoParams } from '../../model/params.js'
import type { ClockPort } from '../../ports/clock.js'
import type { StoragePort } from '../../ports/storage.js'
import { createClientCache, etagMatches } from '../client-cache.js'
import { type LiveEvaluator, liveEvaluator } from '../client-evaluator.js'
import type { Run } from '../methods.js'
import { clientFeaturesOp, clientScopeOp } from '../operations/client.js'
import { createStreamHub, type DeltaAnswer, type EventStream, type StreamTimers } from '../client-stream/hub.js'
import type { StreamingLimits } from '../client-stream/limits.js'
import type { ChangeSignal } from '../client-stream/signal.js'
import { notStrings, readRequest, type Result, stateOf } from '../runner.js'

/** `GET /api/client/features`, as a facade call. */
export interface ClientFeaturesRequest {
  /** The Authorization header: a client token, an admin token, a personal token ... */
  readonly authorization?: string
  /** `environment` (default `development`; a client token's own wins), `project` (comma-separated), `namePrefix`. */
  readonly query?: Readonly<Record<string, string | undefined>>
  /** The If-None-Match header. */
  readonly ifNoneMatch?: string
  /** The Unleash-Client-Spec header: absent or below 4.2.0, segments are inlined into strategies. */
  readonly clientSpec?: string
}

export type ClientFeaturesAnswer = (
  | { readonly notModified: true; readonly etag: string }
  | { readonly notModified: false; readonly etag: string; readonly body: ClientFeatures; readonly json: string }
) & {
  /** The caller may stream, and streaming is suggested (`fetch-mode: streaming`). */
  readonly suggestStreaming?: boolean
}

/** `GET /api/client/delta`'s answer, and whether streaming is suggested to the caller. */
export type ClientDeltaAnswer = DeltaAnswer & { readonly suggestStreaming?: boolean }

/** `GET /api/client/streaming`, as a facade call. */
export interface ClientStreamRequest extends Omit<ClientFeaturesRequest, 'ifNoneMatch'> {
  /** The Last-Event-ID header of a reconnecting SDK: the revision it holds. */
  readonly lastEventId?: string
}

export type { LiveEvaluator }

const SEGMENTS_SPEC = parseSemver('4.2.0')!

/** SDKs of client spec 4.2.0 or later (the Unleash-Client-Spec header) take segments by id; older ones, inlined. */
const supportsSegments = (clientSpec: string | undefined): boolean => {
  const version = clientSpec === undefined ? undefined : parseSemver(clientSpec.trim())
  return version !== undefined && compareSemver(version, SEGMENTS_SPEC) >= 0
}

const NO_PARAMS: NoParams = Object.freeze({})

export interface ClientDeps {
  readonly storage: StoragePort
  readonly clock: ClockPort
  readonly run: Run
  /** The host name `applicationHostname` strategies are evaluated against. */
  readonly hostname?: string | undefined
  /** Tells of commits, this process's and other processes'. */
  readonly signal: ChangeSignal
  readonly streaming: StreamingLimits
  /** For tests of coalescing and heartbeats. */
  readonly timers?: StreamTimers
}

/**
 * What SDKs and a host app's own code read: the client payload of an environment, served
 * over HTTP with an ETag, and in-process evaluators that stay current with the store.
 */
export const clientMethods = ({ storage, clock, run, hostname, signal, streaming, timers }: ClientDeps) => {
  const cache = createClientCache()
  const bySegmentIds = clientFeaturesOp(cache, false)
  const inliningSegments = clientFeaturesOp(cache, true)
  const scopeBySegmentIds = clientScopeOp(false)
  const scopeInliningSegments = clientScopeOp(true)
  const hub = createStreamHub({ cache, head: () => ({ state: stateOf(storage), version: storage.head().version }), signal, limits: streaming, ...(timers ? { timers } : {}) })
  /** Streams are counted per Authorization value. */
  const tokenOf = (authorization: string | undefined) => authorization ?? ''
  const suggesting = (authorization: string | undefined) => (streaming.suggestStreaming && hub.hasRoom(tokenOf(authorization)) ? { suggestStreaming: true } : {})
  const scopeOf = async (request: { authorization?: string; query?: ClientFeaturesRequest['query']; clientSpec?: string }) =>
    run(supportsSegments(request.clientSpec) ? scopeBySegmentIds : scopeInliningSegments, { authorization: request.authorization, query: request.query, params: NO_PARAMS })
  const shared = new Map<string, LiveEvaluator>()
  const defaults: EvaluatorOptions = { now: () => clock.now(), random: Math.random, ...(hostname === undefined ? {} : { hostname }) }

  const live = (environment: string, options: EvaluatorOptions): LiveEvaluator =>
    liveEvaluator(() => stateOf(storage), cache.view(environment), options)

  return {
    /** The open streams, for the server that stops. */
    streams: { size: hub.size, close: hub.close },
    /**
     * Flags of one environment, evaluated in-process against the latest committed state.
     * DATE constraints use the facade's clock and random stickiness `Math.random`, unless
     * `options` say otherwise.
     *
     * @example api.evaluator('production').isEnabled('new-checkout', { userId: '42' })
     */
    evaluator: (environment: string, options?: EvaluatorOptions): LiveEvaluator => {
      if (options !== undefined) return live(environment, { ...defaults, ...options, random: options.random ?? Math.random })
      let evaluator = shared.get(environment)
      if (evaluator === undefined) shared.set(environment, (evaluator = live(environment, defaults)))
      return evaluator
    },
    /** The client API payload of one environment (every project unless `filter` says); frozen. */
    clientFeatures: (environment: string, filter?: ClientFilter): ClientFeatures =>
      cache.snapshot(stateOf(storage), environment, filter).payload,
    client: {
      /** `GET /api/client/features`: for client tokens of an environment, admin tokens and users. */
      features: async (given: ClientFeaturesRequest): Promise<Result<ClientFeaturesAnswer>> => {
        const read = readRequest(given)
        if (E.isLeft(read)) return read
        const request = read.right
        // Strings over HTTP always, in process by their types: anything else is named, not thrown on.
        const unfit = notStrings(request, ['authorization', 'ifNoneMatch', 'clientSpec'])
        if (unfit) return E.left(unfit)
        const op = supportsSegments(request.clientSpec) ? bySegmentIds : inliningSegments
        const served = await run(op, { authorization: request.authorization, query: request.query, params: NO_PARAMS })
        if (E.isLeft(served)) return served
        const { etag, payload, json } = served.right
        const suggested = suggesting(request.authorization)
        return E.right(etagMatches(request.ifNoneMatch, etag) ? { notModified: true, etag, ...suggested } : { notModified: false, etag, body: payload, json: json(), ...suggested })
      },
      /**
       * `GET /api/client/delta`: the caller's flags as delta events (the same callers, environment
       * and filters as `features`). With the ETag of an earlier answer as `ifNoneMatch` (its
       * revision), a 304 when nothing changed since, else the changes when they are still known,
       * else a hydration of the whole payload.
       */
      delta: async (given: ClientFeaturesRequest): Promise<Result<ClientDeltaAnswer>> => {
        const read = readRequest(given)
        if (E.isLeft(read)) return read
        const request = read.right
        const unfit = notStrings(request, ['authorization', 'ifNoneMatch', 'clientSpec'])
        if (unfit) return E.left(unfit)
        const scope = await scopeOf(request)
        if (E.isLeft(scope)) return scope
        return E.right({ ...hub.delta(scope.right, request.ifNoneMatch), ...suggesting(request.authorization) })
      },
      /**
       * `GET /api/client/streaming`: an event stream of the caller's flags, which starts with
       * `unleash-connected` and gets `unleash-updated` on each change (docs/clients.md). Past the
       * caps a TooManyRequestsError (429), on which SDKs poll instead.
       */
      stream: async (given: ClientStreamRequest): Promise<Result<EventStream>> => {
        const read = readRequest(given)
        if (E.isLeft(read)) return read
        const request = read.right
        const unfit = notStrings(request, ['authorization', 'lastEventId', 'clientSpec'])
        if (unfit) return E.left(unfit)
        const scope = await scopeOf(request)
        if (E.isLeft(scope)) return scope
        const token = tokenOf(request.authorization)
        const refused = hub.refusal(token)
        return refused ? E.left(refused) : E.right(hub.stream(scope.right, token, request.lastEventId))
      },
      /**
       * `GET /api/client/features/:featureName`: one flag as the list above holds it (same
       * callers, environment and filters), or 404 when the list holds none by that name.
       */
      feature: async (given: ClientFeaturesRequest & { readonly featureName: string }): Promise<Result<ClientFeatures['features'][number]>> => {
        const read = readRequest(given)
        if (E.isLeft(read)) return read
        const request = read.right
        const unfit = notStrings(request, ['authorization', 'clientSpec', 'featureName'])
        if (unfit) return E.left(unfit)
        const op = supportsSegments(request.clientSpec) ? bySegmentIds : inliningSegments
        const served = await run(op, { authorization: request.authorization, query: request.query, params: NO_PARAMS })
        if (E.isLeft(served)) return served
        const found = served.right.payload.features.find((f) => f.name === request.featureName)
        return found ? E.right(found) : E.left(notFound(`Could not find feature flag ${request.featureName}`))
      },
    },
  }
}
