import * as E from 'fp-ts/lib/Either.js'
import type { UserState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { notFound, type NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import { featureInProject } from '../feature/lookup.js'
import { projectById } from '../project/lookup.js'
import { type Editable, type ReadState, type Tx, readRow } from '../../store/tx.js'

/*
 * Favourites (Unleash: POST and DELETE .../features/:f/favorites and .../projects/:p/favorites)
 * belong to a user and are kept on the user's row, not the feature's: marking one then changes
 * no feature, so SDKs are not sent a feature that did not change.
 */

const NONE: readonly string[] = Object.freeze([])

type Field = 'favoriteFeatures' | 'favoriteProjects'

/** What a user marked in one of their lists; none for a caller that is not a user (`undefined`). */
const marksOf = (field: Field) => (state: ReadState, userId: number | undefined): readonly string[] =>
  (userId === undefined ? undefined : state.users.get(String(userId))?.[field]) ?? NONE

/** The features a user marked. */
export const favoriteFeaturesOf = marksOf('favoriteFeatures')

/** The projects a user marked. */
export const favoriteProjectsOf = marksOf('favoriteProjects')

/** Adds or removes `name` from one of the user's lists; whether that changed anything. */
const mark = (draft: Tx, userId: number, field: Field, name: string, favorite: boolean): E.Either<NotFoundError, boolean> => {
  const user = draft.users.get(String(userId))
  // The caller's token was just accepted, so its user exists; a host's own auth port may say otherwise.
  if (user === undefined) return E.left(notFound(`Could not find user with id ${userId}`))
  const held = readRow(user)[field] ?? NONE
  if (held.includes(name) === favorite) return E.right(false)
  user[field] = favorite ? [...held, name] : held.filter((n) => n !== name)
  return E.right(true)
}

/** Marks a feature of the project as a favourite of the user, or unmarks it; the same mark again changes and records nothing. */
export const setFavoriteFeature = (
  draft: Tx,
  path: { readonly projectId: string; readonly featureName: string },
  userId: number,
  favorite: boolean,
  ctx: Ctx,
): E.Either<NotFoundError, void> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  const changed = mark(draft, userId, 'favoriteFeatures', path.featureName, favorite)
  if (E.isLeft(changed)) return changed
  // Unleash's events name the feature and no project.
  if (changed.right) recordEvent(draft, ctx, { type: favorite ? 'feature-favorited' : 'feature-unfavorited', featureName: path.featureName, data: { feature: path.featureName } })
  return E.right(undefined)
}

/** Marks a project as a favourite of the user, or unmarks it. */
export const setFavoriteProject = (draft: Tx, projectId: string, userId: number, favorite: boolean, ctx: Ctx): E.Either<NotFoundError, void> => {
  const project = projectById(draft, projectId)
  if (E.isLeft(project)) return project
  const changed = mark(draft, userId, 'favoriteProjects', projectId, favorite)
  if (E.isLeft(changed)) return changed
  if (changed.right) recordEvent(draft, ctx, { type: favorite ? 'project-favorited' : 'project-unfavorited', project: projectId, data: { project: projectId } })
  return E.right(undefined)
}

/** A feature deleted for good is no one's favourite any more (Unleash's rows go with it). */
export const forgetFavoriteFeature = (draft: Tx, featureName: string): void => {
  for (const user of draft.users.drafts((u) => u.favoriteFeatures?.includes(featureName) === true)) {
    const marked = user as Editable<UserState>
    marked.favoriteFeatures = marked.favoriteFeatures!.filter((n) => n !== featureName)
  }
}
