/**
 * Records compared as values: keys in order, and null, undefined, empty descriptions and a
 * constraint's false `inverted` or `caseInsensitive` left out, since one store answers a
 * default where another leaves the field out (Unleash's segments do).
 */
const DEFAULT_FALSE = new Set(['inverted', 'caseInsensitive'])

const normal = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(normal)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const field = (value as Record<string, unknown>)[key]
      if (field === null || field === undefined || (key === 'description' && field === '') || (field === false && DEFAULT_FALSE.has(key))) continue
      out[key] = normal(field)
    }
    return out
  }
  return value
}

export const canonical = (value: unknown): string => JSON.stringify(normal(value))

export const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b)

/** A record without some of its fields (those another store makes its own: ids, projects). */
export const omit = <T extends object>(record: T, ...keys: string[]): Partial<T> => {
  const copy = { ...record } as Record<string, unknown>
  for (const key of keys) delete copy[key]
  return copy as Partial<T>
}
