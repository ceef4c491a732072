import * as E from 'fp-ts/lib/Either.js'
import { bulkTagFeatures } from '../../domain/tag/bulk.js'
import { addFeatureTag, featureTags, removeFeatureTag } from '../../domain/tag/feature-tags.js'
import { createTagType, findTagType, listTagTypes } from '../../domain/tag/tag-types.js'
import { createTag, deleteTag, findTag, listTags } from '../../domain/tag/tags.js'
import type { State } from '../../model/state.js'
import {
  BulkTagsBody,
  CreateTagBody,
  CreateTagTypeBody,
  type FeatureTagList,
  type Tag,
  TagInput,
  type TagList,
  type TagTypeList,
  type TagTypeRecord,
  type TagWithVersion,
} from '../../model/tag.js'
import { read, write } from '../operation.js'

export type NoParams = Record<string, never>
export interface TagParams {
  readonly type: string
  readonly value: string
}

const done = () => () => undefined

/** Operation 9: `{ version: 1, tag }`, or 404 `No tag with type: [t] and value [v]`. */
export const getTagOp = read<TagParams, undefined, TagWithVersion>({
  requirement: 'NONE',
  run: (state, { params }) => E.map((tag: Tag) => ({ version: 1, tag }))(findTag(state, params.type, params.value)),
})

export const listTagsOp = read<NoParams, undefined, TagList>({
  requirement: 'NONE',
  run: (state) => E.map((tags: Tag[]) => ({ version: 1, tags }))(listTags(state)),
})

export const listTagsOfTypeOp = read<{ type: string }, undefined, TagList>({
  requirement: 'NONE',
  run: (state, { params }) => E.map((tags: Tag[]) => ({ version: 1, tags }))(listTags(state, params.type)),
})

/** Unleash asks UPDATE_FEATURE to create or delete a tag. */
export const createTagOp = write<NoParams, CreateTagBody, Tag>({
  requirement: 'UPDATE_FEATURE',
  body: CreateTagBody,
  run: (draft, { body, ctx }) => E.map((tag: Tag) => () => tag)(createTag(draft, body, ctx)),
})

export const deleteTagOp = write<TagParams, undefined, void>({
  requirement: 'UPDATE_FEATURE',
  run: (draft, { params, ctx }) => E.map(done)(deleteTag(draft, params.type, params.value, ctx)),
})

export const listTagTypesOp = read<NoParams, undefined, TagTypeList>({
  requirement: 'NONE',
  run: (state) => E.right({ version: 1, tagTypes: listTagTypes(state) }),
})

export const getTagTypeOp = read<{ name: string }, undefined, { version: number; tagType: TagTypeRecord }>({
  requirement: 'NONE',
  run: (state, { params }) => E.map((tagType: TagTypeRecord) => ({ version: 1, tagType }))(findTagType(state, params.name)),
})

export const createTagTypeOp = write<NoParams, CreateTagTypeBody, TagTypeRecord>({
  requirement: 'CREATE_TAG_TYPE',
  body: CreateTagTypeBody,
  run: (draft, { body, ctx }) =>
    E.map((name: string) => (next: State) => (findTagType(next, name) as E.Right<TagTypeRecord>).right)(createTagType(draft, body, ctx)),
})

export const listFeatureTagsOp = read<{ featureName: string }, undefined, FeatureTagList>({
  requirement: 'NONE',
  run: (state, { params }) => featureTags(state, params.featureName),
})

export const addFeatureTagOp = write<{ featureName: string }, TagInput, Tag>({
  requirement: 'UPDATE_FEATURE',
  body: TagInput,
  // A copy: the tag given to the domain is the very object now stored in the feature's tags.
  run: (draft, { params, body, ctx }) => E.map((tag: Tag) => () => ({ type: tag.type, value: tag.value }))(addFeatureTag(draft, params.featureName, body, ctx)),
})

export const removeFeatureTagOp = write<{ featureName: string } & TagParams, undefined, void>({
  requirement: 'UPDATE_FEATURE',
  run: (draft, { params, ctx }) => E.map(done)(removeFeatureTag(draft, params.featureName, { type: params.type, value: params.value }, ctx)),
})

/** Operation 8: 200 with no body. */
export const bulkTagFeaturesOp = write<{ projectId: string }, BulkTagsBody, void>({
  requirement: 'UPDATE_FEATURE',
  scope: (p) => ({ project: p.projectId }),
  body: BulkTagsBody,
  run: (draft, { params, body, ctx }) => E.map(done)(bulkTagFeatures(draft, params.projectId, body, ctx)),
})
