import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { State } from '../../model/state.js'
import { getRow, rowList, setRow } from '../../model/table.js'
import type { CreateTagTypeBody, TagType, TagTypeRecord } from '../../model/tag.js'
import type { Ctx } from '../context.js'
import { type DomainError, type NotFoundError, nameExists, notFound } from '../errors.js'
import { recordEvent } from '../events.js'

/** Unleash's message when a tag names a type that does not exist. */
export const tagTypeMissing = (type: string): NotFoundError => notFound(`Tag type '${type}' does not exist`)

export const renderTagType = (type: TagType): TagTypeRecord => ({ name: type.name, description: type.description, icon: type.icon, color: type.color ?? null })

export const findTagType = (state: State, name: string): E.Either<NotFoundError, TagTypeRecord> => {
  const type = getRow(state.tagTypes, name)
  return type ? E.right(renderTagType(type)) : E.left(notFound('Could not find tag-type')) // Unleash's words
}

/** Tag types sorted by name. */
export const listTagTypes = (state: State): TagTypeRecord[] =>
  rowList(state.tagTypes)
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
export const createTagType = (draft: Draft<State>, body: CreateTagTypeBody, ctx: Ctx): E.Either<DomainError, string> => {
  if (getRow(draft.tagTypes as State['tagTypes'], body.name)) {
    return E.left(nameExists(`There already exists a tag-type with the name ${body.name}`)) // Unleash's words
  }
  const type = tagTypeOf(body)
  setRow(draft.tagTypes as State['tagTypes'], type.name, type)
  recordEvent(draft, ctx, { type: 'tag-type-created', data: type })
  return E.right(type.name)
}
