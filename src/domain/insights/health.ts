import type { FeatureState } from '../../model/state.js'
import { potentiallyStale } from '../feature/feature-types.js'
import type { ReadState } from '../../store/tx.js'

export const DAY_MS = 86_400_000

/** A project's features, archived ones included. */
export const featuresOf = (state: ReadState, projectId: string): FeatureState[] => state.features.rows().filter((f) => f.project === projectId)

/** How healthy a project's live features are: Unleash's counts and its technical debt, from one look at each feature. */
export interface FeatureHealth {
  /** Live features not stale (the potentially stale among them). */
  readonly activeCount: number
  readonly potentiallyStaleCount: number
  readonly staleCount: number
  /**
   * The share, in percent, of live features that are stale or have outlived their type's
   * expected lifetime; health is the rest. No live features: no debt.
   */
  readonly technicalDebt: number
}

/** The health of `features` (archived ones are left out) at `now`. */
export const featureHealth = (state: ReadState, features: readonly FeatureState[], now: number): FeatureHealth => {
  const isOld = potentiallyStale(state, now)
  let live = 0
  let stale = 0
  let old = 0
  for (const f of features) {
    if (f.archived) continue
    live += 1
    if (f.stale) stale += 1
    else if (isOld(f)) old += 1
  }
  return { activeCount: live - stale, potentiallyStaleCount: old, staleCount: stale, technicalDebt: live === 0 ? 0 : Math.round(((stale + old) / live) * 100) }
}

/** Unleash's technical debt of `features` (see `FeatureHealth`). */
export const technicalDebt = (state: ReadState, features: readonly FeatureState[], now: number): number => featureHealth(state, features, now).technicalDebt
