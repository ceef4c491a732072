import { lookup } from '../../model/dict.js'
import type { OnboardingStatus, ProjectOverview, ProjectStats } from '../../model/insights.js'
import type { FeatureState, ProjectState, StoredEvent } from '../../model/state.js'
import { newestFirst } from '../../store/event-log.js'
import { copyJson } from '../../model/json-copy.js'
import { stagesOf } from '../feature/lifecycle.js'
import { DAY_MS, type FeatureHealth, featureHealth, featuresOf } from './health.js'
import type { ReadState } from '../../store/tx.js'

const WINDOW_MS = 30 * DAY_MS

/** Counts of a project's last 30 days and the 30 before, from its features and its recorded events. */
export const projectStats = (features: readonly FeatureState[], events: readonly StoredEvent[], now: number): ProjectStats => {
  const window = (iso: string | null, back: number): boolean => {
    if (iso === null) return false
    const at = Date.parse(iso)
    return at > now - (back + 1) * WINDOW_MS && at <= now - back * WINDOW_MS
  }
  const count = <T>(items: readonly T[], when: (item: T) => string | null, back: number): number => items.filter((item) => window(when(item), back)).length
  // Days from creation to going live, of the features that went live in the window.
  const toLive = features.flatMap((f) => {
    const live = stagesOf(f).find((s) => s.stage === 'live')
    return live !== undefined && window(live.enteredStageAt, 0) ? [(Date.parse(live.enteredStageAt) - Date.parse(f.createdAt)) / DAY_MS] : []
  })
  return {
    avgTimeToProdCurrentWindow: toLive.length === 0 ? 0 : Math.round((toLive.reduce((a, b) => a + b, 0) / toLive.length) * 10) / 10,
    createdCurrentWindow: count(features, (f) => f.createdAt, 0),
    createdPastWindow: count(features, (f) => f.createdAt, 1),
    archivedCurrentWindow: count(features, (f) => f.archivedAt, 0),
    archivedPastWindow: count(features, (f) => f.archivedAt, 1),
    projectActivityCurrentWindow: count(events, (e) => e.createdAt, 0),
    projectActivityPastWindow: count(events, (e) => e.createdAt, 1),
    // Project roles are not recorded as events: no member is known to have been added.
    projectMembersAddedCurrentWindow: 0,
  }
}

/** Onboarding: started with no features; `first-flag-created` until an SDK has seen one; then onboarded. */
export const onboarding = (features: readonly FeatureState[]): OnboardingStatus => {
  const live = features.filter((f) => !f.archived)
  if (live.some((f) => Object.keys(f.environments).some((env) => lookup(f.environments, env)?.lastSeenAt != null))) return { status: 'onboarded' }
  const first = [...live].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))[0]
  return first === undefined ? { status: 'onboarding-started' } : { status: 'first-flag-created', feature: first.name }
}

/** The project's recorded events, newest first. */
export const projectEvents = (state: ReadState, projectId: string): StoredEvent[] => {
  const out: StoredEvent[] = []
  for (const e of newestFirst(state.events)) if (e.project === projectId) out.push(e)
  return out
}

/** What each view of a project's health reads first: its features (archived ones too), its events newest first, their 30-day statistics and the features' health. */
export interface ProjectFigures {
  readonly features: readonly FeatureState[]
  readonly events: readonly StoredEvent[]
  readonly stats: ProjectStats
  readonly health: FeatureHealth
}

export const projectFigures = (state: ReadState, projectId: string, now: number): ProjectFigures => {
  const features = featuresOf(state, projectId)
  const events = projectEvents(state, projectId)
  return { features, events, stats: projectStats(features, events, now), health: featureHealth(state, features, now) }
}

/** The live features counted by type, in the order first met. */
export const typeCounts = (features: readonly FeatureState[]): Map<string, number> => {
  const types = new Map<string, number>()
  for (const f of features) if (!f.archived) types.set(f.type, (types.get(f.type) ?? 0) + 1)
  return types
}

/**
 * Unleash's project overview: the project's settings, its members (its owners, as the project
 * list counts them), health and technical debt, features by type, and 30-day statistics.
 */
export const projectOverview = (state: ReadState, project: ProjectState, favorite: boolean, now: number): ProjectOverview => {
  const { features, events, stats, health } = projectFigures(state, project.id, now)
  const debt = health.technicalDebt
  return {
    stats,
    version: 1,
    name: project.name,
    description: project.description,
    defaultStickiness: project.defaultStickiness,
    mode: project.mode,
    featureLimit: project.featureLimit,
    featureNaming: { pattern: null },
    linkTemplates: [],
    members: project.owners.length,
    health: 100 - debt,
    technicalDebt: debt,
    environments: project.environments.map((environment) => {
      const defaultStrategy = project.defaultStrategies === undefined ? undefined : lookup(project.defaultStrategies, environment)
      return {
        environment,
        changeRequestsEnabled: project.changeRequestEnvironments.some((c) => c.name === environment),
        ...(defaultStrategy === undefined ? {} : { defaultStrategy: copyJson(defaultStrategy) }),
      }
    }),
    featureTypeCounts: [...typeCounts(features)].map(([type, count]) => ({ type, count })),
    updatedAt: events[0]?.createdAt ?? project.createdAt,
    archivedAt: null,
    createdAt: project.createdAt,
    favorite,
    onboardingStatus: onboarding(features),
  }
}
