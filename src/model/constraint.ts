import * as t from 'io-ts'
import { closed, oneOf, type Named } from './codec.js'

/** The operators of the admin API; each takes either `values` or a single `value`. */
export const MULTI_VALUE_OPERATORS = ['IN', 'NOT_IN', 'STR_ENDS_WITH', 'STR_STARTS_WITH', 'STR_CONTAINS'] as const
export const SINGLE_VALUE_OPERATORS = [
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_LT',
  'SEMVER_GTE',
  'SEMVER_LTE',
  'REGEX',
] as const

export const Operator = oneOf([...MULTI_VALUE_OPERATORS, ...SINGLE_VALUE_OPERATORS])
export type Operator = t.TypeOf<typeof Operator>

export const isMultiValue = (op: Operator): boolean => (MULTI_VALUE_OPERATORS as readonly string[]).includes(op)

/** A constraint as sent by a client: the flags default to false; unknown properties are refused, as by Unleash's `constraintSchema`. */
export interface ConstraintInput extends t.TypeOf<typeof ConstraintInputCodec> {}
const ConstraintInputCodec = closed(
  { contextName: t.string, operator: Operator },
  { caseInsensitive: t.boolean, inverted: t.boolean, values: t.array(t.string), value: t.string },
  'a constraint',
)
export const ConstraintInput: Named<typeof ConstraintInputCodec, ConstraintInput> = ConstraintInputCodec

/** A constraint as stored and returned. */
export interface Constraint extends t.TypeOf<typeof ConstraintCodec> {}
const ConstraintCodec = t.intersection([
  t.type({
    contextName: t.string,
    operator: Operator,
    caseInsensitive: t.boolean,
    inverted: t.boolean,
    values: t.array(t.string),
  }),
  t.partial({ value: t.string }),
])
export const Constraint: Named<typeof ConstraintCodec, Constraint> = ConstraintCodec
