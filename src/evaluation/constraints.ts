import type { ClientConstraint } from '../model/client-features.js'
import { type Context, type FieldReader, fieldReader } from './context.js'
import { parseIp, parseIpRange, rangeContains } from './ip.js'
import { compileRegex } from './regex.js'
import { type SemVer, compareSemver, parseSemver } from './semver.js'

/**
 * Constraints compiled once per client-features payload: value sets, lower-cased values,
 * parsed numbers, dates, versions, regexes and CIDR ranges are built here, so a check is
 * a lookup or a comparison.
 */

/** A compiled test on the context. */
export type Predicate = (context: Context) => boolean

/** The one impure input constraints may need: the clock, for DATE_* without `currentTime`. */
export interface ConstraintSources {
  /** Milliseconds since the epoch. Without it, DATE_* on `currentTime` needs the context's value. */
  readonly now?: () => number
}

const never: Predicate = () => false
const always: Predicate = () => true

/** Multi-value operators skip blank entries and trim the rest, as the Unleash SDKs do. */
const cleanValues = (constraint: ClientConstraint): string[] => {
  const raw = constraint.values ?? (constraint.value === undefined ? [] : [constraint.value])
  return raw.filter((v) => typeof v === 'string' && v.trim() !== '').map((v) => v.trim())
}

const singleValue = (constraint: ClientConstraint): string | undefined => constraint.value ?? constraint.values?.[0]

const DECIMAL = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/

/** Decimal only: `Number` would also read '' and ' ' as 0 and '0x1f' as 31. */
const parseNumber = (text: string | undefined): number | undefined => {
  if (text === undefined || !DECIMAL.test(text)) return undefined
  const n = Number(text)
  return Number.isFinite(n) ? n : undefined
}

const parseVersion = (text: string | undefined): SemVer | undefined =>
  text === undefined ? undefined : parseSemver(text)

const parseDate = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? undefined : ms
}

const compare = <T>(
  read: FieldReader,
  parse: (text: string | undefined) => T | undefined,
  target: T | undefined,
  order: (a: T, b: T) => number,
  accept: (sign: number) => boolean,
): Predicate => {
  if (target === undefined) return never
  return (context) => {
    const value = parse(read(context))
    return value !== undefined && accept(order(value, target))
  }
}

const eq = (s: number): boolean => s === 0
const gt = (s: number): boolean => s > 0
const gte = (s: number): boolean => s >= 0
const lt = (s: number): boolean => s < 0
const lte = (s: number): boolean => s <= 0

/** Ordering operators: which parser, and which comparison results pass. */
const ORDER_TESTS: Readonly<Record<string, readonly ['NUM' | 'SEMVER', (sign: number) => boolean]>> = Object.freeze({
  NUM_EQ: ['NUM', eq],
  NUM_GT: ['NUM', gt],
  NUM_GTE: ['NUM', gte],
  NUM_LT: ['NUM', lt],
  NUM_LTE: ['NUM', lte],
  SEMVER_EQ: ['SEMVER', eq],
  SEMVER_GT: ['SEMVER', gt],
  SEMVER_GTE: ['SEMVER', gte],
  SEMVER_LT: ['SEMVER', lt],
  SEMVER_LTE: ['SEMVER', lte],
})

const byNumber = (a: number, b: number): number => a - b

const stringOperator = (
  read: FieldReader,
  values: string[],
  caseInsensitive: boolean,
  test: (value: string, candidate: string) => boolean,
): Predicate => {
  const candidates = caseInsensitive ? values.map((v) => v.toLowerCase()) : values
  return (context) => {
    const raw = read(context)
    if (raw === undefined) return false
    const value = caseInsensitive ? raw.toLowerCase() : raw
    return candidates.some((candidate) => test(value, candidate))
  }
}

/** The reader DATE_* uses: `currentTime` falls back to the injected clock. */
const dateReader = (name: string, sources: ConstraintSources): ((context: Context) => number | undefined) => {
  const read = fieldReader(name)
  if (name !== 'currentTime') return (context) => parseDate(read(context))
  const now = sources.now
  return (context) => {
    const given = context.currentTime
    if (given instanceof Date) return Number.isNaN(given.getTime()) ? undefined : given.getTime()
    if (given !== undefined) return parseDate(given)
    return now === undefined ? undefined : now()
  }
}

/** The operator itself, before `inverted`; `undefined` for an operator this evaluator does not know. */
const compileOperator = (constraint: ClientConstraint, sources: ConstraintSources): Predicate | undefined => {
  const read = fieldReader(constraint.contextName)
  const operator = constraint.operator
  const caseInsensitive = constraint.caseInsensitive === true

  switch (operator) {
    case 'IN':
    case 'NOT_IN': {
      const set = new Set(cleanValues(constraint))
      const isIn: Predicate = (context) => {
        const value = read(context)
        return value !== undefined && set.has(value)
      }
      return operator === 'IN' ? isIn : (context) => !isIn(context)
    }
    case 'STR_STARTS_WITH':
      return stringOperator(read, cleanValues(constraint), caseInsensitive, (v, c) => v.startsWith(c))
    case 'STR_ENDS_WITH':
      return stringOperator(read, cleanValues(constraint), caseInsensitive, (v, c) => v.endsWith(c))
    case 'STR_CONTAINS':
      return stringOperator(read, cleanValues(constraint), caseInsensitive, (v, c) => v.includes(c))
    case 'REGEX': {
      const pattern = singleValue(constraint)
      const matcher = pattern === undefined ? undefined : compileRegex(pattern, caseInsensitive)
      if (matcher === undefined) return never
      return (context) => {
        const value = read(context)
        return value !== undefined && matcher(value)
      }
    }
    case 'IN_CIDR': {
      const ranges = cleanValues(constraint).flatMap((v) => parseIpRange(v) ?? [])
      if (ranges.length === 0) return never
      return (context) => {
        const text = read(context)
        const address = text === undefined ? undefined : parseIp(text.trim())
        return address !== undefined && ranges.some((range) => rangeContains(range, address))
      }
    }
    case 'DATE_AFTER':
    case 'DATE_BEFORE': {
      const target = parseDate(singleValue(constraint))
      if (target === undefined) return never
      const readDate = dateReader(constraint.contextName, sources)
      const after = operator === 'DATE_AFTER'
      return (context) => {
        const at = readDate(context)
        return at !== undefined && (after ? at > target : at < target)
      }
    }
  }

  const orderTest = Object.hasOwn(ORDER_TESTS, operator) ? ORDER_TESTS[operator] : undefined
  if (orderTest === undefined) return undefined
  const [family, accept] = orderTest
  const target = singleValue(constraint)
  if (family === 'NUM') return compare(read, parseNumber, parseNumber(target), byNumber, accept)
  return compare(read, parseVersion, parseVersion(target), compareSemver, accept)
}

/**
 * Compiles one constraint. `inverted` negates a known operator's result; an unknown
 * operator is false either way, so a newer server cannot switch a flag on by accident.
 */
export const compileConstraint = (constraint: ClientConstraint, sources: ConstraintSources = {}): Predicate => {
  const test = compileOperator(constraint, sources)
  if (test === undefined) return never
  return constraint.inverted === true ? (context) => !test(context) : test
}

/** All constraints must hold; an empty list always holds. */
export const compileConstraints = (
  constraints: readonly ClientConstraint[],
  sources: ConstraintSources = {},
): Predicate => {
  const tests = constraints.map((c) => compileConstraint(c, sources))
  if (tests.length === 0) return always
  if (tests.length === 1) return tests[0]!
  return (context) => {
    for (const test of tests) if (!test(context)) return false
    return true
  }
}
