import * as E from 'fp-ts/lib/Either.js'
import type { CreateTagTypeBody, TagType, TagTypeRecord, TagTypeValidation, UpdateTagTypeBody } from '../../model/tag.js'
import type { Ctx } from '../context.js'
import { type NotFoundError, nameExists, notFound, type NameExistsError } from '../errors.js'
import { recordEvent } from '../events.js'
import { deleteTag } from './tags.js'
import type { ReadState, Tx } from '../../store/tx.js'

/** Unleash's message when a tag names a type that does not exist. */

export const renderTagType = (type: TagType): TagTypeRecord => ({ name: type.name, description: type.description, icon: type.icon, color: type.color ?? null })

export const findTagType = (state: ReadState, name: string): E.Either<NotFoundError, TagTypeRecord> => {
  const type = state.tagTypes.get(name)
  return type ? E.right(renderTagType(type)) : E.left(notFound('Could not find tag-type')) // Unleash's words
}

/** Tag types sorted by name. */
export const listTagTypes = (state: ReadState): TagTypeRecord[] =>
  Array.from(state.tagTypes.rows())
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(renderTagType)

/** The record a creation body describes, with Unleash 8.2's defaults: null for what is left out. */
export const tagTypeOf = (body: CreateTagTypeBody): TagTypeRecord => ({
  name: body.name,
  description: body.description ?? null,
  icon: body.icon ?? null,
  color: body.color ?? null,
})

/** Creates a tag type; its name must be free. */
export const createTagType = (draft: Tx, body: CreateTagTypeBody, ctx: Ctx): E.Either<NameExistsError, string> => {
  if (draft.tagTypes.get(body.name)) {
    return E.left(nameExists(`There already exists a tag-type with the name ${body.name}`)) // Unleash's words
  }
  const type = tagTypeOf(body)
  draft.tagTypes.set(type.name, type)
  recordEvent(draft, ctx, { type: 'tag-type-created', data: type })
  return E.right(type.name)
}

/** A tag type's name, checked as a create checks it (Unleash: POST /api/admin/tag-types/validate). */
export const validateTagType = (state: ReadState, body: CreateTagTypeBody): E.Either<NameExistsError, TagTypeValidation> =>
  state.tagTypes.get(body.name) ? E.left(nameExists(`There already exists a tag-type with the name ${body.name}`)) : E.right({ valid: true, tagType: body })

/**
 * Changes what is sent of a tag type's description, icon and colour, recording
 * `tag-type-updated`. An unknown name, or values it holds already, change nothing and are a
 * success, as Unleash answers them.
 */
export const updateTagType = (draft: Tx, name: string, body: UpdateTagTypeBody, ctx: Ctx): E.Either<NotFoundError, void> => {
  const type = draft.tagTypes.get(name)
  if (!type) return E.right(undefined)
  const changes = { ...(body.description !== undefined ? { description: body.description } : {}), ...(body.icon !== undefined ? { icon: body.icon } : {}), ...(body.color !== undefined ? { color: body.color } : {}) }
  // What it holds already changes nothing and records nothing, as elsewhere (Unleash records an event).
  if (Object.entries(changes).every(([key, value]) => type[key as keyof typeof changes] === value)) return E.right(undefined)
  draft.tagTypes.set(name, { ...type, ...changes })
  recordEvent(draft, ctx, { type: 'tag-type-updated', data: { name, ...changes } })
  return E.right(undefined)
}

/** Deletes a tag type with its tags, each taken off the features that carry it as `deleteTag` takes it. */
export const deleteTagType = (draft: Tx, name: string, ctx: Ctx): E.Either<NotFoundError, void> => {
  const type = draft.tagTypes.get(name)
  if (!type) return E.left(notFound('Could not find tag-type')) // Unleash's words
  const preData = renderTagType(type)
  for (const tag of draft.tags.rows().filter((tag) => tag.type === name)) deleteTag(draft, tag.type, tag.value, ctx)
  draft.tagTypes.delete(name)
  recordEvent(draft, ctx, { type: 'tag-type-deleted', preData })
  return E.right(undefined)
}
