import type { LifecycleStage } from '../../model/feature.js'
import type { FlagCreators, LifecycleCount, ProjectStatus } from '../../model/insights.js'
import type { FeatureState } from '../../model/state.js'
import { stagesOf } from '../feature/lifecycle.js'
import { actorName } from '../events.js'
import { DAY_MS, featuresOf, technicalDebt } from './health.js'
import { projectEvents } from './overview.js'
import type { ReadState } from '../../store/tx.js'

const YEAR_MS = 365 * DAY_MS

/** Average days features spent in a stage before entering the next one; null when none has left it. */
const averageDays = (features: readonly FeatureState[], stage: LifecycleStage): number | null => {
  const spans: number[] = []
  for (const f of features) {
    const stages = stagesOf(f)
    const i = stages.findIndex((s) => s.stage === stage)
    const next = i < 0 ? undefined : stages[i + 1]
    if (next !== undefined) spans.push((Date.parse(next.enteredStageAt) - Date.parse(stages[i]!.enteredStageAt)) / DAY_MS)
  }
  return spans.length === 0 ? null : Math.round((spans.reduce((a, b) => a + b, 0) / spans.length) * 10) / 10
}

const inStage = (features: readonly FeatureState[], stage: LifecycleStage): number => features.filter((f) => f.lifecycle.stage === stage).length

/**
 * Unleash's project status: the project's recorded events per day over the last year, its
 * API tokens, members and segments, health, features per lifecycle stage, stale features.
 */
export const projectStatus = (state: ReadState, projectId: string, now: number): ProjectStatus => {
  const features = featuresOf(state, projectId)
  const perDay = new Map<string, number>()
  for (const e of projectEvents(state, projectId)) {
    if (Date.parse(e.createdAt) <= now - YEAR_MS) break
    const day = e.createdAt.slice(0, 10)
    perDay.set(day, (perDay.get(day) ?? 0) + 1)
  }
  const debt = technicalDebt(state, features, now)
  const summary = (stage: LifecycleStage) => ({ averageDays: averageDays(features, stage), currentFlags: inStage(features, stage) })
  const project = state.projects.get(projectId)
  return {
    activityCountByDate: [...perDay].reverse().map(([date, count]) => ({ date, count })),
    resources: {
      apiTokens: state.apiTokens.rows().filter((token) => token.projects.includes(projectId)).length,
      members: project?.owners.length ?? 0,
      segments: state.segments.rows().filter((s) => s.project === projectId).length,
    },
    health: { current: 100 - debt },
    technicalDebt: { current: debt },
    lifecycleSummary: {
      initial: summary('initial'),
      preLive: summary('pre-live'),
      live: summary('live'),
      completed: summary('completed'),
      archived: {
        currentFlags: features.filter((f) => f.archived).length,
        last30Days: features.filter((f) => f.archivedAt !== null && Date.parse(f.archivedAt) > now - 30 * DAY_MS).length,
      },
    },
    staleFlags: { total: features.filter((f) => !f.archived && f.stale).length },
  }
}

/** Who created features (of one project, or of all), each once, by id. */
export const flagCreators = (state: ReadState, projectId?: string): FlagCreators => {
  const ids = new Set<number>()
  for (const f of state.features.rows()) if (projectId === undefined || f.project === projectId) ids.add(f.createdByUserId)
  return [...ids].sort((a, b) => a - b).map((id) => ({ id, name: actorName(state, id, 'unknown') }))
}

/** How many features are in each lifecycle stage, archived ones included. */
export const lifecycleCount = (state: ReadState): LifecycleCount => {
  const all = state.features.rows()
  return {
    initial: inStage(all, 'initial'),
    preLive: inStage(all, 'pre-live'),
    live: inStage(all, 'live'),
    completed: inStage(all, 'completed'),
    archived: inStage(all, 'archived'),
  }
}
