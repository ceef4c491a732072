/**
 * A deep copy of a JSON value (what events hold in `data` and `preData`): arrays and objects
 * are copied, each object with the prototype it had, so a prototype-free `Dict` stays one.
 * `__proto__` stays an ordinary key: it is defined on the copy, never assigned.
 */
export const copyJson = <T>(value: T): T => {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(copyJson) as T
  const source = value as Record<string, unknown>
  const copy: Record<string, unknown> = Object.getPrototypeOf(source) === null ? Object.create(null) : {}
  for (const key of Object.keys(source)) {
    const item = copyJson(source[key])
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true })
    else copy[key] = item
  }
  return copy as T
}
