import { allDefaultStrategies, allStrategies, describeDefaultUse, describeUse } from '../segment/usage.js'
import type { ReadState } from '../../store/tx.js'

/** Stickiness values that are not context fields. */
const BUILT_IN_STICKINESS = new Set(['default', 'random'])

/** A context field named somewhere: `path` is relative to the thing that names it. */
export interface ContextRef {
  readonly path: string
  readonly name: string
}

interface ConstraintLike {
  readonly contextName: string
}
interface StrategyLike {
  readonly constraints?: readonly ConstraintLike[]
  readonly parameters?: Readonly<Record<string, unknown>>
  readonly variants?: readonly { readonly stickiness?: string }[]
}
interface VariantLike {
  readonly stickiness?: string
  readonly overrides?: readonly ConstraintLike[]
}

const stickiness = (value: unknown, path: string): ContextRef[] =>
  typeof value === 'string' && !BUILT_IN_STICKINESS.has(value) ? [{ path, name: value }] : []

export const constraintRefs = (constraints: readonly ConstraintLike[] = [], base = '/constraints'): ContextRef[] =>
  constraints.map((c, i) => ({ path: `${base}/${i}/contextName`, name: c.contextName }))

/** Constraints, the `stickiness` parameter and the variants' stickiness. */
export const strategyRefs = (s: StrategyLike): ContextRef[] => [
  ...constraintRefs(s.constraints),
  ...stickiness(s.parameters?.stickiness, '/parameters/stickiness'),
  ...(s.variants ?? []).flatMap((v, i) => stickiness(v.stickiness, `/variants/${i}/stickiness`)),
]

/** Feature-environment variants: their stickiness and their overrides. */
export const variantRefs = (variants: readonly VariantLike[] = [], base = '/variants'): ContextRef[] =>
  variants.flatMap((v, i) => [...stickiness(v.stickiness, `${base}/${i}/stickiness`), ...constraintRefs(v.overrides, `${base}/${i}/overrides`)])

const names = (refs: readonly ContextRef[]): string[] => refs.map((r) => r.name)

/** What uses a context field: strategies, projects' default strategies, feature-environment variants and segments, described. */
export const contextFieldUses = (state: ReadState, name: string): string[] => {
  const uses: string[] = []
  for (const use of allStrategies(state)) {
    if (names(strategyRefs(use.strategy)).includes(name)) uses.push(`Used by ${describeUse(use)}.`)
  }
  for (const use of allDefaultStrategies(state)) {
    if (names(strategyRefs(use.strategy)).includes(name)) uses.push(`Used by ${describeDefaultUse(use)}.`)
  }
  for (const feature of state.features.rows()) {
    for (const [environment, settings] of Object.entries(feature.environments)) {
      if (names(variantRefs(settings.variants)).includes(name)) uses.push(`Used by the variants of feature "${feature.name}" in environment "${environment}".`)
    }
  }
  for (const segment of state.segments.rows()) {
    if (names(constraintRefs(segment.constraints)).includes(name)) uses.push(`Used by segment ${segment.id} ("${segment.name}").`)
  }
  return uses
}
