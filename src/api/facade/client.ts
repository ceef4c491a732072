import * as E from 'fp-ts/lib/Either.js'
import type { ClientFilter } from '../../domain/client-projection.js'
import { type NoAccessError, storageError } from '../../domain/errors.js'
import { type ClientFeatures, type EvaluatorOptions, compareSemver, parseSemver } from '../../evaluation/index.js'
import type { AuthPort, Principal } from '../../ports/auth.js'
import type { ClockPort } from '../../ports/clock.js'
import type { StoragePort } from '../../ports/storage.js'
import { createClientCache, etagMatches } from '../client-cache.js'
import { type LiveEvaluator, liveEvaluator } from '../client-evaluator.js'
import { notStrings, readQuery, readRequest, type Result, stateOf } from '../runner.js'

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

export type ClientFeaturesAnswer =
  | { readonly notModified: true; readonly etag: string }
  | { readonly notModified: false; readonly etag: string; readonly body: ClientFeatures; readonly json: string }

export type { LiveEvaluator }

export const DEFAULT_CLIENT_ENVIRONMENT = 'development'

const SEGMENTS_SPEC = parseSemver('4.2.0')!

/** Unleash's answer to a frontend token on the client API. */
export const wrongTokenType = (): NoAccessError => {
  const message = 'invalid token: expected a different token type for this endpoint'
  return { _tag: 'NoAccessError', message, details: [{ message }] }
}

const supportsSegments = (clientSpec: string | undefined): boolean => {
  const version = clientSpec === undefined ? undefined : parseSemver(clientSpec.trim())
  return version !== undefined && compareSemver(version, SEGMENTS_SPEC) >= 0
}

const listed = (value: string | undefined): string[] | undefined => {
  const items = value?.split(',').map((p) => p.trim()).filter((p) => p !== '')
  return items === undefined || items.length === 0 ? undefined : items
}

/** A client token's environment and projects win over the query, as in Unleash. */
const scopeOf = (
  who: Principal,
  query: Readonly<Record<string, string | undefined>>,
): E.Either<NoAccessError, { environment: string; filter: ClientFilter }> => {
  if (who.kind === 'frontend-token') return E.left(wrongTokenType())
  const scoped = who.kind === 'client-token'
  const tokenProjects = scoped && who.projects !== undefined && !who.projects.includes('*') ? who.projects : undefined
  const tokenEnvironment = scoped && who.environment !== undefined && who.environment !== '*' ? who.environment : undefined
  const projects = tokenProjects ?? listed(query['project'])
  const namePrefix = query['namePrefix']
  return E.right({
    environment: tokenEnvironment ?? (query['environment'] || DEFAULT_CLIENT_ENVIRONMENT),
    filter: { ...(projects ? { projects } : {}), ...(namePrefix ? { namePrefix } : {}) },
  })
}

export interface ClientDeps {
  readonly storage: StoragePort
  readonly auth: AuthPort
  readonly clock: ClockPort
}

/**
 * What SDKs and a host app's own code read: the client payload of an environment, served
 * over HTTP with an ETag, and in-process evaluators that stay current with the store.
 */
export const clientMethods = ({ storage, auth, clock }: ClientDeps) => {
  const cache = createClientCache()
  const shared = new Map<string, LiveEvaluator>()
  const defaults: EvaluatorOptions = { now: () => clock.now(), random: Math.random }

  const live = (environment: string, options: EvaluatorOptions): LiveEvaluator =>
    liveEvaluator(() => stateOf(storage), cache.view(environment), options)

  return {
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
        const synced = await storage.sync()
        if (E.isLeft(synced)) return E.left(storageError(`The store could not be read: ${synced.left.message}`, synced.left.detail))
        const state = stateOf(storage)
        const who = auth.authenticate(request.authorization, state)
        if (E.isLeft(who)) return who
        const query = readQuery(request.query)
        if (E.isLeft(query)) return query
        const scope = scopeOf(who.right, query.right)
        if (E.isLeft(scope)) return scope
        const filter = { ...scope.right.filter, inlineSegmentConstraints: !supportsSegments(request.clientSpec) }
        const { etag, payload, json } = cache.snapshot(state, scope.right.environment, filter)
        return E.right(etagMatches(request.ifNoneMatch, etag) ? { notModified: true, etag } : { notModified: false, etag, body: payload, json: json() })
      },
    },
  }
}
