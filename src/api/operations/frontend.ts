import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { decodeAt } from '../../domain/decode.js'
import { type NotFoundError, notFound, type ValidationError } from '../../domain/errors.js'
import { frontendContext } from '../../domain/frontend/context.js'
import { frontendToggle, frontendToggles } from '../../domain/frontend/toggles.js'
import type { Context } from '../../evaluation/index.js'
import { plainFields } from '../../model/codec.js'
import { FrontendContext, FrontendFeaturesBody, type FrontendToggle, type FrontendToggles } from '../../model/frontend.js'
import { NoParams } from '../../model/params.js'
import type { Query } from '../../model/query.js'
import { sdkEnvironment, type TokenScope, UNSCOPED } from '../admission.js'
import type { LiveEvaluator } from '../client-evaluator.js'
import { read } from '../operation.js'

/** The facade's shared evaluator of an environment. */
export type EvaluatorOf = (environment: string) => LiveEvaluator

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

/**
 * The context of a call, from its query (GET) or its body's `context` (POST). As in Unleash,
 * the token's environment picks the flags but the context's `environment` is the SDK's: the
 * request's, else `default`.
 */
const contextOf = (fields: FrontendContext | undefined, raw: unknown): Context => ({ environment: 'default', ...frontendContext(fields ?? {}, raw) })

const fromQuery = (query: Query): E.Either<ValidationError, Context> => {
  const raw = contextObject(query)
  const decoded = decodeAt(FrontendContext, '/query', raw)
  return E.isLeft(decoded) ? decoded : E.right(contextOf(decoded.right, raw))
}

/** The environment the caller reads: its token's, else the one the request names, else `development`. */
const environmentOf = (scope: TokenScope, named: unknown): string => sdkEnvironment(scope, typeof named === 'string' ? named : undefined)

/** `GET /api/frontend`: the flags on for the context in the query, for a frontend token (or an admin caller). */
export const frontendFeaturesOp = (evaluator: EvaluatorOf) =>
  read({
    params: NoParams,
    requirement: 'NONE',
    admits: 'frontend-token',
    run: (state, { query, tokenScope = UNSCOPED }): E.Either<ValidationError, FrontendToggles> => {
      const context = fromQuery(query)
      if (E.isLeft(context)) return context
      return E.right({ toggles: frontendToggles(state, evaluator(environmentOf(tokenScope, query['environment'])), context.right, tokenScope.projects) })
    },
  })

/** `POST /api/frontend`: the flags on for the body's `context`. */
export const frontendEvaluateOp = (evaluator: EvaluatorOf) =>
  read({
    params: NoParams,
    requirement: 'NONE',
    admits: 'frontend-token',
    body: FrontendFeaturesBody,
    keepsBody: false,
    run: (state, { body, sentBody, query, tokenScope = UNSCOPED }): E.Either<never, FrontendToggles> => {
      const context = contextOf(body.context, (sentBody as { context?: unknown } | undefined)?.context)
      const environment = environmentOf(tokenScope, body.context?.environment ?? query['environment'])
      return E.right({ toggles: frontendToggles(state, evaluator(environment), context, tokenScope.projects) })
    },
  })

/** `GET /api/frontend/features/:featureName`: one flag, 404 unless it is on for the context in the query. */
export const frontendFeatureOp = (evaluator: EvaluatorOf) =>
  read({
    params: FeatureNameParams,
    requirement: 'NONE',
    admits: 'frontend-token',
    run: (state, { params, query, tokenScope = UNSCOPED }): E.Either<ValidationError | NotFoundError, FrontendToggle> => {
      const context = fromQuery(query)
      if (E.isLeft(context)) return context
      const name = params.featureName
      const toggle = frontendToggle(state, evaluator(environmentOf(tokenScope, query['environment'])), name, context.right, tokenScope.projects)
      return toggle === undefined ? E.left(notFound(`Could not find feature ${name}, or it is not enabled for this context.`)) : E.right(toggle)
    },
  })
