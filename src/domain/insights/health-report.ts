import type { DoraMetrics, HealthReport, ProjectInsights } from '../../model/insights.js'
import type { FeatureState, ProjectState } from '../../model/state.js'
import { renderEnvironments } from '../feature/render.js'
import { favoriteFeaturesOf, favoriteProjectsOf } from '../user/favorites.js'
import { DAY_MS, type FeatureHealth, featuresOf } from './health.js'
import { projectEvents, projectFigures, typeCounts } from './overview.js'
import type { ReadState } from '../../store/tx.js'

/**
 * Unleash's lead time (its DORA metrics): for each release flag of the project, archived ones
 * too, the whole days from its creation to the first time it was turned on in a production
 * environment, as the recorded events tell it; the project's average to one decimal (0.1 when
 * every flag made it within a day, 0 when none has yet).
 */
export const doraMetrics = (state: ReadState, projectId: string): DoraMetrics => {
  const releases = new Map(featuresOf(state, projectId).filter((f) => f.type === 'release').map((f) => [f.name, f]))
  const firstEnabled = new Map<string, string>()
  // Newest first, so the last one seen for a feature is its first.
  for (const e of projectEvents(state, projectId)) {
    if (e.type !== 'feature-environment-enabled' || e.featureName === undefined || e.environment === undefined) continue
    if (releases.has(e.featureName) && state.environments.get(e.environment)?.type === 'production') firstEnabled.set(e.featureName, e.createdAt)
  }
  const features = [...firstEnabled]
    .map(([name, enabled]) => ({ name, timeToProduction: Math.floor((Date.parse(enabled) - Date.parse(releases.get(name)!.createdAt)) / DAY_MS) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  if (features.length === 0) return { projectAverage: 0, features }
  const average = features.reduce((sum, f) => sum + f.timeToProduction, 0) / features.length
  return { projectAverage: Number(average.toFixed(1)) || 0.1, features }
}

/** Unleash's counts of live features by health: every one not stale is active, the potentially stale among them too. */
const countsOf = ({ activeCount, potentiallyStaleCount, staleCount }: FeatureHealth) => ({ activeCount, potentiallyStaleCount, staleCount })

/** Oldest first, then by name, as Unleash lists a project's features. */
const byCreation = (a: FeatureState, b: FeatureState): number => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** Unleash's project health report: the project's settings, its live features with their environments, and their health. */
export const healthReport = (state: ReadState, project: ProjectState, userId: number | undefined, now: number): HealthReport => {
  const { features, events, stats, health } = projectFigures(state, project.id, now)
  const live = features.filter((f) => !f.archived)
  const debt = health.technicalDebt
  const favorites = new Set(favoriteFeaturesOf(state, userId))
  return {
    stats,
    version: 1,
    name: project.name,
    description: project.description,
    defaultStickiness: project.defaultStickiness,
    mode: project.mode,
    featureLimit: project.featureLimit,
    featureNaming: { pattern: null, example: null, description: null },
    members: project.owners.length,
    health: 100 - debt,
    technicalDebt: debt,
    environments: project.environments.map((environment) => ({ environment })),
    features: [...live].sort(byCreation).map((f) => ({
      name: f.name,
      type: f.type,
      description: f.description,
      favorite: favorites.has(f.name),
      createdAt: f.createdAt,
      stale: f.stale,
      impressionData: f.impressionData,
      environments: renderEnvironments(state, f, 'stored').map((e) => ({
        name: e.name,
        enabled: e.enabled,
        type: e.type,
        sortOrder: e.sortOrder,
        variantCount: e.variantCount,
        lastSeenAt: e.lastSeenAt,
        hasStrategies: e.hasStrategies,
        hasEnabledStrategies: e.hasEnabledStrategies,
      })),
    })),
    updatedAt: events[0]?.createdAt ?? project.createdAt,
    createdAt: project.createdAt,
    favorite: favoriteProjectsOf(state, userId).includes(project.id),
    ...countsOf(health),
  }
}

/**
 * Unleash's project insights: the 30-day statistics, health, lead time, features by type and
 * members (the project's owners; no member history is kept, so no change).
 */
export const projectInsights = (state: ReadState, project: ProjectState, now: number): ProjectInsights => {
  const { features, stats, health } = projectFigures(state, project.id, now)
  const debt = health.technicalDebt
  const counts = countsOf(health)
  return {
    stats,
    health: { rating: 100 - debt, ...counts },
    technicalDebt: { rating: debt, ...counts },
    leadTime: doraMetrics(state, project.id),
    featureTypeCounts: [...typeCounts(features)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([type, count]) => ({ type, count })),
    members: { currentMembers: project.owners.length, change: 0 },
  }
}
