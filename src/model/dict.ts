/**
 * Dictionaries keyed by names that users choose. They have no prototype, so every legal
 * name, `__proto__` and `constructor` included, is an ordinary key.
 */
export type Dict<T> = { readonly [key: string]: T }

export const emptyDict = <T>(): Dict<T> => Object.create(null) as Dict<T>

export const dictFrom = <T>(entries: Iterable<readonly [string, T]>): Dict<T> => {
  const out = Object.create(null) as Record<string, T>
  for (const [k, v] of entries) out[k] = v
  return out
}

export const lookup = <T>(dict: Dict<T>, key: string): T | undefined =>
  Object.prototype.hasOwnProperty.call(dict, key) ? dict[key] : undefined

export const has = (dict: Dict<unknown>, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(dict, key)

/** Rebuilds parsed JSON so that every object is prototype-free (see `Dict`). */
export const reviveDicts = (_key: string, value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.assign(Object.create(null), value)
    : value
