import * as E from 'fp-ts/lib/Either.js'
import type { ClientFilter } from '../../domain/client-projection.js'
import { NoParams } from '../../model/params.js'
import type { Query } from '../../model/query.js'
import type { Principal } from '../../ports/auth.js'
import type { ClientCache, ClientSnapshot } from '../client-cache.js'
import { read } from '../operation.js'

/** The environment of a caller whose token does not fix one and whose query names none. */
export const DEFAULT_CLIENT_ENVIRONMENT = 'development'

const listed = (value: string | undefined): string[] | undefined => {
  const items = value?.split(',').map((p) => p.trim()).filter((p) => p !== '')
  return items === undefined || items.length === 0 ? undefined : items
}

/** A client token's environment and projects win over the query, as in Unleash. */
const scopeOf = (who: Principal, query: Query): { environment: string; filter: ClientFilter } => {
  const scoped = who.kind === 'client-token'
  const tokenProjects = scoped && who.projects !== undefined && !who.projects.includes('*') ? who.projects : undefined
  const tokenEnvironment = scoped && who.environment !== undefined && who.environment !== '*' ? who.environment : undefined
  const projects = tokenProjects ?? listed(query['project'])
  const namePrefix = query['namePrefix']
  // `type:value`, comma-separated (Unleash's SDKs send `tag=simple:a`); one without a colon matches no tag.
  const tags = listed(query['tag'])?.map((tag): [string, string] => {
    const colon = tag.indexOf(':')
    return colon < 0 ? [tag, '\u0000'] : [tag.slice(0, colon), tag.slice(colon + 1)]
  })
  return {
    environment: tokenEnvironment ?? (query['environment'] || DEFAULT_CLIENT_ENVIRONMENT),
    filter: { ...(projects ? { projects } : {}), ...(namePrefix ? { namePrefix } : {}), ...(tags ? { tags } : {}) },
  }
}

/**
 * `GET /api/client/features`: the client payload of the caller's environment, with its ETag,
 * from the facade's `cache`. Client tokens are admitted as well as admin tokens and users.
 * `inlineSegments`: for SDKs older than client spec 4.2.0, which get each segment's
 * constraints copied into the strategies that use it.
 */
export const clientFeaturesOp = (cache: ClientCache, inlineSegments: boolean) =>
  read({
    params: NoParams,
    requirement: 'NONE',
    admits: 'client-tokens',
    run: (state, { principal, query }): E.Either<never, ClientSnapshot> => {
      const { environment, filter } = scopeOf(principal, query)
      return E.right(cache.snapshot(state, environment, { ...filter, inlineSegmentConstraints: inlineSegments }))
    },
  })
