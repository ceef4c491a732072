import * as t from 'io-ts'
import { closed, lengthBetween, open, refinedString, urlFriendly } from './codec.js'

export const TagValue = lengthBetween(2, 50)

export const Tag = t.type({ value: t.string, type: t.string }, 'a tag')
export type Tag = t.TypeOf<typeof Tag>

/** Operation 9's answer. */
export const TagWithVersion = t.type({ version: t.number, tag: Tag })
export type TagWithVersion = t.TypeOf<typeof TagWithVersion>

export const TagTypeName = refinedString('a URL-friendly name of 2 to 50 characters', (s) => s.length >= 2 && s.length <= 50 && urlFriendly(s))

export const TagType = t.type({ name: t.string, description: t.string, icon: t.union([t.string, t.null]) })
export type TagType = t.TypeOf<typeof TagType>

/** A tag in a request: the type defaults to `simple`. */
export const TagInput = closed({ value: TagValue }, { type: lengthBetween(2, 50) }, 'a tag')
export type TagInput = t.TypeOf<typeof TagInput>

export const CreateTagBody = open({ value: TagValue, type: TagTypeName }, {}, 'a tag')
export type CreateTagBody = t.TypeOf<typeof CreateTagBody>
