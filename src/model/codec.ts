import * as t from 'io-ts'
import { type Dict, dictFrom } from './dict.js'
import { type JsonSchema, withJsonSchema } from './json-schema.js'

/**
 * Small combinators that io-ts does not ship. A codec's `name` is written as the phrase that
 * completes "must be ...", so validation messages read naturally.
 */

/** A string that satisfies `ok`; `name` describes it ("a string of 2 to 50 characters"). */
export const refinedString = (name: string, ok: (s: string) => boolean, schema: JsonSchema = {}): t.Type<string, string, unknown> =>
  withJsonSchema(
    new t.Type<string, string, unknown>(
      name,
      (u): u is string => typeof u === 'string' && ok(u),
      (u, c) => (typeof u === 'string' && ok(u) ? t.success(u) : t.failure(u, c)),
      t.identity,
    ),
    { type: 'string', ...schema },
  )

/** A number that satisfies `ok`; `schema` is its JSON Schema (`{ type: 'integer', minimum: 0 }`). */
export const refinedNumber = (name: string, ok: (n: number) => boolean, schema: JsonSchema): t.Type<number, number, unknown> =>
  withJsonSchema(
    new t.Type<number, number, unknown>(
      name,
      (u): u is number => typeof u === 'number' && ok(u),
      (u, c) => (typeof u === 'number' && ok(u) ? t.success(u) : t.failure(u, c)),
      t.identity,
    ),
    schema,
  )

/**
 * A string's length in characters (Unicode code points), as Unleash's validator counts
 * `minLength` and `maxLength` (Ajv): an emoji is one character, where `length` counts two.
 */
export const characters = (s: string): number => {
  let count = s.length
  for (let i = 0; i < s.length - 1; i++) {
    const unit = s.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count -= 1
      i += 1
    }
  }
  return count
}

/** Whether `s` has `min` to `max` characters, counted as `characters` counts them. */
const charactersBetween = (s: string, min: number, max: number): boolean => {
  // Never more characters than UTF-16 units, and never fewer than half as many.
  if (s.length < min || s.length > 2 * max) return false
  const length = characters(s)
  return length >= min && length <= max
}

export const lengthBetween = (min: number, max: number) =>
  refinedString(`a string of ${min} to ${max} characters`, (s) => charactersBetween(s, min, max), { minLength: min, maxLength: max })

/**
 * What no name may hold: control characters, format characters (bidi overrides and isolates,
 * zero-width spaces and joiners, the byte-order mark), line and paragraph separators, and lone
 * surrogates. They print as nothing, or reorder what prints after them (`abc\u202egpj.exe`
 * shows as `abcexe.jpg`), so two names that look alike would not be.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u

/**
 * The one rule for names a user chooses: every character prints, and the name is no path
 * (`/` or `\`, `.` or `..`), since names are path segments in URLs and in files built from
 * them. Spaces and any other printable text are allowed.
 */
export const printableName = (s: string): boolean => !UNPRINTABLE.test(s) && !/[/\\]/.test(s) && s !== '.' && s !== '..'

/** `printableName` in the words of a validation message. */
const PRINTABLE_RULE = 'printable (no control, format such as bidi or zero-width, or line-separator characters) and no path ("/" or "\\", "." or "..")'

/** A printable name (`printableName`) of `min` to `max` characters. */
export const printableNameBetween = (min: number, max: number) =>
  refinedString(`a string of ${min} to ${max} characters, ${PRINTABLE_RULE}`, (s) => charactersBetween(s, min, max) && printableName(s), { minLength: min, maxLength: max })

/** A printable name (`printableName`) with at least one non-whitespace character. */
export const PrintableName = refinedString(`a string with at least one non-whitespace character, ${PRINTABLE_RULE}`, (s) => /\S/.test(s) && printableName(s))

/**
 * Unleash's "URL friendly", the rule of feature, project and environment names: a printable
 * name that survives encodeURIComponent unchanged.
 */
export const urlFriendly = (s: string): boolean => {
  try {
    return encodeURIComponent(s) === s && printableName(s)
  } catch {
    // A lone surrogate cannot be encoded: certainly not URL friendly.
    return false
  }
}

export const NonEmptyString = refinedString('a non-empty string', (s) => s.length > 0, { minLength: 1 })

export const NonBlankString = refinedString('a string with at least one non-whitespace character', (s) => /\S/.test(s))

export const Integer = refinedNumber('an integer', Number.isInteger, { type: 'integer' })

export const NonNegativeInteger = refinedNumber('an integer of 0 or more', (n) => Number.isInteger(n) && n >= 0, { type: 'integer', minimum: 0 })

export const FiniteNumber = refinedNumber('a number', Number.isFinite, { type: 'number' })

// RFC 3339's date-time, as Unleash's validator (ajv-formats) reads `format: date-time`: `T`, `t`
// or a space between date and time, the time zone optional; a day the month has, a time of day.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[t\s](\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}(:?\d{2})?)?$/i
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
const isDateTime = (s: string): boolean => {
  const m = DATE_TIME.exec(s)
  if (m === null) return false
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month] ?? 0)
  // Date.parse last: what the validator takes but no Date can hold (a leap second, `+05`) is
  // refused here, where Unleash answers 500.
  return day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59 && !Number.isNaN(Date.parse(s))
}

/** An RFC 3339 date-time, as written by `Date.prototype.toISOString` and as Unleash takes one. */
export const DateTime = refinedString('an RFC 3339 date-time, such as "2030-01-01T00:00:00.000Z"', isDateTime, { format: 'date-time' })

/** One of a fixed list of strings, named by listing them. */
export const oneOf = <const L extends readonly [string, ...string[]]>(values: L): t.Type<L[number], L[number], unknown> => {
  const allowed = new Set<string>(values)
  return withJsonSchema(
    new t.Type<L[number], L[number], unknown>(
      `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`,
      (u): u is L[number] => typeof u === 'string' && allowed.has(u),
      (u, c) => (typeof u === 'string' && allowed.has(u) ? t.success(u as L[number]) : t.failure(u, c)),
      t.identity,
    ),
    { type: 'string', enum: [...values] },
  )
}

/** A string-keyed map decoded into a prototype-free `Dict`, so any key is safe. */
export const dictOf = <C extends t.Mixed>(codec: C, name = `an object of ${codec.name} values`) =>
  withJsonSchema(
    new t.Type<Dict<t.TypeOf<C>>, Dict<t.OutputOf<C>>, unknown>(
      name,
      (u): u is Dict<t.TypeOf<C>> =>
        u !== null && typeof u === 'object' && !Array.isArray(u) && Object.values(u).every((v) => codec.is(v)),
      (u, c) => {
        if (u === null || typeof u !== 'object' || Array.isArray(u)) return t.failure(u, c)
        const entries: [string, t.TypeOf<C>][] = []
        const errors: t.Errors = []
        for (const key of Object.keys(u)) {
          const value = (u as Record<string, unknown>)[key]
          const r = codec.validate(value, t.appendContext(c, key, codec, value))
          if (r._tag === 'Left') errors.push(...r.left)
          else entries.push([key, r.right])
        }
        return errors.length > 0 ? t.failures(errors) : t.success(dictFrom(entries))
      },
      (a) => a as Dict<t.OutputOf<C>>,
    ),
    (of) => ({ type: 'object', additionalProperties: of(codec) }),
  )

/** A dictionary inside a stored row or record, typed as the `Dict` it holds. */
export const rowDict = <C extends t.Mixed>(codec: C) => dictOf(codec) as unknown as t.Type<Dict<t.TypeOf<C>>, unknown>

/**
 * A stored row's codec (a table's row, or what one holds): `required` fields, and `optional`
 * ones absent in rows written before them; read-only. It accepts more than it names (io-ts
 * `type` ignores unknown fields).
 */
export const row = <R extends t.Props, O extends t.Props = {}>(required: R, optional?: O) =>
  t.readonly(t.intersection([t.type(required), t.partial(optional ?? ({} as O))]))

/**
 * `t.partial`, but a field left out is not validated: io-ts validates each one as undefined
 * and throws the failure away, and for a body of one field out of six those failures were a
 * tenth of an update's garbage. The same type, result and errors otherwise.
 */
export const optional = <P extends t.Props>(props: P, name?: string): t.PartialC<P> => {
  const base = t.partial(props, name)
  const keys = Object.keys(props)
  return new t.PartialType<P, t.TypeOf<typeof base>, t.OutputOf<typeof base>, unknown>(
    base.name,
    base.is,
    (u, c) => {
      if (!t.UnknownRecord.is(u)) return t.failure(u, c)
      let out: Record<string, unknown> | undefined
      let errors: t.Errors | undefined
      for (const key of keys) {
        const value = u[key]
        if (value === undefined) continue
        const type = props[key]!
        const r = type.validate(value, t.appendContext(c, key, type, value))
        if (r._tag === 'Left') (errors ??= []).push(...r.left)
        else if (r.right !== value) (out ??= { ...u })[key] = r.right
      }
      return errors ? t.failures(errors) : t.success((out ?? u) as t.TypeOf<typeof base>)
    },
    base.encode,
    props,
  )
}

/**
 * `t.type` for fields whose codecs answer a value they accept as it is (strings, numbers and
 * refinements of them), as path parameters are: an object every field of which passes `is`
 * is answered as it is, without the context io-ts builds for each field on every read;
 * anything else is validated by `t.type`, errors and all.
 */
export const plainFields = <P extends t.Props>(props: P, name?: string): t.TypeC<P> => {
  const base = t.type(props, name)
  return new t.InterfaceType(base.name, base.is, (u, c) => (base.is(u) ? t.success(u) : base.validate(u, c)), base.encode, props)
}

/**
 * An object with required and optional properties that refuses properties it does not
 * know, reporting each one by its path (Unleash's `additionalProperties: false`).
 */
export const closed = <R extends t.Props, O extends t.Props = {}>(required: R, fields?: O, name?: string) => {
  const parts = [t.exact(t.type(required)), ...(fields ? [t.exact(optional(fields))] : [])] as t.Mixed[]
  const known = new Set([...Object.keys(required), ...Object.keys(fields ?? {})])
  type A = t.TypeOf<t.TypeC<R>> & Partial<t.TypeOf<t.TypeC<O>>>
  const all: t.Props = { ...required, ...fields }
  const schema = (of: (codec: object) => JsonSchema): JsonSchema => ({
    type: 'object',
    properties: Object.fromEntries(Object.entries(all).map(([k, codec]) => [k, of(codec)])),
    ...(Object.keys(required).length > 0 ? { required: Object.keys(required) } : {}),
    additionalProperties: false,
  })
  const codec = new t.Type<A, A, unknown>(
    name ?? 'an object',
    (u): u is A => parts.every((p) => p.is(u)) && Object.keys(u as object).every((k) => known.has(k)),
    (u, c) => {
      if (u === null || typeof u !== 'object' || Array.isArray(u)) return t.failure(u, c)
      const record = u as Record<string, unknown>
      // Each part validates in this codec's own context, so paths read `/body/<property>`.
      const errors: t.Errors = Object.keys(record)
        .filter((k) => !known.has(k))
        .map((k) => ({ value: record[k], context: [...c, { key: k, type: Unknown, actual: record[k] }] }))
      const out: Record<string, unknown> = {}
      for (const part of parts) {
        const r = part.validate(u, c)
        if (r._tag === 'Left') errors.unshift(...r.left)
        else Object.assign(out, r.right)
      }
      return errors.length > 0 ? t.failures(errors) : t.success(out as A)
    },
    t.identity,
  )
  return withJsonSchema(codec, schema)
}

/** Marks a property that is not allowed (see `closed`). */
export const Unknown = new t.Type<never, never, unknown>(
  'not allowed here',
  (_): _ is never => false,
  (u, c) => t.failure(u, c),
  t.identity,
)

/**
 * `t.exact` of the required and optional fields: extra properties are dropped silently. Always
 * an intersection, even without optional fields: `t.exact(t.type(...))` alone reports a bad
 * field at the object's path, not at the field's (see `detailsOf`).
 */
export const open = <R extends t.Props, O extends t.Props = {}>(required: R, fields?: O, name?: string) =>
  t.exact(t.intersection([t.type(required), optional(fields ?? ({} as O))]), name ?? 'an object') as unknown as t.Type<
    t.TypeOf<t.TypeC<R>> & Partial<t.TypeOf<t.TypeC<O>>>,
    t.TypeOf<t.TypeC<R>> & Partial<t.TypeOf<t.TypeC<O>>>,
    unknown
  >

/** Whether a value is JSON data: no undefined, function, symbol, BigInt, non-finite number, or cycle. */
const isJson = (u: unknown, ancestors: Set<object>): boolean => {
  if (u === null || typeof u === 'string' || typeof u === 'boolean') return true
  if (typeof u === 'number') return Number.isFinite(u)
  if (typeof u !== 'object' || ancestors.has(u)) return false
  ancestors.add(u)
  const ok = (Array.isArray(u) ? u : Object.values(u)).every((v) => isJson(v, ancestors))
  ancestors.delete(u)
  return ok
}

/**
 * Any JSON value, where a body takes any (a JSON Patch's `value`). An in-process caller can
 * send what JSON cannot hold; it is refused here, before a copy or a comparison would throw.
 */
export const JsonValue = withJsonSchema(
  new t.Type<unknown, unknown, unknown>(
    'a JSON value',
    (u): u is unknown => isJson(u, new Set()),
    (u, c) => (isJson(u, new Set()) ? t.success(u) : t.failure(u, c)),
    t.identity,
  ),
  {},
)

/**
 * A codec whose static type is `A`, an interface declared as extending the codec's own type,
 * so declarations, hovers and errors name the record instead of spelling out its fields:
 * `export const Feature: Named<typeof FeatureCodec, Feature> = FeatureCodec` (the assignment
 * holds only while `A` is the codec's type). The codec itself is unchanged.
 */
export type Named<C, A> =
  C extends t.InterfaceType<infer P, any, infer O, infer I>
    ? t.InterfaceType<P, A, O, I>
    : C extends t.PartialType<infer P, any, infer O, infer I>
      ? t.PartialType<P, A, O, I>
      : C extends t.IntersectionType<infer CS, any, infer O, infer I>
        ? t.IntersectionType<CS, A, O, I>
        : C extends t.ExactType<infer T, any, infer O, infer I>
          ? t.ExactType<T, A, O, I>
          : C extends t.Type<any, infer O, infer I>
            ? t.Type<A, O, I>
            : never

