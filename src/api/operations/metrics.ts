import * as E from 'fp-ts/lib/Either.js'
import { markSeen, type Sighting } from '../../domain/metrics/last-seen.js'
import { millisOf, readBulk, readReport, type Tally } from '../../domain/metrics/report.js'
import { BulkMetricsBody, ClientMetricsBody, ClientRegistrationBody } from '../../model/metrics.js'
import { NoParams } from '../../model/params.js'
import type { Principal } from '../../ports/auth.js'
import { sdkEnvironment, UNSCOPED } from '../admission.js'
import type { Presence } from '../metrics/usage-store.js'
import { read, write } from '../operation.js'

/** What an SDK's call adds to the usage kept: the applications seen and the flags' counts. */
export interface Usage {
  readonly presence: readonly Presence[]
  readonly tallies: readonly Tally[]
}

/** Which SDK API a call comes in by: each admits its own token type and refuses the other's. */
export type SdkApi = 'client' | 'frontend'
const admission = { client: 'client-token', frontend: 'frontend-token' } as const

/** Whose share what a caller reports counts toward: the token or user, by kind and id. */
const callerKey = (principal: Principal): string => `${principal.kind}:${principal.actor.id}:${principal.actor.name}`

const presenceOf = (caller: string, body: ClientMetricsBody | ClientRegistrationBody, environment: string, started?: number): Presence => ({
  caller,
  appName: body.appName,
  environment,
  ...(body.instanceId !== undefined ? { instanceId: body.instanceId } : {}),
  ...(body.sdkVersion !== undefined ? { sdkVersion: body.sdkVersion } : {}),
  ...('strategies' in body && body.strategies !== undefined ? { strategies: body.strategies } : {}),
  ...(started !== undefined ? { started } : {}),
})

/**
 * `POST /api/<client|frontend>/client/metrics`: the counts of one interval, read against the
 * flags the caller's token sees in its environment (else the body's, else `development`).
 * It changes no stored row: the usage it answers is counted by the metrics module.
 */
export const reportMetricsOp = (api: SdkApi) =>
  read({
    params: NoParams,
    requirement: 'NONE',
    admits: admission[api],
    body: ClientMetricsBody,
    keepsBody: false,
    run: (state, { body, principal, tokenScope = UNSCOPED, ctx }) => {
      const environment = sdkEnvironment(tokenScope, body.environment)
      const tallies = readReport(state, body, tokenScope.projects ? { environment, projects: tokenScope.projects } : { environment }, Date.parse(ctx.now))
      if (E.isLeft(tallies)) return tallies
      return E.right<never, Usage>({ presence: [presenceOf(callerKey(principal), body, environment)], tallies: tallies.right })
    },
  })

/** `POST /api/<client|frontend>/client/register`: an SDK instance starting. */
export const registerClientOp = (api: SdkApi) =>
  read({
    params: NoParams,
    requirement: 'NONE',
    admits: admission[api],
    body: ClientRegistrationBody,
    keepsBody: false,
    run: (_state, { body, principal, tokenScope = UNSCOPED }) =>
      E.right<never, Usage>({ presence: [presenceOf(callerKey(principal), body, sdkEnvironment(tokenScope, body.environment), millisOf(body.started))], tallies: [] }),
  })

/** `POST /api/client/metrics/bulk`: Edge's applications and counts, all or nothing; a token bound to an environment reports on that one only. */
export const bulkMetricsOp = read({
  params: NoParams,
  requirement: 'NONE',
  admits: 'client-token',
  body: BulkMetricsBody,
  keepsBody: false,
  run: (state, { body, principal, tokenScope = UNSCOPED, ctx }) => {
    const bound = tokenScope.environment !== undefined
    const scope = { environment: sdkEnvironment(tokenScope, undefined), bound, ...(tokenScope.projects ? { projects: tokenScope.projects } : {}) }
    const tallies = readBulk(state, body, scope, Date.parse(ctx.now))
    if (E.isLeft(tallies)) return tallies
    const caller = callerKey(principal)
    const presence = body.applications
      .filter((a) => !bound || a.environment === scope.environment)
      .map(
        (a): Presence => ({
          caller,
          appName: a.appName,
          instanceId: a.instanceId,
          environment: a.environment,
          ...(a.sdkVersion !== undefined ? { sdkVersion: a.sdkVersion } : {}),
          ...(a.strategies !== undefined ? { strategies: a.strategies } : {}),
          ...(a.started !== undefined ? { started: millisOf(a.started) } : {}),
        }),
      )
    return E.right<never, Usage>({ presence, tallies: tallies.right })
  },
})

/** Writes when flags were last seen in use: the instance's own upkeep (`system`), never a request. */
export const markLastSeenOp = (sightings: readonly Sighting[]) =>
  write({
    params: NoParams,
    requirement: 'NONE',
    admits: 'system',
    run: (draft, { ctx }) => (markSeen(draft, sightings, ctx.now), E.right(() => undefined)),
  })
