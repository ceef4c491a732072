import * as E from 'fp-ts/lib/Either.js'
import { notAUser } from '../../domain/errors.js'
import { setFavoriteFeature, setFavoriteProject } from '../../domain/user/favorites.js'
import { FeatureParams, ProjectParams } from '../../model/params.js'
import { callerUserId } from '../caller.js'
import { write } from '../operation.js'

/**
 * Unleash: POST (favorite) and DELETE (not) /api/admin/projects/:projectId/features/:featureName/favorites.
 * Any user may mark any feature they can read; a caller that is not a user is refused (Unleash answers 500).
 */
export const setFavoriteFeatureOp = (favorite: boolean) =>
  write<FeatureParams, undefined, void>({
    params: FeatureParams,
    requirement: 'NONE',
    scope: (p) => ({ project: p.projectId }),
    run: (draft, env) => {
      const userId = callerUserId(env)
      if (userId === undefined) return E.left(notAUser('Favorites'))
      return E.map(() => () => undefined)(setFavoriteFeature(draft, env.params, userId, favorite, env.ctx))
    },
  })

/** Unleash: POST (favorite) and DELETE (not) /api/admin/projects/:projectId/favorites. */
export const setFavoriteProjectOp = (favorite: boolean) =>
  write<ProjectParams, undefined, void>({
    params: ProjectParams,
    requirement: 'NONE',
    scope: (p) => ({ project: p.projectId }),
    run: (draft, env) => {
      const userId = callerUserId(env)
      if (userId === undefined) return E.left(notAUser('Favorites'))
      return E.map(() => () => undefined)(setFavoriteProject(draft, env.params.projectId, userId, favorite, env.ctx))
    },
  })
