import { type ConstraintInput, type Constraint, isMultiValue } from '../../model/constraint.js'
import type { StrategyBody } from '../../model/strategy.js'
import type { LegalValue, SegmentState } from '../../model/state.js'
import type { StrategyVariant } from '../../model/variant.js'
import type { ResourceLimits } from '../../model/limits.js'
import type { Ctx } from '../context.js'
import { type ErrorDetail, type ExceedsLimitError, exceedsLimit } from '../errors.js'
import { compileRegex } from '../../evaluation/regex.js'
import { isSemver } from './semver.js'
import type { ReadState } from '../../store/tx.js'

const isNumeric = (s: string): boolean => s.trim() !== '' && Number.isFinite(Number(s))
const isDate = (s: string): boolean => !Number.isNaN(Date.parse(s))

/** Checks one constraint and returns it with its defaults filled in, or what is wrong. */
export const checkConstraint = (c: ConstraintInput, path: string, problems: ErrorDetail[]): Constraint => {
  const constraint: Constraint = {
    contextName: c.contextName,
    operator: c.operator,
    caseInsensitive: c.caseInsensitive ?? false,
    inverted: c.inverted ?? false,
    values: c.values ?? [],
    ...(c.value !== undefined ? { value: c.value } : {}),
  }
  if (c.contextName.trim() === '') problems.push({ path: `${path}/contextName`, message: `The \`${path}/contextName\` property must not be empty.` })
  if (isMultiValue(c.operator)) {
    if (c.values === undefined || c.values.length === 0) {
      problems.push({ path: `${path}/values`, message: `The operator ${c.operator} needs a non-empty \`values\` list.` })
    }
    return constraint
  }
  // REGEX reads `value` only, as Unleash does; the others take a one-entry `values` too.
  const single = c.operator === 'REGEX' ? c.value : (c.value ?? (c.values && c.values.length === 1 ? c.values[0] : undefined))
  if (single === undefined) {
    problems.push({ path: `${path}/value`, message: `The operator ${c.operator} needs a single \`value\`.` })
    return constraint
  }
  const kind = c.operator.split('_')[0]
  const ok =
    kind === 'NUM' ? isNumeric(single) : kind === 'DATE' ? isDate(single) : kind === 'REGEX' ? compileRegex(single, c.caseInsensitive ?? false) !== undefined : isSemver(single)
  if (!ok) {
    const what = kind === 'NUM' ? 'a number' : kind === 'DATE' ? 'a date' : kind === 'REGEX' ? 'a regular expression in RE2 syntax (no lookarounds or backreferences)' : 'a semantic version (e.g. 1.2.3)'
    problems.push({ path: `${path}/value`, message: `The \`${path}/value\` property must be ${what} for ${c.operator}. You sent ${JSON.stringify(single)}.` })
  }
  return { ...constraint, value: single }
}

/** Fixed weights are kept; variable ones share what is left so the total is 1000. */
export const checkWeights = (variants: readonly { name: string; weight: number; weightType?: string }[], path: string, problems: ErrorDetail[]): void => {
  if (variants.length === 0) return
  const names = new Set<string>()
  variants.forEach((v, i) => {
    if (names.has(v.name)) problems.push({ path: `${path}/${i}/name`, message: `Variant names must be unique; "${v.name}" appears twice.` })
    names.add(v.name)
    if (v.weight < 0 || v.weight > 1000) {
      problems.push({ path: `${path}/${i}/weight`, message: `The \`${path}/${i}/weight\` property must be between 0 and 1000. You sent ${v.weight}.` })
    }
  })
  const fixed = variants.filter((v) => v.weightType === 'fix')
  const fixedTotal = fixed.reduce((sum, v) => sum + v.weight, 0)
  // Unleash's rules (its fixVariantWeights): one variable variant at least, to take what the
  // fixed ones leave (nothing, when they take 1000), and fixed ones within 1000.
  if (fixed.length === variants.length) problems.push({ path, message: 'There must be at least one "variable" variant' })
  else if (fixedTotal > 1000) problems.push({ path, message: `The fixed weights add up to ${fixedTotal}, more than 1000.` })
}

/**
 * Variants as Unleash stores them (its `fixVariantWeights`): variable weights get an equal share
 * of what fixed ones leave, the first sent absorbing the remainder, then all sorted by name.
 * The order is not cosmetic: SDKs pick a variant by walking the weights in stored order.
 */
export const distributeWeights = <V extends { name: string; weight: number; weightType?: string }>(variants: readonly V[]): V[] => {
  const variable = variants.filter((v) => v.weightType !== 'fix')
  const left = 1000 - variants.filter((v) => v.weightType === 'fix').reduce((s, v) => s + v.weight, 0)
  const share = variable.length === 0 ? 0 : Math.floor(left / variable.length)
  let remainder = left - share * variable.length
  const weighed = variants.map((v) => {
    if (v.weightType === 'fix') return v
    const extra = remainder > 0 ? 1 : 0
    remainder -= extra
    return { ...v, weight: share + extra }
  })
  // localeCompare, as Unleash sorts: names differing only in case sort together.
  return weighed.sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The `constraints` and `constraintValues` limits, as Unleash applies them: a strategy may not
 * grow past them, but one already past them (the limits were lowered) may be saved unchanged
 * or smaller. `existing` is the strategy's constraints before an update, [] for a new one.
 */
export const checkConstraintLimits = (
  inputs: readonly ConstraintInput[],
  existing: readonly Constraint[],
  limits: ResourceLimits,
): ExceedsLimitError | undefined => {
  if (inputs.length > limits.constraints && inputs.length > existing.length) return exceedsLimit('constraints', limits.constraints)
  const sameLength = inputs.length === existing.length
  const over = inputs.find((c, i) => {
    const count = c.values?.length ?? 0
    const kept = sameLength && (existing[i]?.values.length ?? 0) >= count
    return count > limits.constraintValues && !kept
  })
  return over ? exceedsLimit(`constraint values for ${over.contextName}`, limits.constraintValues) : undefined
}

/**
 * What placing a strategy is checked against: each context field's legal values, and the
 * segment each of the strategy's segment ids stands for. An import sees the store as it will
 * be once its context fields and segments exist.
 */
export interface Placement {
  readonly legalValues: (contextName: string) => readonly LegalValue[]
  readonly segment: (id: number) => Pick<SegmentState, 'id' | 'name' | 'project'> | undefined
}

/** The store as it is. */
export const placementIn = (state: ReadState): Placement => ({
  legalValues: (name) => state.contextFields.get(name)?.legalValues ?? [],
  segment: (id) => state.segments.get(String(id)),
})

/** Each value a constraint names must be one of its context field's legal values, when it has any. */
const checkLegalValues = (legal: readonly LegalValue[], c: Constraint, path: string, problems: ErrorDetail[]): void => {
  if (legal.length === 0) return
  const allowed = new Set(legal.map((v) => v.value))
  const wrong = (value: string, at: string) =>
    problems.push({ path: at, message: `"${value}" is not a legal value of the context field "${c.contextName}". Use one of its legal values.` })
  if (isMultiValue(c.operator)) c.values.forEach((v, j) => allowed.has(v) || wrong(v, `${path}/values/${j}`))
  else if (c.value !== undefined && !allowed.has(c.value)) wrong(c.value, `${path}/value`)
}

/** Everything wrong with a strategy body in one list; empty when it is fine. */
export const checkStrategy = (state: ReadState, body: StrategyBody, ctx: Ctx): { problems: ErrorDetail[]; constraints: Constraint[]; variants: StrategyVariant[] } => {
  const problems: ErrorDetail[] = []
  if (!state.strategyTypes.get(body.name)) {
    problems.push({ path: '/body/name', message: `The strategy type "${body.name}" does not exist.` })
  }
  const constraints = (body.constraints ?? []).map((c, i) => checkConstraint(c, `/body/constraints/${i}`, problems))
  const segments = body.segments ?? []
  if (segments.length > ctx.limits.strategySegments) {
    problems.push({ path: '/body/segments', message: `A strategy may use at most ${ctx.limits.strategySegments} segments; it uses ${segments.length}.` })
  }
  const rollout = body.parameters?.rollout
  if (rollout !== undefined) {
    // Stored as a string: `true` would become "true", not 1.
    const text = String(rollout)
    const n = Number(text)
    if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) problems.push({ path: '/body/parameters/rollout', message: `The rollout must be a number from 0 to 100. You sent ${JSON.stringify(rollout)}.` })
  }
  // A strategy variant's `overrides` are checked by the body's codec and not kept (see StrategyVariantInput).
  const variants = (body.variants ?? []).map(({ overrides: _, ...variant }) => variant)
  checkWeights(variants, '/body/variants', problems)
  return { problems, constraints, variants: problems.length === 0 ? distributeWeights(variants) : variants }
}

/**
 * What a strategy must respect once it is placed in a project: the legal values of its
 * context fields, and segments of this project (or of none).
 */
export const checkStrategyPlacement = (placement: Placement, body: Pick<StrategyBody, 'segments'>, constraints: readonly Constraint[], projectId: string): ErrorDetail[] => {
  const problems: ErrorDetail[] = []
  constraints.forEach((c, i) => checkLegalValues(placement.legalValues(c.contextName), c, `/body/constraints/${i}`, problems))
  ;(body.segments ?? []).forEach((id, i) => {
    const segment = placement.segment(id)
    if (segment && segment.project !== null && segment.project !== projectId) {
      problems.push({ path: `/body/segments/${i}`, message: `The segment "${segment.name}" (id ${segment.id}) belongs to project "${segment.project}", not "${projectId}".` })
    }
  })
  return problems
}
