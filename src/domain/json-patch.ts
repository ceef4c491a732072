import * as E from 'fp-ts/lib/Either.js'
import { copyJson } from '../model/json-copy.js'
import type { JsonPatch } from '../model/json-patch.js'
import type { ErrorDetail } from './errors.js'

/*
 * JSON Patch (RFC 6902) applied to a copy of a JSON document: add, remove, replace, move, copy
 * and test, at any depth, array indexes and `-` included, as Unleash's fast-json-patch applies
 * them. immer's patches have no test, move or copy, and none of them can say which operation
 * failed. A failure is a detail at that operation (`/body/<i>/path`, `/value` or `/from`), and
 * the caller's document is left as it was. Fields are own properties only: `/__proto__` and
 * `/constructor` name ordinary fields, never the prototype.
 */

/** Where one operation wrote, resolved (`-` as the index it became): what `blame` reads. */
export interface Write {
  readonly index: number
  readonly at: readonly string[]
  /** The field of the operation that brought what is there now. */
  readonly by: 'value' | 'from' | 'path'
}

export interface Patched {
  readonly document: unknown
  readonly writes: readonly Write[]
}

type Container = Record<string, unknown> | unknown[]
const MISSING = Symbol('missing')
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/

/** A pointer's reference tokens, `~1` and `~0` unescaped (RFC 6901). */
export const tokensOf = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))

const pointerOf = (tokens: readonly string[]): string => tokens.map((token) => `/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')

const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object'
const owns = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key)
const setOwn = (object: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
}

const valueAt = (document: unknown, tokens: readonly string[]): unknown => {
  let value = document
  for (const token of tokens) {
    if (Array.isArray(value)) {
      if (!ARRAY_INDEX.test(token) || Number(token) >= value.length) return MISSING
      value = value[Number(token)]
    } else if (isContainer(value) && owns(value, token)) value = (value as Record<string, unknown>)[token]
    else return MISSING
  }
  return value
}

/** JSON equality, as RFC 6902's test compares: objects by their members in any order. */
export const jsonEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => owns(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

/** One step's outcome: the new document and the resolved target, or what is wrong and with which field of the operation. */
type Step = E.Either<{ field: 'path' | 'from' | 'value'; message: string }, { document: unknown; at: string[] }>

const noSuch = (what: string, tokens: readonly string[], field: 'path' | 'from' = 'path'): Step =>
  E.left({ field, message: `${what} has nothing at ${JSON.stringify(pointerOf(tokens))}.` })

/** The container that holds the value `tokens` name, and its key there; undefined without one. */
const slotOf = (document: unknown, tokens: readonly string[]): { parent: Container; key: string } | undefined => {
  const parent = valueAt(document, tokens.slice(0, -1))
  return isContainer(parent) ? { parent, key: tokens[tokens.length - 1]! } : undefined
}

const add = (document: unknown, tokens: readonly string[], value: unknown, what: string): Step => {
  if (tokens.length === 0) return E.right({ document: value, at: [] })
  const slot = slotOf(document, tokens)
  if (slot === undefined) return noSuch(what, tokens.slice(0, -1))
  const { parent, key } = slot
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : ARRAY_INDEX.test(key) ? Number(key) : NaN
    if (!(index <= parent.length)) {
      return E.left({ field: 'path', message: `An array index is a number up to the array's length (${parent.length}), or - for its end. You sent ${JSON.stringify(key)}.` })
    }
    parent.splice(index, 0, value)
    return E.right({ document, at: [...tokens.slice(0, -1), String(index)] })
  }
  setOwn(parent, key, value)
  return E.right({ document, at: [...tokens] })
}

const remove = (document: unknown, tokens: readonly string[], what: string, field: 'path' | 'from' = 'path'): Step => {
  if (tokens.length === 0) return E.left({ field, message: `The whole of ${what.replace(/^The /, 'the ')} cannot be removed.` })
  if (valueAt(document, tokens) === MISSING) return noSuch(what, tokens, field)
  const { parent, key } = slotOf(document, tokens)!
  if (Array.isArray(parent)) parent.splice(Number(key), 1)
  else delete parent[key]
  return E.right({ document, at: [...tokens] })
}

const replace = (document: unknown, tokens: readonly string[], value: unknown, what: string): Step => {
  if (tokens.length === 0) return E.right({ document: value, at: [] })
  if (valueAt(document, tokens) === MISSING) return noSuch(what, tokens)
  const { parent, key } = slotOf(document, tokens)!
  if (Array.isArray(parent)) parent[Number(key)] = value
  else setOwn(parent, key, value)
  return E.right({ document, at: [...tokens] })
}

const isPrefix = (prefix: readonly string[], tokens: readonly string[]): boolean => prefix.length <= tokens.length && prefix.every((token, i) => token === tokens[i])

/**
 * Applies `patch` to a copy of `document`, in order, all or nothing. `what` names the document
 * in messages (`The strategy`). The writes say which operation put what where, for `blame`.
 */
export const applyJsonPatch = (document: unknown, patch: JsonPatch, what: string): E.Either<ErrorDetail, Patched> => {
  let current = copyJson(document)
  const writes: Write[] = []
  for (const [i, operation] of patch.entries()) {
    const fail = (field: string, message: string) => E.left({ path: `/body/${i}/${field}`, message })
    const tokens = tokensOf(operation.path)
    if ((operation.op === 'add' || operation.op === 'replace' || operation.op === 'test') && !('value' in operation)) return fail('value', `A ${operation.op} operation needs a value.`)
    if ((operation.op === 'move' || operation.op === 'copy') && operation.from === undefined) return fail('from', `A ${operation.op} operation needs a from.`)
    let step: Step
    let by: Write['by'] = 'value'
    switch (operation.op) {
      case 'add':
        step = add(current, tokens, copyJson(operation.value), what)
        break
      case 'replace':
        step = replace(current, tokens, copyJson(operation.value), what)
        break
      case 'remove':
        step = remove(current, tokens, what)
        by = 'path'
        break
      case 'test': {
        const found = valueAt(current, tokens)
        if (found === MISSING) step = noSuch(what, tokens)
        else if (!jsonEqual(found, operation.value)) return fail('value', `The test failed: ${operation.path === '' ? 'the document' : operation.path} is ${JSON.stringify(found)}.`)
        else continue
        break
      }
      case 'move':
      case 'copy': {
        by = 'from'
        const from = tokensOf(operation.from!)
        const found = valueAt(current, from)
        if (found === MISSING) step = noSuch(what, from, 'from')
        else if (operation.op === 'move' && from.length < tokens.length && isPrefix(from, tokens)) {
          return fail('path', `A value cannot be moved into itself: ${operation.path} is inside ${operation.from}.`)
        } else if (operation.op === 'move') {
          const removed = remove(current, from, what, 'from')
          step = E.isLeft(removed) ? removed : add(removed.right.document, tokens, found, what)
        } else step = add(current, tokens, copyJson(found), what)
      }
    }
    if (E.isLeft(step)) return fail(step.left.field, step.left.message)
    current = step.right.document
    writes.push({ index: i, at: step.right.at, by })
  }
  return E.right({ document: current, writes })
}

/**
 * The operation to blame for a problem found in the patched document at `tokens`: the last
 * that wrote there or above it (its value, then the rest of the path), else the last that
 * wrote below it (its path); undefined when no operation touched it.
 */
export const blame = (writes: readonly Write[], tokens: readonly string[]): string | undefined => {
  for (let k = writes.length - 1; k >= 0; k--) {
    const { index, at, by } = writes[k]!
    if (isPrefix(at, tokens)) return `/body/${index}/${by}${by === 'value' ? pointerOf(tokens.slice(at.length)) : ''}`
    if (isPrefix(tokens, at)) return `/body/${index}/path`
  }
  return undefined
}

/**
 * The details of checking a patched document, whose paths start at `root` (`/body`), moved to
 * the operations to blame; a problem no operation touched is placed at `/body`. Each message
 * says it is about the document after the patch, and names paths within it.
 */
export const blamed = (details: readonly ErrorDetail[], writes: readonly Write[], root: string, what: string): ErrorDetail[] =>
  details.map((detail) => {
    const inDocument = detail.path?.startsWith(root) ? detail.path.slice(root.length) : undefined
    const path = inDocument === undefined ? undefined : blame(writes, tokensOf(inDocument))
    // Unblamed, the message says where in the document; blamed, the path does.
    const where = path === undefined && inDocument ? `, at ${inDocument}` : ''
    const message = `${what} after the patch${where}: ${detail.message.split(`\`${root}\``).join('`/`').split(`${root}/`).join('/')}`
    return { path: path ?? '/body', message }
  })
