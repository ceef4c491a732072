import * as E from 'fp-ts/lib/Either.js'
import type { FeatureState } from '../../model/state.js'
import type { FeatureTagList, Tag, TagInput, UpdateFeatureTagsBody } from '../../model/tag.js'
import type { Ctx } from '../context.js'
import { type NotFoundError, notFound, validationError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { touch } from '../feature/lookup.js'
import { tagTypeMissing } from './errors.js'
import { sortedTags } from './order.js'
import { ensureTag, sameTag } from './tags.js'
import { type Editable, type ReadState, type Tx, readRow } from '../../store/tx.js'

/** A tag as requested: the type defaults to `simple`; a colour is the type's, not the tag's. */
export const tagOf = (input: TagInput): Tag => ({ type: input.type ?? 'simple', value: input.value })

export const uniqueTags = (tags: readonly Tag[]): Tag[] =>
  tags.filter((tag, i) => tags.findIndex((other) => sameTag(other, tag)) === i)

/** The feature named, or a 404 in the words Unleash's route uses (each route has its own). */
const featureNamed = <S extends ReadState>(state: S, name: string, missing: string): E.Either<NotFoundError, S extends Tx ? Editable<FeatureState> : FeatureState> => {
  const feature = state.features.get(name)
  return feature ? E.right(feature as never) : E.left(notFound(missing))
}

/**
 * Gives a feature the tags `added` and takes away `removed` (so a tag in both ends up
 * removed, as in Unleash). Missing tags are created; tags already present or already absent
 * are left alone, and only real changes record events. Tag types must have been checked.
 */
export const changeFeatureTags = (draft: Tx, feature: Editable<FeatureState>, added: readonly Tag[], removed: readonly Tag[], ctx: Ctx): void => {
  for (const tag of added) ensureTag(draft, tag, ctx)
  retagFeature(draft, feature, added, removed, ctx)
}

/** `changeFeatureTags` for tags already made sure of (`ensureTag`): bulk tagging does that once for all its features. */
export const retagFeature = (draft: Tx, feature: Editable<FeatureState>, added: readonly Tag[], removed: readonly Tag[], ctx: Ctx): void => {
  // Read, not drafted: the list is replaced, never changed in place.
  const before: Tag[] = readRow(feature).tags.map((t) => ({ type: t.type, value: t.value }))
  const kept = [...before, ...uniqueTags(added).filter((t) => !before.some((b) => sameTag(b, t)))]
  const after = kept.filter((t) => !removed.some((r) => sameTag(r, t)))
  const gained = after.filter((t) => !before.some((b) => sameTag(b, t)))
  const lost = before.filter((t) => !after.some((a) => sameTag(a, t)))
  if (gained.length === 0 && lost.length === 0) return
  feature.tags = after
  touch(feature, ctx)
  // Each event carries the feature's tags as they are now (`recordEvent`): the list just made, shared.
  const tags = after.length > 0 ? { tags: after } : undefined
  const { project, name: featureName } = feature
  for (const tag of gained) recordEvent(draft, ctx, { type: 'feature-tagged', project, featureName, data: tag, ...tags })
  for (const tag of lost) recordEvent(draft, ctx, { type: 'feature-untagged', project, featureName, preData: tag, ...tags })
}

/** A feature's tags (`sortedTags`), each with its type's colour. */
export const tagListOf = (state: ReadState, feature: FeatureState): FeatureTagList => ({
  version: 1,
  tags: sortedTags(feature.tags).map((t) => ({ value: t.value, type: t.type, color: state.tagTypes.get(t.type)?.color ?? null })),
})

/** The tags of the feature named, as `tagListOf` lists them. */
export const featureTags = (state: ReadState, featureName: string): E.Either<NotFoundError, FeatureTagList> =>
  E.map((feature: FeatureState) => tagListOf(state, feature))(featureNamed(state, featureName, `Could not find feature with name ${featureName}`))

/** Tags one feature; the tag is created when missing, and tagging twice changes nothing. */
export const addFeatureTag = (draft: Tx, featureName: string, input: TagInput, ctx: Ctx): E.Either<NotFoundError | ValidationError, Tag> => {
  const feature = featureNamed(draft, featureName, 'No feature flag found')
  if (E.isLeft(feature)) return feature
  const tag = tagOf(input)
  // A 400 here, as Unleash's tagging of one feature answers (bulk tagging's is a 404, see decisions.md).
  if (!draft.tagTypes.has(tag.type)) return E.left(validationError(tagTypeMissing(tag.type).message, '/body/type'))
  changeFeatureTags(draft, feature.right, [tag], [], ctx)
  return E.right(tag)
}

/**
 * Adds tags to one feature and removes others (a tag in both ends up removed), as Unleash's
 * `PUT /api/admin/features/:featureName/tags` does; every tag type must exist (a 400 at each
 * tag that names a missing one). One transaction, where Unleash keeps the tags added before
 * a refused one. Unleash's words for a missing feature depend on whether tags are added.
 */
export const updateFeatureTags = (draft: Tx, featureName: string, body: UpdateFeatureTagsBody, ctx: Ctx): E.Either<NotFoundError | ValidationError, void> => {
  const feature = featureNamed(draft, featureName, body.addedTags.length > 0 ? 'No feature flag found' : `Could not find feature with name ${featureName}`)
  if (E.isLeft(feature)) return feature
  const problems = body.addedTags.flatMap((tag, i) =>
    draft.tagTypes.has(tag.type) ? [] : [{ path: `/body/addedTags/${i}/type`, message: tagTypeMissing(tag.type).message }],
  )
  if (problems.length > 0) return E.left(validationError(problems))
  changeFeatureTags(draft, feature.right, body.addedTags.map(tagOf), body.removedTags.map(tagOf), ctx)
  return E.right(undefined)
}

/** Untags one feature; removing a tag it does not carry, or from a feature that does not exist, changes nothing (as in Unleash). */
export const removeFeatureTag = (draft: Tx, featureName: string, tag: Tag, ctx: Ctx): E.Either<never, void> => {
  const feature = draft.features.get(featureName)
  if (feature) changeFeatureTags(draft, feature, [], [tag], ctx)
  return E.right(undefined)
}
