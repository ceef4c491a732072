import { dictFrom, lookup } from '../../model/dict.js'
import type { ExportResult } from '../../model/export.js'
import type { FeatureState, State } from '../../model/state.js'
import { getRow } from '../../model/table.js'
import { constraintRefs, strategyRefs, variantRefs } from '../context-field/usage.js'
import { renderTagType } from '../tag/tag-types.js'

const sortedNames = (names: Iterable<string>): string[] => [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

/**
 * The export of `features` (already selected and sorted) in one environment. Strategies and
 * feature environments are that environment's; context fields, segments and tag types are
 * only those the exported data uses.
 */
export const buildExport = (state: State, features: readonly FeatureState[], environment: string): ExportResult => {
  const inEnvironment = features.flatMap((feature) => {
    const settings = lookup(feature.environments, environment)
    return settings ? [{ feature, settings }] : []
  })
  const featureStrategies = inEnvironment.flatMap(({ feature, settings }) =>
    settings.strategies.map((s) => ({
      name: s.name,
      id: s.id,
      featureName: feature.name,
      title: s.title,
      parameters: dictFrom(Object.entries(s.parameters)),
      constraints: s.constraints.map((c) => ({ ...c, values: [...c.values] })),
      variants: s.variants.map((v) => ({ ...v })),
      disabled: s.disabled,
      segments: [...s.segments],
      sortOrder: s.sortOrder,
    })),
  )
  const featureEnvironments = inEnvironment.map(({ feature, settings }) => ({
    enabled: settings.enabled,
    featureName: feature.name,
    environment,
    variants: settings.variants.map((v) => ({ ...v, overrides: v.overrides.map((o) => ({ ...o, values: [...o.values] })) })),
    name: feature.name,
  }))
  const segments = [...new Set(featureStrategies.flatMap((s) => s.segments))]
    .sort((a, b) => a - b)
    .flatMap((id) => getRow(state.segments, String(id)) ?? [])
    .map((s) => ({ id: s.id, name: s.name, description: s.description, project: s.project, constraints: s.constraints.map((c) => ({ ...c, values: [...c.values] })) }))
  const contextNames = sortedNames(
    [
      ...featureStrategies.flatMap((s) => strategyRefs(s)),
      ...featureEnvironments.flatMap((e) => variantRefs(e.variants)),
      ...segments.flatMap((s) => constraintRefs(s.constraints)),
    ].map((ref) => ref.name),
  )
  const contextFields = contextNames
    .flatMap((name) => getRow(state.contextFields, name) ?? [])
    .map((f) => ({
      name: f.name,
      description: f.description,
      stickiness: f.stickiness,
      sortOrder: f.sortOrder,
      legalValues: f.legalValues.map((v) => ({ ...v })),
      ...(f.project !== undefined ? { project: f.project } : {}),
    }))
  const featureTags = features.flatMap((f) => f.tags.map((t) => ({ featureName: f.name, tagType: t.type, tagValue: t.value })))
  const tagTypes = sortedNames(featureTags.map((t) => t.tagType))
    .flatMap((name) => getRow(state.tagTypes, name) ?? [])
    .map(renderTagType)
  const dependencies = features
    .filter((f) => f.dependencies.length > 0)
    .map((f) => ({ feature: f.name, dependencies: f.dependencies.map((d) => ({ ...d, ...(d.variants ? { variants: [...d.variants] } : {}) })) }))
  return {
    features: features.map((f) => ({
      name: f.name,
      description: f.description,
      type: f.type,
      project: f.project,
      stale: f.stale,
      impressionData: f.impressionData,
      archived: f.archived,
    })),
    featureStrategies,
    featureEnvironments,
    contextFields,
    featureTags,
    segments,
    tagTypes,
    dependencies,
    links: [],
  }
}
