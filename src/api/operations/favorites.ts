import * as E from 'fp-ts/lib/Either.js'
import { type DomainError, type NoAccessError, notAUser } from '../../domain/errors.js'
import { setFavoriteFeature, setFavoriteProject } from '../../domain/user/favorites.js'
import { FeatureParams, ProjectParams } from '../../model/params.js'
import type { Principal } from '../../ports/auth.js'
import { callerUserId } from '../caller.js'
import { write } from '../operation.js'

/** What a user does with their own favourites; a caller that is not a user is refused (Unleash answers 500). */
const asUser = (env: { principal: Principal }, act: (userId: number) => E.Either<DomainError, void>): E.Either<NoAccessError | DomainError, () => undefined> => {
  const userId = callerUserId(env)
  const done: E.Either<NoAccessError | DomainError, void> = userId === undefined ? E.left(notAUser('Favorites')) : act(userId)
  return E.map(() => () => undefined)(done)
}

/**
 * Unleash: POST (favorite) and DELETE (not) /api/admin/projects/:projectId/features/:featureName/favorites.
 * Any user may mark any feature they can read; a caller that is not a user is refused (Unleash answers 500).
 */
export const setFavoriteFeatureOp = (favorite: boolean) =>
  write({
    params: FeatureParams,
    requirement: 'NONE',
    scope: (p) => ({ project: p.projectId }),
    run: (draft, env) => asUser(env, (userId) => setFavoriteFeature(draft, env.params, userId, favorite, env.ctx)),
  })

/** Unleash: POST (favorite) and DELETE (not) /api/admin/projects/:projectId/favorites. */
export const setFavoriteProjectOp = (favorite: boolean) =>
  write({
    params: ProjectParams,
    requirement: 'NONE',
    scope: (p) => ({ project: p.projectId }),
    run: (draft, env) => asUser(env, (userId) => setFavoriteProject(draft, env.params.projectId, userId, favorite, env.ctx)),
  })
