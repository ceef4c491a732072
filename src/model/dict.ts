/**
 * Dictionaries keyed by names that users choose. They have no prototype, so every legal
 * name, `__proto__` and `constructor` included, is an ordinary key.
 */
export type Dict<T> = { readonly [key: string]: T }

// Built as ordinary objects (fromEntries defines `__proto__` as an own key) and then cut from
// their prototype: V8 keeps them compact, where Object.create(null) starts a slow dictionary
// several times larger.
export const dictFrom = <T>(entries: Iterable<readonly [string, T]>): Dict<T> =>
  Object.setPrototypeOf(Object.fromEntries(entries), null) as Dict<T>

/**
 * A changeable copy of a dictionary, built key by key: cheaper than `dictFrom(Object.entries(d))`,
 * and far cheaper than spreading one then cutting its prototype.
 */
export const copyDict = <T>(dict: Dict<T>): Record<string, T> => {
  const copy = Object.create(null) as Record<string, T>
  for (const key in dict) copy[key] = dict[key]!
  return copy
}

/**
 * A copy of an object, each value passed through `map`, with the prototype it had (none, or
 * Object's). A prototype-free copy is built as an ordinary object and cut from its prototype
 * afterwards, like `dictFrom`: `Object.create(null)` starts a dictionary-mode object, about
 * three times larger. `__proto__` is defined, never assigned.
 * For records and small dictionaries; `copyDict` is for dictionaries keyed by names (a state's).
 */
export const copyRecord = (source: Readonly<Record<string, unknown>>, map?: (value: unknown) => unknown): Record<string, unknown> => {
  if (map === undefined) {
    // A spread defines each key, `__proto__` too, faster than the loop below.
    const copy = { ...source }
    return Object.getPrototypeOf(source) === null ? (Object.setPrototypeOf(copy, null) as Record<string, unknown>) : copy
  }
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(source)) {
    const value = map(source[key])
    if (key === '__proto__') Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true })
    else copy[key] = value
  }
  return Object.getPrototypeOf(source) === null ? (Object.setPrototypeOf(copy, null) as Record<string, unknown>) : copy
}

export const lookup = <T>(dict: Dict<T>, key: string): T | undefined =>
  Object.prototype.hasOwnProperty.call(dict, key) ? dict[key] : undefined

export const has = (dict: Dict<unknown>, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(dict, key)

/** Rebuilds parsed JSON so that every object is prototype-free (see `Dict`): a `JSON.parse` reviver. */
export const reviveDicts = (_key: string, value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.setPrototypeOf(value, null)
    : value

/**
 * `reviveDicts` applied to every object of a parsed value, in place, by one walk: V8's reviver
 * path costs several times a plain parse. A plain `JSON.parse` already makes `"__proto__"` an
 * own property (it defines, it does not assign), so nothing reached a prototype before the walk.
 */
export const cutPrototypes = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    for (const item of value) cutPrototypes(item)
    return value
  }
  for (const key of Object.keys(value)) cutPrototypes((value as Record<string, unknown>)[key])
  return Object.setPrototypeOf(value, null)
}
