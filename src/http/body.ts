import * as E from 'fp-ts/lib/Either.js'
import { type ApiError, contentTypeError, payloadTooLarge, validationError } from '../domain/errors.js'
import { cutPrototypes, reviveDicts } from '../model/dict.js'
import { utf8Length } from '../model/utf8.js'

export const DEFAULT_BODY_LIMIT = 1024 * 1024
export const DEFAULT_MAX_DEPTH = 32

export interface BodyLimits {
  readonly bodyLimit: number
  readonly maxDepth: number
}

/** `application/json`, with any parameters (`; charset=utf-8`), and nothing else. */
export const isJsonContentType = (header: string | undefined): boolean =>
  header !== undefined && header.split(';')[0]!.trim().toLowerCase() === 'application/json'

/** Whether the body's UTF-8 form is longer than `limit` bytes, without encoding a string. */
const longerThan = (body: Uint8Array | string, limit: number): boolean => {
  if (typeof body !== 'string') return body.byteLength > limit
  // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4): most bodies are
  // known to be under the limit from their length alone.
  return body.length * 3 > limit && utf8Length(body, limit) > limit
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** A `\uD800`-`\uDFFF` escape: only through one, or a lone surrogate in the text itself, can a parsed string hold one. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/

/** Whether arrays and objects nest deeper than `max`; strings are skipped, escapes included. */
export const nestsDeeperThan = (text: string, max: number): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

const invalidJson = (error: unknown) => validationError(`The request body is not valid JSON: ${(error as Error).message}.`)

/**
 * The JSON body of a body-bearing route: content type (415), then size (413), then UTF-8,
 * nesting, syntax and unpaired surrogates (400). An empty body is `undefined`, which the
 * operation's codec refuses as a missing `/body`. Objects come back prototype-free, so a
 * `__proto__` key is an ordinary key and never a prototype.
 */
export const parseJsonBody = (
  contentType: string | undefined,
  raw: { readonly body?: Uint8Array | string; readonly bodyTooLarge?: boolean },
  limits: BodyLimits,
): E.Either<ApiError, unknown> => {
  if (!isJsonContentType(contentType)) return E.left(contentTypeError(contentType))
  const tooLarge = () => E.left(payloadTooLarge(`The request body is larger than the limit of ${limits.bodyLimit} bytes.`))
  if (raw.bodyTooLarge) return tooLarge()
  if (raw.body === undefined) return E.right(undefined)
  if (longerThan(raw.body, limits.bodyLimit)) return tooLarge()
  let text: string
  try {
    text = typeof raw.body === 'string' ? raw.body : utf8.decode(raw.body)
  } catch {
    return E.left(validationError('The request body is not valid UTF-8.'))
  }
  if (text.trim() === '') return E.right(undefined)
  if (nestsDeeperThan(text, limits.maxDepth)) {
    return E.left(validationError(`The request body nests arrays and objects more than ${limits.maxDepth} levels deep.`))
  }
  // The common body has no surrogate at all: one plain parse, prototypes cut after.
  if (!SURROGATE_ESCAPE.test(text) && !LONE_SURROGATE.test(text)) {
    try {
      return E.right(cutPrototypes(JSON.parse(text)))
    } catch (error) {
      return E.left(invalidJson(error))
    }
  }
  let unpaired = false
  let parsed: unknown
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (LONE_SURROGATE.test(key) || (typeof value === 'string' && LONE_SURROGATE.test(value))) unpaired = true
      return reviveDicts(key, value)
    })
  } catch (error) {
    return E.left(invalidJson(error))
  }
  // I-JSON (RFC 7493) forbids them: no name, URL or header can carry one.
  return unpaired ? E.left(validationError('The request body has a string with an unpaired UTF-16 surrogate (\\uD800-\\uDFFF).')) : E.right(parsed)
}
