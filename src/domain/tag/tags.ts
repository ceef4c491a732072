import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import { type State, tagKey } from '../../model/state.js'
import { deleteRow, getRow, hasRow, rowList, rows, setRow } from '../../store/table.js'
import type { CreateTagBody, Tag } from '../../model/tag.js'
import type { Ctx } from '../context.js'
import { type NotFoundError, nameExists, notFound, validationError, type NameExistsError, type ValidationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { touch } from '../feature/lookup.js'
import { stateBefore } from '../segment/usage.js'
import { tagTypeMissing } from './tag-types.js'

export const sameTag = (a: Tag, b: Tag): boolean => a.type === b.type && a.value === b.value

const byTypeThenValue = (a: Tag, b: Tag): number =>
  a.type < b.type ? -1 : a.type > b.type ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0

/**
 * The stored tag, if any. The key joins type and value with `:`, so the row is compared too:
 * type `a:b` with value `c` must not find the tag `a` / `b:c`.
 */
export const storedTag = (state: State, type: string, value: string): Tag | undefined => {
  const row = getRow(state.tags, tagKey(type, value))
  return row && sameTag(row, { type, value }) ? row : undefined
}

/** Operation 9's lookup. */
export const findTag = (state: State, type: string, value: string): E.Either<NotFoundError, Tag> => {
  const tag = storedTag(state, type, value)
  return tag ? E.right({ type: tag.type, value: tag.value }) : E.left(notFound(`No tag with type: [${type}] and value [${value}]`))
}

/** The tags, of one type when `type` is given (an unknown type has none, as in Unleash), sorted by type then value. */
export const listTags = (state: State, type?: string): Tag[] =>
  rowList(state.tags)
    .filter((tag) => type === undefined || tag.type === type)
    .sort(byTypeThenValue)
    .map((tag) => ({ type: tag.type, value: tag.value }))

/** Stores a tag unless it exists; its type must exist (callers check). */
export const ensureTag = (draft: Draft<State>, tag: Tag, ctx: Ctx): void => {
  if (storedTag(draft as State, tag.type, tag.value)) return
  const stored = { type: tag.type, value: tag.value }
  setRow(draft.tags as State['tags'], tagKey(tag.type, tag.value), stored)
  recordEvent(draft, ctx, { type: 'tag-created', data: stored })
}

/** Creates a tag. The value is trimmed first, as Unleash does, and must still be 2 to 50 characters. */
export const createTag = (draft: Draft<State>, body: CreateTagBody, ctx: Ctx): E.Either<NameExistsError | NotFoundError | ValidationError, Tag> => {
  const tag = { type: body.type, value: body.value.trim() }
  if (tag.value.length < 2) {
    return E.left(validationError([{ path: '/body/value', message: `The \`/body/value\` property must be a string of 2 to 50 characters once trimmed. You sent ${JSON.stringify(body.value)}.` }]))
  }
  if (!hasRow(draft.tagTypes as State['tagTypes'], tag.type)) return E.left(tagTypeMissing(tag.type))
  if (storedTag(draft as State, tag.type, tag.value)) {
    return E.left(nameExists(`There's already a tag with type "${tag.type}" and value "${tag.value}".`))
  }
  ensureTag(draft, tag, ctx)
  return E.right(tag)
}

/** Deletes a tag and takes it off every feature that carries it. */
export const deleteTag = (draft: Draft<State>, type: string, value: string, ctx: Ctx): E.Either<NotFoundError, void> => {
  const found = findTag(draft as State, type, value)
  if (E.isLeft(found)) return E.right(undefined) // no such tag: nothing to delete, a success in Unleash
  const carriers = [...rows(stateBefore(draft).features)].filter((f) => f.tags.some((t) => sameTag(t, found.right)))
  for (const { name } of carriers) {
    const feature = getRow(draft.features, name)!
    feature.tags = feature.tags.filter((t) => !sameTag(t, found.right))
    touch(feature, ctx)
    recordEvent(draft, ctx, { type: 'feature-untagged', project: feature.project, featureName: feature.name, preData: found.right })
  }
  deleteRow(draft.tags, tagKey(type, value))
  recordEvent(draft, ctx, { type: 'tag-deleted', preData: found.right })
  return E.right(undefined)
}
