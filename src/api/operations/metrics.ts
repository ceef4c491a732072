import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import type { ValidationError } from '../../domain/errors.js'
import { markSeen, type Sighting } from '../../domain/metrics/last-seen.js'
import { millisOf, readBulk, readReport, type ReportScope, type Tally } from '../../domain/metrics/report.js'
import { storeUnknownFlags, type UnknownFlagBounds, type UnknownSighting, unknownInBulk, unknownInReport } from '../../domain/metrics/unknown-flags.js'
import { storeUsage, type UsageBounds, type UsageDelta } from '../../domain/metrics/usage-rows.js'
import { BulkMetricsBody, ClientMetricsBody, ClientRegistrationBody } from '../../model/metrics.js'
import { NoParams } from '../../model/params.js'
import type { Principal } from '../../ports/auth.js'
import type { ReadState } from '../../store/tx.js'
import { sdkEnvironment, type TokenScope, UNSCOPED } from '../admission.js'
import type { Presence } from '../metrics/usage-store.js'
import { read, write } from '../operation.js'

/** What an SDK's call brings: the SDK's presence, its counts and the unknown flags it named, read against the state. It commits nothing: the facade keeps them until the usage write. */
export interface Gathered {
  readonly presence: readonly Presence[]
  readonly tallies: readonly Tally[]
  readonly unknown: readonly UnknownSighting[]
}

/** The SDK APIs an ingestion operation serves: the client API's or the frontend API's. */
export type SdkAdmission = 'client-token' | 'frontend-token'

/** What a caller may report on: its token's environment and projects win over what the body names. */
const reportScope = (token: TokenScope, named: string | undefined) => ({
  environment: sdkEnvironment(token, named),
  bound: token.environment !== undefined,
  ...(token.projects !== undefined ? { projects: token.projects } : {}),
})

/** Whose share what a caller reports counts toward: the token or user, by kind and id. */
const callerKey = (principal: Principal): string => `${principal.kind}:${principal.actor.id}:${principal.actor.name}`

/** One SDK instance's call: a registration brings its start and strategies, a report neither. */
type InstanceBody = ClientMetricsBody | ClientRegistrationBody

const presenceOf = (caller: string, body: InstanceBody, environment: string, admits: SdkAdmission): Presence => ({
  caller,
  // As Unleash: the API spoken to says which kind an SDK is, not what its body claims.
  sdkType: admits === 'frontend-token' ? 'frontend' : 'backend',
  appName: body.appName,
  environment,
  ...(body.instanceId !== undefined ? { instanceId: body.instanceId } : {}),
  ...(body.sdkVersion !== undefined ? { sdkVersion: body.sdkVersion } : {}),
  ...('strategies' in body && body.strategies !== undefined ? { strategies: body.strategies } : {}),
  ...('started' in body ? { started: millisOf(body.started) } : {}),
})

/** What one instance's call counts, read against the state at `now`. */
type Counted<B> = (state: ReadState, body: B, scope: ReportScope, now: number) => E.Either<ValidationError, readonly Tally[]>
/** The unknown flags a call (already counted) names, read against the state at `now`. */
type Unknown<B> = (state: ReadState, body: B, scope: ReportScope, bounds: UnknownFlagBounds, now: number) => readonly UnknownSighting[]

/** An ingestion operation for one instance's call, through the SDK API `admits` names: its presence, and what `counted` and `unknown` read of its body. */
const instanceCallOp =
  <B extends InstanceBody>(body: t.Decoder<unknown, B>, counted: Counted<B>, unknown: Unknown<B>) =>
  (admits: SdkAdmission, bounds: UnknownFlagBounds) =>
    read<NoParams, B, Gathered, ValidationError>({
      params: NoParams,
      body,
      requirement: 'NONE',
      admits,
      run: (state, { body, principal, ctx, tokenScope = UNSCOPED }) => {
        const scope = reportScope(tokenScope, body.environment)
        const now = Date.parse(ctx.now)
        const tallies = counted(state, body, scope, now)
        if (E.isLeft(tallies)) return tallies
        return E.right({ presence: [presenceOf(callerKey(principal), body, scope.environment, admits)], tallies: tallies.right, unknown: unknown(state, body, scope, bounds, now) })
      },
    })

/** `POST /api/<client|frontend>/client/metrics`: the counts of one interval. */
export const reportOp = instanceCallOp(ClientMetricsBody, readReport, unknownInReport)

/** `POST /api/<client|frontend>/client/register`: an SDK instance starting, which counts nothing. */
export const registerOp = instanceCallOp(ClientRegistrationBody, () => E.right([]), () => [])

/** `POST /api/client/metrics/bulk`: Edge's applications and counts, all or nothing. */
export const bulkOp = (bounds: UnknownFlagBounds) => read<NoParams, BulkMetricsBody, Gathered, ValidationError>({
  params: NoParams,
  body: BulkMetricsBody,
  requirement: 'NONE',
  admits: 'client-token',
  run: (state, { body, principal, ctx, tokenScope = UNSCOPED }) => {
    const scope = reportScope(tokenScope, undefined)
    const now = Date.parse(ctx.now)
    const tallies = readBulk(state, body, scope, now)
    if (E.isLeft(tallies)) return tallies
    const caller = callerKey(principal)
    const presence = body.applications
      .filter((a) => !scope.bound || a.environment === scope.environment)
      .map(
        (a): Presence => ({
          caller,
          appName: a.appName,
          instanceId: a.instanceId,
          environment: a.environment,
          ...(a.sdkVersion !== undefined ? { sdkVersion: a.sdkVersion } : {}),
          ...(a.strategies !== undefined ? { strategies: a.strategies } : {}),
          ...(a.started !== undefined ? { started: millisOf(a.started) } : {}),
          sdkType: a.sdkType === 'frontend' ? 'frontend' : 'backend',
        }),
      )
    return E.right({ presence, tallies: tallies.right, unknown: unknownInBulk(state, body, scope, bounds, now) })
  },
})

/** What the instance writes of what SDKs reported since its last usage write. */
export interface UsageWrite {
  /** The flags seen, one per flag and environment: their `lastSeenAt`. */
  readonly sightings: readonly Sighting[]
  /** The counts and applications gathered. */
  readonly delta: UsageDelta
  /** The unknown flags reported, one per name, application and environment. */
  readonly unknown: readonly UnknownSighting[]
}

/**
 * The instance's own usage write, never a request's: marks the flags seen and adds the
 * gathered counts, applications and unknown flags to the stored ones, within `bounds`, in one commit.
 */
export const usageWriteOp = (bounds: UsageBounds & UnknownFlagBounds, { sightings, delta, unknown }: UsageWrite) =>
  write<NoParams, undefined, void>({
    params: NoParams,
    requirement: 'NONE',
    admits: 'system',
    run: (draft, { ctx }) => {
      markSeen(draft, sightings, ctx.now)
      storeUsage(draft, delta, bounds, Date.parse(ctx.now))
      storeUnknownFlags(draft, unknown, bounds, Date.parse(ctx.now))
      return E.right(() => undefined)
    },
  })
