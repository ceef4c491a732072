import type { Filter } from '../../model/search-filter.js'

/*
 * What Unleash's search operators mean. `IS` with several values reads as `IS_ANY_OF`, and
 * `INCLUDE` as `INCLUDE_ANY_OF`, as Unleash's query builder takes them.
 */

/** Whether a field's value passes an `IS`-family filter; an absent filter passes everything. */
export const passesIs = (filter: Filter<string> | undefined, value: string | null | undefined): boolean =>
  passesIsAny(filter, value === null || value === undefined ? [] : [value])

/** The same for a field with several values at once (a feature both stale and past its lifetime): any of them. */
export const passesIsAny = (filter: Filter<string> | undefined, values: readonly string[]): boolean => {
  if (filter === undefined) return true
  const hit = values.some((v) => filter.values.includes(v))
  return filter.operator === 'IS_NOT' || filter.operator === 'IS_NONE_OF' ? !hit : hit
}

/** Whether a set of values (a feature's tags, its segments) passes an `INCLUDE`-family filter. */
export const passesInclude = (filter: Filter<string> | undefined, has: (value: string) => boolean): boolean => {
  if (filter === undefined) return true
  const any = filter.values.some(has)
  switch (filter.operator) {
    case 'INCLUDE_ALL_OF':
      return filter.values.every(has)
    case 'DO_NOT_INCLUDE':
    case 'EXCLUDE_IF_ANY_OF':
      return !any
    case 'EXCLUDE_ALL':
      return !filter.values.every(has)
    default:
      return any
  }
}

/** Whether a time passes a day filter: before the day begins, or on it or later (UTC). No time never passes. */
export const passesDate = (filter: Filter<string> | undefined, iso: string | null): boolean => {
  if (filter === undefined) return true
  if (iso === null) return false
  const day = `${filter.values[0]}T00:00:00.000Z`
  return filter.operator === 'IS_BEFORE' ? Date.parse(iso) < Date.parse(day) : Date.parse(iso) >= Date.parse(day)
}

/** The page `offset`, `limit` of a list, and its length. */
export const page = <T>(items: readonly T[], offset: number, limit: number): { items: T[]; total: number } => ({
  items: items.slice(offset, offset + limit),
  total: items.length,
})
