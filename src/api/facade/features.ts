import { bind, type Run } from '../methods.js'
import * as fav from '../operations/favorites.js'
import * as links from '../operations/features-links.js'
import * as f from '../operations/features.js'
import * as lc from '../operations/features-lifecycle.js'

/** Feature flags: create, read, update (operation 4) and patch, archive, environments, variants, dependencies, lifecycle, links, the caller's favourites. */
export const featureMethods = (run: Run) => {
  const m = bind(run)
  return {
    create: m(f.createFeatureOp),
    clone: m(f.cloneFeatureOp),
    validateName: m(f.validateFeatureNameOp),
    get: m(f.getFeatureOp),
    listInProject: m(f.listProjectFeaturesOp),
    update: m(f.updateFeatureOp),
    patch: m(f.patchFeatureOp),
    archive: m(f.archiveFeatureOp),
    revive: m(f.reviveFeatureOp),
    deleteArchived: m(f.deleteArchivedFeatureOp),
    getEnvironment: m(f.getFeatureEnvironmentOp),
    enableEnvironment: m(f.setEnvironmentEnabledOp(true)),
    disableEnvironment: m(f.setEnvironmentEnabledOp(false)),
    enableEnvironmentOfMany: m(f.setEnvironmentEnabledOfManyOp(true)),
    disableEnvironmentOfMany: m(f.setEnvironmentEnabledOfManyOp(false)),
    setStaleOfMany: m(f.setStaleOfManyOp),
    archiveImpact: m(f.archiveImpactOp),
    archiveMany: m(f.archiveManyOp),
    reviveMany: m(f.reviveManyOp),
    deleteMany: m(f.deleteManyOp),
    setVariants: m(f.setVariantsOp),
    getEnvironmentVariants: m(f.getEnvironmentVariantsOp),
    setEnvironmentVariants: m(f.setEnvironmentVariantsOp),
    patchEnvironmentVariants: m(f.patchEnvironmentVariantsOp),
    addDependency: m(f.addDependencyOp),
    removeDependency: m(f.removeDependencyOp),
    possibleParents: m(f.possibleParentsOp),
    parentVariants: m(f.parentVariantsOp),
    anyDependencies: m(f.anyDependenciesOp),
    lifecycle: m(lc.featureLifecycleOp),
    complete: m(lc.completeFeatureOp),
    uncomplete: m(lc.uncompleteFeatureOp),
    addLink: m(links.addLinkOp),
    updateLink: m(links.updateLinkOp),
    deleteLink: m(links.deleteLinkOp),
    favorite: m(fav.setFavoriteFeatureOp(true)),
    unfavorite: m(fav.setFavoriteFeatureOp(false)),
  }
}
