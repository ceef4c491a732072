import { bind, type Run } from '../methods.js'
import * as fav from '../operations/favorites.js'
import * as p from '../operations/projects.js'

/** Projects: create (operation 5), read, the environments connected to them, the caller's favourites. */
export const projectMethods = (run: Run) => {
  const m = bind(run)
  return {
    create: m(p.createProjectOp),
    get: m(p.getProjectOp),
    list: m(p.listProjectsOp),
    connectEnvironment: m(p.connectEnvironmentOp),
    disconnectEnvironment: m(p.disconnectEnvironmentOp),
    setDefaultStrategy: m(p.setDefaultStrategyOp),
    favorite: m(fav.setFavoriteProjectOp(true)),
    unfavorite: m(fav.setFavoriteProjectOp(false)),
  }
}
