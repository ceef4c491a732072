import type { FeatureState } from '../../model/state.js'
import { potentiallyStale } from '../feature/feature-types.js'
import type { ReadState } from '../../store/tx.js'

export const DAY_MS = 86_400_000

/** A project's features, archived ones included. */
export const featuresOf = (state: ReadState, projectId: string): FeatureState[] => state.features.rows().filter((f) => f.project === projectId)

/**
 * Unleash's technical debt: the share, in percent, of live features that are stale or have
 * outlived their type's expected lifetime; its health is the rest. No live features: no debt.
 */
export const technicalDebt = (state: ReadState, features: readonly FeatureState[], now: number): number => {
  const live = features.filter((f) => !f.archived)
  if (live.length === 0) return 0
  const isOld = potentiallyStale(state, now)
  const unhealthy = live.filter((f) => f.stale || isOld(f)).length
  return Math.round((unhealthy / live.length) * 100)
}
