import * as E from 'fp-ts/lib/Either.js'
import { storageError, wrongTokenType } from '../domain/errors.js'
import type { ReportScope } from '../domain/metrics/report.js'
import type { State } from '../model/state.js'
import type { AuthPort, Principal } from '../ports/auth.js'
import type { StoragePort } from '../ports/storage.js'
import { sdkEnvironment, tokenScopeOf } from './admission.js'
import type { ApiRequest, CallError } from './operation.js'
import { notStrings, readRequest, stateOf } from './runner.js'

/** Which of Unleash's SDK APIs is called: each refuses the other's token type. */
export type SdkApi = 'client' | 'frontend'

/** An SDK caller, admitted: the state it was admitted on, who it is and what it may report on. */
export interface SdkCaller {
  readonly state: State
  readonly principal: Principal
  readonly scope: ReportScope & {
    /** Whether the token fixes the environment, so a body's or query's own is ignored. */
    readonly bound: boolean
  }
}

/**
 * Admits a call to the client or frontend API as `GET /api/client/features` does: any
 * authenticated caller but the other API's token type (403, Unleash's words). A client or
 * frontend token's environment and projects win over what the request names; other callers
 * (admin tokens, users, open auth) name their environment, else `development`. The HTTP
 * layer's refusals of the body (415, 413, 400) come after that, as on the admin API.
 */
export const admitSdkCaller = async (
  storage: StoragePort,
  auth: AuthPort,
  api: SdkApi,
  given: object | undefined,
  named: (request: ApiRequest<unknown>) => string | undefined = () => undefined,
): Promise<E.Either<CallError, SdkCaller & { readonly request: ApiRequest<unknown> }>> => {
  const read = readRequest(given as ApiRequest<unknown> | undefined)
  if (E.isLeft(read)) return read
  const request = read.right
  const unfit = notStrings(request, ['authorization'])
  if (unfit) return E.left(unfit)
  const synced = await storage.sync()
  if (E.isLeft(synced)) return E.left(storageError(synced.left.message))
  const state = stateOf(storage)
  const who = auth.authenticate(request.authorization, state)
  if (E.isLeft(who)) return who
  const principal = who.right
  const own = api === 'client' ? 'client-token' : 'frontend-token'
  const other = api === 'client' ? 'frontend-token' : 'client-token'
  if (principal.kind === other) return E.left(wrongTokenType())
  // Only the HTTP handler sets `reject` (a 415, 413 or malformed JSON); a call in process cannot.
  if (request.reject) return E.left(request.reject as CallError)
  const { projects, environment: tokenEnvironment } = tokenScopeOf(principal, own)
  const environment = sdkEnvironment({ environment: tokenEnvironment }, named(request))
  return E.right({ state, principal, request, scope: { environment, bound: tokenEnvironment !== undefined, ...(projects ? { projects } : {}) } })
}
