import * as E from 'fp-ts/lib/Either.js'
import { tagKey } from '../../model/state.js'
import type { CreateTagBody, Tag } from '../../model/tag.js'
import type { Ctx } from '../context.js'
import { type NotFoundError, nameExists, notFound, validationError, type NameExistsError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { touch } from '../feature/lookup.js'
import { stateBefore } from '../segment/usage.js'
import { tagTypeMissing } from './errors.js'
import type { ReadState, Tx } from '../../store/tx.js'

export const sameTag = (a: Tag, b: Tag): boolean => a.type === b.type && a.value === b.value

const byTypeThenValue = (a: Tag, b: Tag): number =>
  a.type < b.type ? -1 : a.type > b.type ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0

/**
 * The stored tag, if any. The key joins type and value with `:`, so the row is compared too:
 * type `a:b` with value `c` must not find the tag `a` / `b:c`.
 */
export const storedTag = (state: ReadState, type: string, value: string): Tag | undefined => {
  const row = state.tags.get(tagKey(type, value))
  return row && sameTag(row, { type, value }) ? row : undefined
}

/** Operation 9's lookup. */
export const findTag = (state: ReadState, type: string, value: string): E.Either<NotFoundError, Tag> => {
  const tag = storedTag(state, type, value)
  return tag ? E.right({ type: tag.type, value: tag.value }) : E.left(notFound(`No tag with type: [${type}] and value [${value}]`))
}

/** The tags, of one type when `type` is given (an unknown type has none, as in Unleash), sorted by type then value. */
export const listTags = (state: ReadState, type?: string): Tag[] =>
  Array.from(state.tags.rows())
    .filter((tag) => type === undefined || tag.type === type)
    .sort(byTypeThenValue)
    .map((tag) => ({ type: tag.type, value: tag.value }))

/** Stores a tag unless it exists; its type must exist (callers check). */
export const ensureTag = (draft: Tx, tag: Tag, ctx: Ctx): void => {
  if (storedTag(draft, tag.type, tag.value)) return
  const stored = { type: tag.type, value: tag.value }
  draft.tags.set(tagKey(tag.type, tag.value), stored)
  recordEvent(draft, ctx, { type: 'tag-created', data: stored })
}

/** Creates a tag. The value is trimmed first, as Unleash does, and must still be 2 to 50 characters. */
export const createTag = (draft: Tx, body: CreateTagBody, ctx: Ctx): E.Either<NameExistsError | NotFoundError | ValidationError, Tag> => {
  const tag = { type: body.type, value: body.value.trim() }
  if (tag.value.length < 2) {
    return E.left(validationError([{ path: '/body/value', message: `The \`/body/value\` property must be a string of 2 to 50 characters once trimmed. You sent ${JSON.stringify(body.value)}.` }]))
  }
  if (!draft.tagTypes.has(tag.type)) return E.left(tagTypeMissing(tag.type))
  if (storedTag(draft, tag.type, tag.value)) {
    return E.left(nameExists(`There's already a tag with type "${tag.type}" and value "${tag.value}".`))
  }
  ensureTag(draft, tag, ctx)
  return E.right(tag)
}

/** Deletes a tag and takes it off every feature that carries it. */
export const deleteTag = (draft: Tx, type: string, value: string, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findTag(draft, type, value)
  if (E.isLeft(found)) return E.right(undefined) // no such tag: nothing to delete, a success in Unleash
  const carriers = [...stateBefore(draft).features.rows()].filter((f) => f.tags.some((t) => sameTag(t, found.right)))
  for (const { name } of carriers) {
    const feature = draft.features.get(name)!
    feature.tags = feature.tags.filter((t) => !sameTag(t, found.right))
    touch(feature, ctx)
    recordEvent(draft, ctx, { type: 'feature-untagged', project: feature.project, featureName: feature.name, preData: found.right })
  }
  draft.tags.delete(tagKey(type, value))
  recordEvent(draft, ctx, { type: 'tag-deleted', preData: found.right })
  return E.right(undefined)
}
