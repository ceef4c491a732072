/**
 * One flag's part of a features-batch export, as a value to compare: its metadata, and in the
 * export's environment its switch, variants, strategies (segments by name, ids and order
 * numbers left out), tags, dependencies and links (ids left out).
 */
import type { ImportData } from '../../../src/model/export.js'

export const flagNames = (data: ImportData): string[] => data.features.map((f) => f.name)

export const flagPart = (data: ImportData, name: string): unknown => {
  const segmentName = new Map((data.segments ?? []).map((s) => [s.id, s.name]))
  const tags = (data.featureTags ?? []).filter((t) => t.featureName === name).map((t) => `${t.tagType}:${t.tagValue}`)
  const environment = (data.featureEnvironments ?? []).find((e) => e.featureName === name)
  return {
    feature: data.features.find((f) => f.name === name),
    enabled: environment?.enabled ?? false,
    variants: environment?.variants ?? [],
    strategies: data.featureStrategies
      .filter((s) => s.featureName === name)
      .map((strategy) => {
        const { id: _id, sortOrder: _order, featureName: _name, segments, ...rest } = strategy as typeof strategy & { sortOrder?: number }
        return { ...rest, segments: (segments ?? []).map((id) => segmentName.get(id) ?? id) }
      }),
    tags: tags.sort(),
    dependencies: (data.dependencies ?? []).find((d) => d.feature === name)?.dependencies ?? [],
    links: ((data.links ?? []).find((l) => l.feature === name)?.links ?? []).map(({ url, title }) => ({ url, title })),
  }
}

/** The export reduced to the named flags, as the import reads it. */
export const onlyFlags = (data: ImportData, names: ReadonlySet<string>): ImportData => ({
  ...data,
  features: data.features.filter((f) => names.has(f.name)),
  featureStrategies: data.featureStrategies.filter((s) => names.has(s.featureName)),
  ...(data.featureEnvironments ? { featureEnvironments: data.featureEnvironments.filter((e) => names.has(e.featureName)) } : {}),
  ...(data.featureTags ? { featureTags: data.featureTags.filter((t) => names.has(t.featureName)) } : {}),
  ...(data.dependencies ? { dependencies: data.dependencies.filter((d) => names.has(d.feature)) } : {}),
  ...(data.links ? { links: data.links.filter((l) => names.has(l.feature)) } : {}),
})
