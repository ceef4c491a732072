import * as E from 'fp-ts/lib/Either.js'
import type { Patch } from 'immer'
import { copyRecord } from '../model/dict.js'

/**
 * Applies immer patches to one row without changing it: the containers on a patch's path are
 * copied once, then changed in place; everything else is shared with the row.
 *
 * Not immer's `applyPatches`: it refuses paths through `__proto__` and `constructor`, which
 * are legal flag, tag and environment names here. Every key is read and written as an own
 * property, so no name reaches a prototype.
 */
export const applyRowPatches = (row: unknown, patches: readonly Patch[]): E.Either<string, unknown> => {
  const owned = new Set<object>()
  const own = (value: unknown, path: readonly unknown[]): Container => {
    if (value === null || typeof value !== 'object') throw new PatchMismatch(`path ${JSON.stringify(path)} runs through a non-object`)
    if (owned.has(value)) return value as Container
    const copy = copyOf(value as Container)
    owned.add(copy)
    return copy
  }
  try {
    let current = row
    for (const patch of patches) {
      const path = patch.path
      if (!Array.isArray(path)) throw new PatchMismatch('a patch without a path')
      if (path.length === 0) {
        if (patch.op !== 'replace') throw new PatchMismatch(`\`${String(patch.op)}\` at the root`)
        current = patch.value
        continue
      }
      current = own(current, path)
      let parent = current as Container
      for (let i = 0; i < path.length - 1; i++) {
        const key = keyIn(parent, path[i], false)
        const child = own(getOwn(parent, key), path)
        setOwn(parent, key, child)
        parent = child
      }
      applyAtLastKey(parent, patch)
    }
    return E.right(current)
  } catch (e) {
    if (e instanceof PatchMismatch) return E.left(e.message)
    throw e
  }
}

/** An object or array on a patch's path. */
export type Container = Record<string, unknown> | unknown[]

/** A patch that does not fit the value it is applied to. */
export class PatchMismatch extends Error {}

const hasOwn = (o: object, key: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, key)

export const getOwn = (o: Container, key: string | number): unknown => (hasOwn(o, key) ? (o as Record<string | number, unknown>)[key] : undefined)

/** defineProperty, not assignment: assigning `__proto__` on an ordinary object sets its prototype. */
export const setOwn = (o: Container, key: string | number, value: unknown): void => {
  if (Array.isArray(o) || Object.getPrototypeOf(o) === null) (o as Record<string | number, unknown>)[key] = value
  else Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true })
}

/** A copy to change in place, with the prototype the original had (none, or Object's). */
const copyOf = (o: Container): Container => (Array.isArray(o) ? o.slice() : copyRecord(o))

export const keyIn = (parent: Container, key: unknown, last: boolean): string | number => {
  if (!Array.isArray(parent)) return String(key)
  if (last && key === 'length') return key
  const index = typeof key === 'number' ? key : typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : NaN
  if (!Number.isSafeInteger(index) || index < 0) throw new PatchMismatch(`\`${String(key)}\` is not an array index`)
  return index
}

const applyToArray = (array: unknown[], patch: Patch, key: unknown): void => {
  const index = keyIn(array, key, true)
  if (index === 'length') {
    if (patch.op !== 'replace' || !Number.isSafeInteger(patch.value) || patch.value > array.length) throw new PatchMismatch('a bad array length')
    array.length = patch.value as number
    return
  }
  const i = index as number
  // JSON has no `undefined` in arrays; a stored row read back would hold null as well.
  const value = patch.value === undefined ? null : patch.value
  if (patch.op === 'add') {
    if (i > array.length) throw new PatchMismatch(`add at ${i} past the end of an array of ${array.length}`)
    array.splice(i, 0, value)
  } else if (patch.op === 'replace') {
    if (i >= array.length) throw new PatchMismatch(`replace at ${i} past the end of an array of ${array.length}`)
    array[i] = value
  } else if (patch.op === 'remove') {
    if (i >= array.length) throw new PatchMismatch(`remove at ${i} past the end of an array of ${array.length}`)
    array.splice(i, 1)
  } else throw new PatchMismatch(`unknown op \`${String(patch.op)}\``)
}

const applyToObject = (object: Record<string, unknown>, patch: Patch, key: string | number): void => {
  if (patch.op === 'add' || patch.op === 'replace') {
    // A key set to undefined is absent once written as JSON: keep replay and reload alike.
    if (patch.value === undefined) delete object[key]
    else setOwn(object, key, patch.value)
  } else if (patch.op === 'remove') delete object[key]
  else throw new PatchMismatch(`unknown op \`${String(patch.op)}\``)
}

/** Applies `patch` to `parent`, the container its path's last key is in. */
export const applyAtLastKey = (parent: Container, patch: Patch): void => {
  const last = patch.path[patch.path.length - 1]
  if (Array.isArray(parent)) applyToArray(parent, patch, last)
  else applyToObject(parent, patch, keyIn(parent, last, true))
}
