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
  return {
    environment: sdkEnvironment(scope, query['environment']),
    filter: { ...(projects ? { projects } : {}), ...(namePrefix ? { namePrefix } : {}) },
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
    admits: 'client-token',
    run: (state, { tokenScope, query }): E.Either<never, ClientSnapshot> => {
      const { environment, filter } = scopeOf(tokenScope ?? UNSCOPED, query)
      return E.right(cache.snapshot(state, environment, { ...filter, inlineSegmentConstraints: inlineSegments }))
    },
  })
