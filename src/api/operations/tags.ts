import * as E from 'fp-ts/lib/Either.js'
import type { NotFoundError } from '../../domain/errors.js'
import { bulkTagFeatures } from '../../domain/tag/bulk.js'
import { addFeatureTag, featureTags, removeFeatureTag, tagListOf, updateFeatureTags } from '../../domain/tag/feature-tags.js'
import { createTagType, deleteTagType, findTagType, listTagTypes, updateTagType, validateTagType } from '../../domain/tag/tag-types.js'
import { createTag, deleteTag, findTag, listTags, storedTag } from '../../domain/tag/tags.js'
import type { State } from '../../model/state.js'
import {
  BulkTagsBody,
  CreateTagBody,
  FeatureTagBody,
  CreateTagTypeBody,
  type Tag,
  type TagTypeRecord,
  UpdateTagTypeBody,
  type TagWithVersion,
  UpdateFeatureTagsBody,
} from '../../model/tag.js'
import { read, write } from '../operation.js'
import { FeatureNameParams, FeatureTagParams, NameParams, NoParams, ProjectParams, TagParams, TagTypeParams } from '../../model/params.js'

const done = () => () => undefined

/**
 * Operation 9: `{ version: 1, tag }`, or 404 `No tag with type: [t] and value [v]`. The answer
 * holds the stored row itself, so the HTTP route keeps its JSON while the row is the same
 * (src/api/answer-cache.ts); a caller in process gets a copy.
 */
export const getTagOp = read({
  params: TagParams,
  requirement: 'NONE',
  run: (state, { params }): E.Either<NotFoundError, TagWithVersion> => {
    const row = storedTag(state, params.type, params.value)
    if (row !== undefined) return E.right({ version: 1, tag: row })
    return E.map((tag: Tag) => ({ version: 1, tag }))(findTag(state, params.type, params.value))
  },
  callerCopy: ({ version, tag }) => ({ version, tag: { type: tag.type, value: tag.value } }),
})

export const listTagsOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right({ version: 1, tags: listTags(state) }),
})

export const listTagsOfTypeOp = read({
  params: TagTypeParams,
  requirement: 'NONE',
  run: (state, { params }) => E.right({ version: 1, tags: listTags(state, params.type) }),
})

/** Unleash asks UPDATE_FEATURE to create or delete a tag. */
export const createTagOp = write({
  params: NoParams,
  requirement: 'UPDATE_FEATURE',
  body: CreateTagBody,
  run: (draft, { body, ctx }) => E.map((tag: Tag) => () => tag)(createTag(draft, body, ctx)),
})

export const deleteTagOp = write({
  params: TagParams,
  requirement: 'UPDATE_FEATURE',
  run: (draft, { params, ctx }) => E.map(done)(deleteTag(draft, params.type, params.value, ctx)),
})

export const listTagTypesOp = read({
  params: NoParams,
  requirement: 'NONE',
  run: (state) => E.right({ version: 1, tagTypes: listTagTypes(state) }),
})

export const getTagTypeOp = read({
  params: NameParams,
  requirement: 'NONE',
  run: (state, { params }) => E.map((tagType: TagTypeRecord) => ({ version: 1, tagType }))(findTagType(state, params.name)),
})

export const createTagTypeOp = write({
  params: NoParams,
  requirement: 'CREATE_TAG_TYPE',
  body: CreateTagTypeBody,
  run: (draft, { body, ctx }) =>
    E.map((name: string) => (next: State) => (findTagType(next, name) as E.Right<TagTypeRecord>).right)(createTagType(draft, body, ctx)),
})

/** A tag type's name checked before it is created: `{ valid: true, tagType }`, or a 409 or 400. */
export const validateTagTypeOp = read({
  params: NoParams,
  requirement: 'NONE',
  body: CreateTagTypeBody,
  run: (state, { body }) => validateTagType(state, body),
})

export const updateTagTypeOp = write({
  params: NameParams,
  requirement: 'UPDATE_TAG_TYPE',
  body: UpdateTagTypeBody,
  run: (draft, { params, body, ctx }) => E.map(done)(updateTagType(draft, params.name, body, ctx)),
})

export const deleteTagTypeOp = write({
  params: NameParams,
  requirement: 'DELETE_TAG_TYPE',
  run: (draft, { params, ctx }) => E.map(done)(deleteTagType(draft, params.name, ctx)),
})

export const listFeatureTagsOp = read({
  params: FeatureNameParams,
  requirement: 'NONE',
  run: (state, { params }) => featureTags(state, params.featureName),
})

/** One tag on one feature: its `type` is required here, as in Unleash (bulk tagging defaults it to `simple`). */
export const addFeatureTagOp = write({
  params: FeatureNameParams,
  requirement: 'UPDATE_FEATURE',
  body: FeatureTagBody,
  // A copy: the tag given to the domain is the very object now stored in the feature's tags.
  run: (draft, { params, body, ctx }) => E.map((tag: Tag) => () => ({ type: tag.type, value: tag.value }))(addFeatureTag(draft, params.featureName, body, ctx)),
})

/** Tags added to and removed from one feature; answers its tags as `listFeatureTags` does, as Unleash answers. */
export const updateFeatureTagsOp = write({
  params: FeatureNameParams,
  requirement: 'UPDATE_FEATURE',
  body: UpdateFeatureTagsBody,
  run: (draft, { params, body, ctx }) =>
    E.map(() => (next: State) => tagListOf(next, next.features.get(params.featureName)!))(updateFeatureTags(draft, params.featureName, body, ctx)),
})

export const removeFeatureTagOp = write({
  params: FeatureTagParams,
  requirement: 'UPDATE_FEATURE',
  run: (draft, { params, ctx }) => E.map(done)(removeFeatureTag(draft, params.featureName, { type: params.type, value: params.value }, ctx)),
})

/** Operation 8: 200 with no body. */
export const bulkTagFeaturesOp = write({
  params: ProjectParams,
  requirement: 'UPDATE_FEATURE',
  scope: (p) => ({ project: p.projectId }),
  body: BulkTagsBody,
  run: (draft, { params, body, ctx }) => E.map(done)(bulkTagFeatures(draft, params.projectId, body, ctx)),
})
