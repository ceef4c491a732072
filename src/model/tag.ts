import * as t from 'io-ts'
import { withJsonSchema } from './json-schema.js'
import { NonEmptyString, closed, lengthBetween, open, printableNameBetween, refinedString, urlFriendly } from './codec.js'

/** A tag's value: any printable text (spaces too), as Unleash allows, but no path (`printableName`). */
export const TagValue = printableNameBetween(2, 50)

export const Tag = t.type({ value: t.string, type: t.string }, 'a tag')
export type Tag = t.TypeOf<typeof Tag>

/** Operation 9's answer. */
export const TagWithVersion = t.type({ version: t.number, tag: Tag })
export type TagWithVersion = t.TypeOf<typeof TagWithVersion>

/** `{ version: 1, tags }`: the tag list answers. */
export const TagList = t.type({ version: t.number, tags: t.array(Tag) })
export type TagList = t.TypeOf<typeof TagList>

/** A feature's tags, each with its tag type's colour (as Unleash's feature-tags route). */
export const FeatureTagList = t.type({
  version: t.number,
  tags: t.array(t.type({ value: t.string, type: t.string, color: t.union([t.string, t.null]) })),
})
export type FeatureTagList = t.TypeOf<typeof FeatureTagList>

export const TagTypeName = refinedString('a URL-friendly name of 2 to 50 characters', (s) => s.length >= 2 && s.length <= 50 && urlFriendly(s))

export const TagColor = refinedString('a colour such as #FFFFFF', (s) => /^#[0-9A-Fa-f]{6}$/.test(s))

/** A tag type as stored; `color` is optional so that rows written before it existed stay valid. */
export const TagType = t.intersection([
  t.type({ name: t.string, description: t.union([t.string, t.null]), icon: t.union([t.string, t.null]) }),
  t.partial({ color: t.union([t.string, t.null]) }),
])
export type TagType = t.TypeOf<typeof TagType>

/** A tag type as returned: always with its colour (null when it has none). */
export const TagTypeRecord = t.type({
  name: t.string,
  description: t.union([t.string, t.null]),
  icon: t.union([t.string, t.null]),
  color: t.union([t.string, t.null]),
})
export type TagTypeRecord = t.TypeOf<typeof TagTypeRecord>

export const TagTypeList = t.type({ version: t.number, tagTypes: t.array(TagTypeRecord) })
export type TagTypeList = t.TypeOf<typeof TagTypeList>

/**
 * Creating a tag type (and a tag type in an import): description, icon and colour default to
 * null, as Unleash 8.2 stores them, and an export of Unleash's holds them as null. Unknown
 * properties are refused, as Unleash's `tagTypeSchema` does (in an import too).
 */
export const CreateTagTypeBody = closed(
  { name: TagTypeName },
  { description: t.union([t.string, t.null]), icon: t.union([t.string, t.null]), color: t.union([TagColor, t.null]) },
  'a tag type',
)
export type CreateTagTypeBody = t.TypeOf<typeof CreateTagTypeBody>

/** Changing a tag type (Unleash's `updateTagTypeSchema`): what is sent changes; its name is the path's. */
export const UpdateTagTypeBody = open({}, { description: t.string, icon: t.string, color: TagColor }, 'a tag type change')
export type UpdateTagTypeBody = t.TypeOf<typeof UpdateTagTypeBody>

/** A tag type's name checked before it is created (Unleash: POST /api/admin/tag-types/validate). */
export const TagTypeValidation = t.type({ valid: t.literal(true), tagType: CreateTagTypeBody })
export type TagTypeValidation = t.TypeOf<typeof TagTypeValidation>

/**
 * A tag in a request: the type defaults to `simple`. `color` is allowed by Unleash's schema
 * and ignored (a tag's colour is its type's).
 */
const TAG_TYPE = lengthBetween(2, 50)
const TAG_COLOR = t.union([TagColor, t.null])
export const TagInput = closed({ value: TagValue }, { type: TAG_TYPE, color: TAG_COLOR }, 'a tag')
export type TagInput = t.TypeOf<typeof TagInput>

/** One tag for one feature: a `TagInput` whose `type` is required, as in Unleash's `tagSchema`. */
export const FeatureTagBody = closed({ value: TagValue, type: TAG_TYPE }, { color: TAG_COLOR }, 'a tag')
export type FeatureTagBody = t.TypeOf<typeof FeatureTagBody>

/** Tags added to and removed from one feature (Unleash's `updateTagsSchema`): both lists required. */
export const UpdateFeatureTagsBody = closed(
  { addedTags: t.array(FeatureTagBody), removedTags: t.array(FeatureTagBody) },
  {},
  'an object with addedTags and removedTags',
)
export type UpdateFeatureTagsBody = t.TypeOf<typeof UpdateFeatureTagsBody>

/** Unleash's `tagSchema`: `color` is allowed and ignored, other properties are refused. */
export const CreateTagBody = closed({ value: TagValue, type: TagTypeName }, { color: TAG_COLOR }, 'a tag')
export type CreateTagBody = t.TypeOf<typeof CreateTagBody>

/**
 * An array that must hold at least one item. A plain `t.Type` rather than `t.refinement`, so
 * the paths of the items' own errors keep their index.
 */
export const nonEmptyArray = <C extends t.Mixed>(item: C, name: string) => {
  const array = t.array(item)
  const nonEmpty = new t.Type<t.TypeOf<C>[], t.OutputOf<C>[], unknown>(
    name,
    (u): u is t.TypeOf<C>[] => array.is(u) && u.length > 0,
    (u, c) => {
      const r = array.validate(u, c)
      if (r._tag === 'Left') return r
      return r.right.length > 0 ? r : t.failure(u, c)
    },
    array.encode,
  )
  return withJsonSchema(nonEmpty, (of) => ({ type: 'array', items: of(item), minItems: 1 }))
}

/** Operation 8: `{ features, tags: { addedTags, removedTags } }`, every part required. */
export const BulkTagsBody = closed(
  {
    features: nonEmptyArray(NonEmptyString, 'a non-empty list of feature names'),
    tags: closed({ addedTags: t.array(TagInput), removedTags: t.array(TagInput) }, {}, 'an object with addedTags and removedTags'),
  },
  {},
  'an object with features and tags',
)
export type BulkTagsBody = t.TypeOf<typeof BulkTagsBody>
