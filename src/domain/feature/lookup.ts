import * as E from 'fp-ts/lib/Either.js'
import { lookup } from '../../model/dict.js'
import type { FeatureEnvironmentState, FeatureState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type NotFoundError, notFound } from '../errors.js'
import { type Editable, type ReadState, type Tx, readRow } from '../../store/tx.js'

/** The feature named in the path, if it is in that project (archived ones included). */
export const featureInProject = <S extends ReadState>(
  state: S,
  projectId: string,
  featureName: string,
): E.Either<NotFoundError, S extends Tx ? Editable<FeatureState> : FeatureState> => {
  const feature = state.features.get(featureName)
  if (feature && feature.project === projectId) return E.right(feature as never)
  // Unleash's words exactly: the sentence ends with a full stop only when nothing is added to it.
  const elsewhere = feature ? `, but there's a feature with that name in project "${feature.project}"` : '.'
  return E.left(notFound(`There's no feature named "${featureName}" in project "${projectId}"${elsewhere}`))
}

/** The feature's settings in an environment enabled for its project. */
export const featureEnvironment = <S extends ReadState>(
  state: S,
  projectId: string,
  featureName: string,
  environment: string,
): E.Either<NotFoundError, S extends Tx ? Editable<FeatureEnvironmentState> : FeatureEnvironmentState> => {
  const missing = notFound(`Feature ${featureName} does not have environment ${environment}`)
  const feature = state.features.get(featureName)
  if (!feature || feature.project !== projectId) return E.left(missing)
  const env = lookup(feature.environments, environment)
  return env ? E.right(env as never) : E.left(missing)
}

/** The actor becomes the most recent collaborator of a feature. */
export const touch = (feature: Editable<FeatureState>, ctx: Ctx): void => {
  // Read, not drafted: a draft of the list would cost more than the change, which replaces it.
  const collaborators = readRow(feature).collaborators
  if (collaborators[0] === ctx.actor.id) return
  feature.collaborators = [ctx.actor.id, ...collaborators.filter((id) => id !== ctx.actor.id)]
}

export const sortStrategies = <T extends { sortOrder: number; id: string }>(strategies: T[]): T[] =>
  strategies.sort((a, b) => a.sortOrder - b.sortOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
