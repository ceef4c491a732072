import * as E from 'fp-ts/lib/Either.js'
import type { ClientFilter } from '../../domain/client-projection.js'
import { NoParams } from '../../model/params.js'
import type { Query } from '../../model/query.js'
import { sdkEnvironment, type TokenScope, UNSCOPED } from '../admission.js'
import type { ClientCache, ClientSnapshot } from '../client-cache.js'
import { read } from '../operation.js'

const listed = (value: string | undefined): string[] | undefined => {
  const items = value?.split(',').map((p) => p.trim()).filter((p) => p !== '')
  return items === undefined || items.length === 0 ? undefined : items
}

/** The caller's environment and flags: its token's scope wins over the query (`sdkEnvironment`). */
const scopeOf = (scope: TokenScope, query: Query): { environment: string; filter: ClientFilter } => {
  const projects = scope.projects ?? listed(query['project'])
  const namePrefix = query['namePrefix']
  // `type:value`, comma-separated (Unleash's SDKs send `tag=simple:a`); one without a colon matches no tag.
  const tags = listed(query['tag'])?.map((tag): [string, string] => {
    const colon = tag.indexOf(':')
    return colon < 0 ? [tag, '\u0000'] : [tag.slice(0, colon), tag.slice(colon + 1)]
  })
  return {
    environment: sdkEnvironment(scope, query['environment']),
    filter: { ...(projects ? { projects } : {}), ...(namePrefix ? { namePrefix } : {}), ...(tags ? { tags } : {}) },
  }
}

/**
 * The scope of a client API call: the caller's environment and filter, which the streaming and
 * delta APIs serve from, admitted as `GET /api/client/features` admits callers.
 */
export const clientScopeOp = (inlineSegments: boolean) =>
  read({
    params: NoParams,
    requirement: 'NONE',
    admits: 'client-token',
    run: (_state, { tokenScope, query }): E.Either<never, { environment: string; filter: ClientFilter }> => {
      const { environment, filter } = scopeOf(tokenScope ?? UNSCOPED, query)
      return E.right({ environment, filter: { ...filter, inlineSegmentConstraints: inlineSegments } })
    },
  })

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
    admits: 'client-token',
    run: (state, { tokenScope, query }): E.Either<never, ClientSnapshot> => {
      const { environment, filter } = scopeOf(tokenScope ?? UNSCOPED, query)
      return E.right(cache.snapshot(state, environment, { ...filter, inlineSegmentConstraints: inlineSegments }))
    },
  })
