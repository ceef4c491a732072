import * as t from 'io-ts'
import { withJsonSchema } from './json-schema.js'
import { NonEmptyString, closed, lengthBetween, open, printableNameBetween, refinedString, urlFriendly, type Named } from './codec.js'

/** A tag's value: any printable text (spaces too), as Unleash allows, but no path (`printableName`). */
export const TagValue = printableNameBetween(2, 50)

export interface Tag extends t.TypeOf<typeof TagCodec> {}
const TagCodec = t.type({ value: t.string, type: t.string }, 'a tag')
export const Tag: Named<typeof TagCodec, Tag> = TagCodec

/** Operation 9's answer. */
export interface TagWithVersion extends t.TypeOf<typeof TagWithVersionCodec> {}
const TagWithVersionCodec = t.type({ version: t.number, tag: Tag })
export const TagWithVersion: Named<typeof TagWithVersionCodec, TagWithVersion> = TagWithVersionCodec

/** `{ version: 1, tags }`: the tag list answers. */
export interface TagList extends t.TypeOf<typeof TagListCodec> {}
const TagListCodec = t.type({ version: t.number, tags: t.array(Tag) })
export const TagList: Named<typeof TagListCodec, TagList> = TagListCodec

/** A feature's tags, each with its tag type's colour (as Unleash's feature-tags route). */
export interface FeatureTagList extends t.TypeOf<typeof FeatureTagListCodec> {}
const FeatureTagListCodec = t.type({
  version: t.number,
  tags: t.array(t.type({ value: t.string, type: t.string, color: t.union([t.string, t.null]) })),
})
export const FeatureTagList: Named<typeof FeatureTagListCodec, FeatureTagList> = FeatureTagListCodec

export const TagTypeName = refinedString('a URL-friendly name of 2 to 50 characters', (s) => s.length >= 2 && s.length <= 50 && urlFriendly(s))

export const TagColor = refinedString('a colour such as #FFFFFF', (s) => /^#[0-9A-Fa-f]{6}$/.test(s))

/** A tag type as stored; `color` is optional so that rows written before it existed stay valid. */
export interface TagType extends t.TypeOf<typeof TagTypeCodec> {}
const TagTypeCodec = t.intersection([
  t.type({ name: t.string, description: t.union([t.string, t.null]), icon: t.union([t.string, t.null]) }),
  t.partial({ color: t.union([t.string, t.null]) }),
])
export const TagType: Named<typeof TagTypeCodec, TagType> = TagTypeCodec

/** A tag type as returned: always with its colour (null when it has none). */
export interface TagTypeRecord extends t.TypeOf<typeof TagTypeRecordCodec> {}
const TagTypeRecordCodec = t.type({
  name: t.string,
  description: t.union([t.string, t.null]),
  icon: t.union([t.string, t.null]),
  color: t.union([t.string, t.null]),
})
export const TagTypeRecord: Named<typeof TagTypeRecordCodec, TagTypeRecord> = TagTypeRecordCodec

export interface TagTypeList extends t.TypeOf<typeof TagTypeListCodec> {}
const TagTypeListCodec = t.type({ version: t.number, tagTypes: t.array(TagTypeRecord) })
export const TagTypeList: Named<typeof TagTypeListCodec, TagTypeList> = TagTypeListCodec

/**
 * Creating a tag type (and a tag type in an import): description, icon and colour default to
 * null, as Unleash 8.2 stores them, and an export of Unleash's holds them as null. Unknown
 * properties are refused, as Unleash's `tagTypeSchema` does (in an import too).
 */
export interface CreateTagTypeBody extends t.TypeOf<typeof CreateTagTypeBodyCodec> {}
const CreateTagTypeBodyCodec = closed(
  { name: TagTypeName },
  { description: t.union([t.string, t.null]), icon: t.union([t.string, t.null]), color: t.union([TagColor, t.null]) },
  'a tag type',
)
export const CreateTagTypeBody: Named<typeof CreateTagTypeBodyCodec, CreateTagTypeBody> = CreateTagTypeBodyCodec

/** Changing a tag type (Unleash's `updateTagTypeSchema`): what is sent changes; its name is the path's. */
export interface UpdateTagTypeBody extends t.TypeOf<typeof UpdateTagTypeBodyCodec> {}
const UpdateTagTypeBodyCodec = open({}, { description: t.string, icon: t.string, color: TagColor }, 'a tag type change')
export const UpdateTagTypeBody: Named<typeof UpdateTagTypeBodyCodec, UpdateTagTypeBody> = UpdateTagTypeBodyCodec

/** A tag type's name checked before it is created (Unleash: POST /api/admin/tag-types/validate). */
export interface TagTypeValidation extends t.TypeOf<typeof TagTypeValidationCodec> {}
const TagTypeValidationCodec = t.type({ valid: t.literal(true), tagType: CreateTagTypeBody })
export const TagTypeValidation: Named<typeof TagTypeValidationCodec, TagTypeValidation> = TagTypeValidationCodec

/**
 * A tag in a request: the type defaults to `simple`. `color` is allowed by Unleash's schema
 * and ignored (a tag's colour is its type's).
 */
const TAG_TYPE = lengthBetween(2, 50)
const TAG_COLOR = t.union([TagColor, t.null])
export interface TagInput extends t.TypeOf<typeof TagInputCodec> {}
const TagInputCodec = closed({ value: TagValue }, { type: TAG_TYPE, color: TAG_COLOR }, 'a tag')
export const TagInput: Named<typeof TagInputCodec, TagInput> = TagInputCodec

/** One tag for one feature: a `TagInput` whose `type` is required, as in Unleash's `tagSchema`. */
export interface FeatureTagBody extends t.TypeOf<typeof FeatureTagBodyCodec> {}
const FeatureTagBodyCodec = closed({ value: TagValue, type: TAG_TYPE }, { color: TAG_COLOR }, 'a tag')
export const FeatureTagBody: Named<typeof FeatureTagBodyCodec, FeatureTagBody> = FeatureTagBodyCodec

/** Tags added to and removed from one feature (Unleash's `updateTagsSchema`): both lists required. */
export interface UpdateFeatureTagsBody extends t.TypeOf<typeof UpdateFeatureTagsBodyCodec> {}
const UpdateFeatureTagsBodyCodec = closed(
  { addedTags: t.array(FeatureTagBody), removedTags: t.array(FeatureTagBody) },
  {},
  'an object with addedTags and removedTags',
)
export const UpdateFeatureTagsBody: Named<typeof UpdateFeatureTagsBodyCodec, UpdateFeatureTagsBody> = UpdateFeatureTagsBodyCodec

/** Unleash's `tagSchema`: `color` is allowed and ignored, other properties are refused. */
export interface CreateTagBody extends t.TypeOf<typeof CreateTagBodyCodec> {}
const CreateTagBodyCodec = closed({ value: TagValue, type: TagTypeName }, { color: TAG_COLOR }, 'a tag')
export const CreateTagBody: Named<typeof CreateTagBodyCodec, CreateTagBody> = CreateTagBodyCodec

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
export interface BulkTagsBody extends t.TypeOf<typeof BulkTagsBodyCodec> {}
const BulkTagsBodyCodec = closed(
  {
    features: nonEmptyArray(NonEmptyString, 'a non-empty list of feature names'),
    tags: closed({ addedTags: t.array(TagInput), removedTags: t.array(TagInput) }, {}, 'an object with addedTags and removedTags'),
  },
  {},
  'an object with features and tags',
)
export const BulkTagsBody: Named<typeof BulkTagsBodyCodec, BulkTagsBody> = BulkTagsBodyCodec
