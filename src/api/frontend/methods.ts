import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { plainFields } from '../../model/codec.js'
import { NoParams } from '../../model/params.js'
import { decodeAt, decodeWith } from '../../domain/decode.js'
import { type NotFoundError, notFound, type ValidationError } from '../../domain/errors.js'
import { frontendContext } from '../../domain/frontend/context.js'
import { frontendToggle, frontendToggles } from '../../domain/frontend/toggles.js'
import type { Context } from '../../evaluation/index.js'
import { FrontendContext, FrontendFeaturesBody, type FrontendToggle, type FrontendToggles } from '../../model/frontend.js'
import type { Query } from '../../model/query.js'
import type { AuthPort } from '../../ports/auth.js'
import type { StoragePort } from '../../ports/storage.js'
import type { LiveEvaluator } from '../client-evaluator.js'
import type { Method } from '../methods.js'
import type { ApiRequest, CallError } from '../operation.js'
import { readQuery } from '../runner.js'
import { admitSdkCaller, type SdkCaller } from '../sdk-caller.js'

export interface FrontendDeps {
  readonly storage: StoragePort
  readonly auth: AuthPort
  /** The facade's shared evaluator of an environment. */
  readonly evaluator: (environment: string) => LiveEvaluator
}

const FeatureNameParams = plainFields({ featureName: t.string })
type FeatureNameParams = t.TypeOf<typeof FeatureNameParams>

const PROPERTY = /^properties\[(.+)\]$/

/** A GET's query as the context object Unleash's query parser makes of it: `properties[x]=y` is `properties.x`. */
const contextObject = (query: Query): Record<string, unknown> => {
  // Prototype-free: a query names any key, `__proto__` too.
  const object: Record<string, unknown> = Object.create(null)
  const properties: Record<string, string> = Object.create(null)
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    const property = PROPERTY.exec(key)
    if (property) properties[property[1]!] = value
    else if (key !== 'properties') object[key] = value
  }
  if (Object.keys(properties).length > 0) object['properties'] = properties
  return object
}

/** The environment a request names, for callers that are not bound to one. */
const namedEnvironment = (request: ApiRequest<unknown>): string | undefined => {
  const body = request.body as { context?: { environment?: unknown } } | null | undefined
  const fromBody = body !== null && typeof body === 'object' ? body.context?.environment : undefined
  const fromQuery = request.query?.['environment']
  return typeof fromBody === 'string' ? fromBody : typeof fromQuery === 'string' ? fromQuery : undefined
}

/**
 * Unleash's frontend API: the flags on for a context, evaluated here with the same evaluator
 * as `api.evaluator`, for browser and mobile SDKs holding a frontend token.
 */
export const frontendMethods = ({ storage, auth, evaluator }: FrontendDeps) => {
  /** The caller and its context: the query's (GET) or the body's `context` (POST), in the caller's environment. */
  const admit = async (request: object | undefined, fromBody: boolean): Promise<E.Either<CallError, { caller: SdkCaller & { readonly request: ApiRequest<unknown> }; context: Context }>> => {
    const caller = await admitSdkCaller(storage, auth, 'frontend', request, namedEnvironment)
    if (E.isLeft(caller)) return caller
    let raw: unknown
    let decoded: E.Either<ValidationError, FrontendContext | undefined>
    if (fromBody) {
      const body = decodeWith(FrontendFeaturesBody)(caller.right.request.body)
      raw = (caller.right.request.body as { context?: unknown } | undefined)?.context
      decoded = E.map((b: FrontendFeaturesBody) => b.context)(body)
    } else {
      const query = readQuery(caller.right.request.query)
      if (E.isLeft(query)) return query
      raw = contextObject(query.right)
      decoded = decodeAt(FrontendContext, '/query', raw)
    }
    const context = E.map((fields: FrontendContext | undefined) => frontendContext(fields ?? {}, raw))(decoded)
    if (E.isLeft(context)) return context
    // As in Unleash, the token's environment picks the flags but the context's `environment`
    // is the SDK's: the request's, else `default`.
    return E.right({ caller: caller.right, context: { environment: 'default', ...context.right } })
  }

  const toggles = async (request: object | undefined, fromBody: boolean): Promise<E.Either<CallError, FrontendToggles>> => {
    const admitted = await admit(request, fromBody)
    if (E.isLeft(admitted)) return admitted
    const { caller, context } = admitted.right
    return E.right({ toggles: frontendToggles(caller.state, evaluator(caller.scope.environment), context, caller.scope.projects) })
  }

  return {
    /** `GET /api/frontend`: the context from the query. */
    features: ((request) => toggles(request, false)) satisfies Method<NoParams, undefined, FrontendToggles, CallError>,
    /** `POST /api/frontend`: the context from the body's `context`. */
    evaluate: ((request) => toggles(request, true)) satisfies Method<NoParams, FrontendFeaturesBody, FrontendToggles, CallError>,
    /** `GET /api/frontend/features/:featureName`: one flag, 404 unless it is on for the context. */
    feature: (async (request) => {
      const admitted = await admit(request, false)
      if (E.isLeft(admitted)) return admitted
      const { caller, context } = admitted.right
      const params = decodeAt(FeatureNameParams, '/params', caller.request.params ?? {})
      if (E.isLeft(params)) return params
      const name = params.right.featureName
      const toggle = frontendToggle(caller.state, evaluator(caller.scope.environment), name, context, caller.scope.projects)
      return toggle === undefined ? E.left(notFound(`Could not find feature ${name}, or it is not enabled for this context.`)) : E.right(toggle)
    }) satisfies Method<FeatureNameParams, undefined, FrontendToggle, CallError | NotFoundError>,
  }
}
