import * as t from 'io-ts'
import { withJsonSchema } from './json-schema.js'

/**
 * The filters of Unleash's search queries: `OPERATOR:value[,value...]`, e.g. `IS:default`,
 * `IS_ANY_OF:release,experiment`, `INCLUDE:env:prod`, `IS_BEFORE:2024-01-31`. A value is
 * one codec, so a query names its operators once and a bad one is refused at its path.
 */
export interface Filter<O extends string> {
  readonly operator: O
  readonly values: readonly string[]
}

/** Operators that compare a field with the values (the features' and the events' fields). */
export const IS_OPERATORS = ['IS', 'IS_NOT', 'IS_ANY_OF', 'IS_NONE_OF'] as const
/** What event search takes: a field equal to one of the values. */
export const ANY_OPERATORS = ['IS', 'IS_ANY_OF'] as const
/** Operators over a feature's set of tags or segments. */
export const INCLUDE_OPERATORS = ['INCLUDE', 'DO_NOT_INCLUDE', 'INCLUDE_ALL_OF', 'INCLUDE_ANY_OF', 'EXCLUDE_IF_ANY_OF', 'EXCLUDE_ALL'] as const
/** Operators over a day. */
export const DATE_OPERATORS = ['IS_BEFORE', 'IS_ON_OR_AFTER'] as const

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** A calendar day, `yyyy-MM-dd`, that a Date can hold. */
export const isDay = (s: string): boolean => DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00.000Z`)) && new Date(`${s}T00:00:00.000Z`).toISOString().startsWith(s)

/**
 * A filter with one of `operators`; each value trimmed and non-empty, each checked by `value`
 * when given (a day, a number). Tag filters split at commas too: a tag value holding a comma
 * cannot be searched for, as in Unleash.
 */
export const filterOf = <const O extends readonly [string, ...string[]]>(
  operators: O,
  example: string,
  value: { readonly ok: (s: string) => boolean; readonly single?: boolean } = { ok: (s) => s.length > 0 },
) => {
  const allowed = new Set<string>(operators)
  const parse = (u: unknown): Filter<O[number]> | undefined => {
    if (typeof u !== 'string') return undefined
    const colon = u.indexOf(':')
    if (colon < 0 || !allowed.has(u.slice(0, colon))) return undefined
    const values = u.slice(colon + 1).split(',').map((v) => v.trim())
    if (values.some((v) => !value.ok(v)) || (value.single === true && values.length !== 1)) return undefined
    return { operator: u.slice(0, colon) as O[number], values }
  }
  const filter = new t.Type<Filter<O[number]>, string, unknown>(
    `a filter such as "${example}" (operators: ${operators.join(', ')})`,
    (u): u is Filter<O[number]> => typeof u === 'object' && u !== null && allowed.has((u as Filter<string>).operator),
    (u, c) => {
      const parsed = parse(u)
      return parsed === undefined ? t.failure(u, c) : t.success(parsed)
    },
    (f) => `${f.operator}:${f.values.join(',')}`,
  )
  // Read from query text: what the document shows is the text.
  return withJsonSchema(filter, { type: 'string', pattern: `^(${operators.join('|')}):` })
}

/** A count given as query text: digits only, from `min` to `max`. */
export const countText = (min: number, max: number) =>
  withJsonSchema(
    new t.Type<number, string, unknown>(
      `an integer from ${min} to ${max}`,
      (u): u is number => Number.isInteger(u) && (u as number) >= min && (u as number) <= max,
      (u, c) => {
        const n = typeof u === 'string' && /^\d{1,9}$/.test(u) ? Number(u) : NaN
        return n >= min && n <= max ? t.success(n) : t.failure(u, c)
      },
      String,
    ),
    { type: 'string', pattern: '^\\d{1,9}$' },
  )

/** `true` or `false` as query text. */
export const BooleanText = withJsonSchema(
  new t.Type<boolean, string, unknown>(
    '"true" or "false"',
    (u): u is boolean => typeof u === 'boolean',
    (u, c) => (u === 'true' ? t.success(true) : u === 'false' ? t.success(false) : t.failure(u, c)),
    String,
  ),
  { type: 'string', enum: ['true', 'false'] },
)
