import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { Unknown } from '../model/codec.js'
import { type ErrorDetail, type ValidationError, validationError } from './errors.js'

const shown = (value: unknown): string => {
  try {
    const json = JSON.stringify(value)
    if (json === undefined) return String(value)
    return json.length > 200 ? `${json.slice(0, 200)}...` : json
  } catch {
    return '[value too large or deeply nested to display]'
  }
}

/** Union and intersection branches add context entries that are not part of the JSON path. */
const isStructural = (type: t.Decoder<unknown, unknown>): boolean =>
  type instanceof t.UnionType || type instanceof t.IntersectionType || type instanceof t.ExactType || type instanceof t.RefinementType

/** The JSON path of a context, and the codec that describes the value found there. */
const locate = (root: string, context: t.Context): { path: string; type: t.Decoder<unknown, unknown> } => {
  let path = root
  let type = context[0]!.type
  for (let i = 1; i < context.length; i++) {
    if (isStructural(context[i - 1]!.type)) continue
    path += `/${context[i]!.key}`
    type = context[i]!.type
  }
  return { path, type }
}

const BASIC: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  UnknownRecord: 'an object',
  UnknownArray: 'an array',
}

const describe = (name: string): string => {
  const basic = BASIC[name]
  if (basic) return basic
  if (name.startsWith('Array<')) return 'an array'
  if (name.includes(' | ')) return name.replace(/^\(|\)$/g, '').split(' | ').map(describe).join(' or ')
  if (/^\{/.test(name)) return 'an object'
  return name
}

/** Turns io-ts errors into one detail per offending path, saying what was expected and sent. */
export const detailsOf = (errors: t.Errors, root: string): ErrorDetail[] => {
  const seen = new Map<string, ErrorDetail>()
  for (const error of errors) {
    const leaf = error.context[error.context.length - 1]
    if (!leaf) continue
    const { path, type } = locate(root, error.context)
    if (seen.has(path)) continue
    let message: string
    if (leaf.type === Unknown) {
      const parent = path.slice(0, path.lastIndexOf('/'))
      message = `The \`${parent || root}\` object does not allow additional properties. Your request included the \`${path}\` property.`
    } else if (error.message !== undefined) {
      // A codec's own words for a rule beyond the value's type (a payload's value).
      message = error.message
    } else if (error.value === undefined) {
      message = `The \`${path}\` property is required. It was not present on the data you sent.`
    } else {
      message = `The \`${path}\` property must be ${describe(type.name)}. You sent ${shown(error.value)}.`
    }
    seen.set(path, { path, message })
  }
  return [...seen.values()]
}

/**
 * Decodes `value` with `codec`; a failure names every offending path under `root`. A value
 * that throws when read (a getter, a proxy: only a caller in the same process can send one)
 * is refused like any other bad input.
 */
export const decodeWith =
  <A>(codec: t.Decoder<unknown, A>, root = '/body') =>
  (value: unknown): E.Either<ValidationError, A> =>
    decodeAt(codec, root, value)

/** `decodeWith` in one call, for a codec that changes from call to call. */
export const decodeAt = <A>(codec: t.Decoder<unknown, A>, root: string, value: unknown): E.Either<ValidationError, A> => {
  let result: t.Validation<A>
  try {
    result = codec.decode(value)
  } catch (error) {
    return E.left(validationError([{ path: root, message: `The \`${root}\` could not be read: ${error instanceof Error ? error.message : String(error)}.` }]))
  }
  return E.isRight(result) ? result : E.left(validationError(detailsOf(result.left, root)))
}
