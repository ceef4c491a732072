import type { Context, Evaluator } from '../../evaluation/index.js'
import type { FrontendToggle } from '../../model/frontend.js'
import type { ReadState } from '../../store/tx.js'

/** What a frontend token sees: every project, or the ones it names. */
const visible = (projects: readonly string[] | undefined) => (project: string) => projects === undefined || projects.includes(project)

/** A flag's toggle for a context when it is on for it, else undefined: what Unleash answers per flag. */
export const frontendToggle = (state: ReadState, evaluator: Pick<Evaluator, 'getVariant'>, name: string, context: Context, projects?: readonly string[]): FrontendToggle | undefined => {
  const feature = state.features.get(name)
  if (feature === undefined || feature.archived || !visible(projects)(feature.project)) return undefined
  const variant = evaluator.getVariant(name, context)
  if (!variant.featureEnabled) return undefined
  return {
    name,
    enabled: true,
    variant: {
      name: variant.name,
      enabled: variant.enabled,
      ...(variant.payload !== undefined ? { payload: { type: variant.payload.type, value: variant.payload.value } } : {}),
      feature_enabled: true,
      featureEnabled: true,
    },
    impressionData: feature.impressionData,
  }
}

/** The flags on for a context, by name: only those, as Unleash's frontend API answers. */
export const frontendToggles = (state: ReadState, evaluator: Pick<Evaluator, 'getVariant' | 'features'>, context: Context, projects?: readonly string[]): FrontendToggle[] => {
  const toggles: FrontendToggle[] = []
  for (const name of evaluator.features()) {
    const toggle = frontendToggle(state, evaluator, name, context, projects)
    if (toggle !== undefined) toggles.push(toggle)
  }
  return toggles
}
