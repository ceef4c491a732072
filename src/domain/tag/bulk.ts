import * as E from 'fp-ts/lib/Either.js'
import type { FeatureState } from '../../model/state.js'
import type { BulkTagsBody } from '../../model/tag.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, joinedMessages, notFound, type NotFoundError } from '../errors.js'
import { featureInProject } from '../feature/lookup.js'
import { retagFeature, tagOf } from './feature-tags.js'
import { ensureTag } from './tags.js'
import { tagTypeMissing } from './errors.js'
import type { Editable, Tx } from '../../store/tx.js'

/**
 * Operation 8. Every feature must be in the project and every tag type must exist, else 404
 * naming each one and nothing changes. Then each feature gets the added tags (created when
 * missing) and loses the removed ones; events only for what really changed.
 */
export const bulkTagFeatures = (draft: Tx, projectId: string, body: BulkTagsBody, ctx: Ctx): E.Either<NotFoundError, void> => {
  if (!draft.projects.get(projectId)) return E.left(notFound(`Could not find project with id "${projectId}".`))
  const problems: ErrorDetail[] = []
  // A name sent twice is the same draft: a set keeps one, where a list's `includes` would make
  // a request of n names cost n² comparisons (a large body holds tens of thousands of names).
  const features = new Set<Editable<FeatureState>>()
  const names = new Set<string>()
  body.features.forEach((name, i) => {
    // Reported once, at its first index, as it is tagged once.
    if (names.has(name)) return
    names.add(name)
    const found = featureInProject(draft, projectId, name)
    if (E.isLeft(found)) problems.push({ path: `/body/features/${i}`, message: found.left.message })
    else features.add(found.right)
  })
  const added = body.tags.addedTags.map(tagOf)
  const removed = body.tags.removedTags.map(tagOf)
  for (const [list, tags] of [['addedTags', added], ['removedTags', removed]] as const) {
    tags.forEach((tag, i) => {
      if (!draft.tagTypes.has(tag.type)) {
        problems.push({ path: `/body/tags/${list}/${i}/type`, message: tagTypeMissing(tag.type).message })
      }
    })
  }
  if (problems.length > 0) {
    return E.left({ _tag: 'NotFoundError', message: joinedMessages(problems), details: problems })
  }
  for (const tag of added) ensureTag(draft, tag, ctx)
  for (const feature of features) retagFeature(draft, feature, added, removed, ctx)
  return E.right(undefined)
}
