import { lookup } from '../../model/dict.js'
import type { FeatureEnvironmentState } from '../../model/state.js'
import type { Editable, Tx } from '../../store/tx.js'

/** A flag reported in an environment, and when. */
export interface Sighting {
  readonly feature: string
  readonly environment: string
  /** An ISO date-time. */
  readonly at: string
}

/**
 * Moves each flag's `lastSeenAt` in the environments it was reported in to the time it was
 * seen, never backwards. Flags or environments gone since are let be; no event is recorded,
 * as Unleash records none for usage.
 */
export const markSeen = (draft: Tx, sightings: readonly Sighting[]): void => {
  for (const { feature, environment, at } of sightings) {
    const row = draft.features.get(feature)
    const settings = row && (lookup(row.environments, environment) as Editable<FeatureEnvironmentState> | undefined)
    if (settings && (settings.lastSeenAt === null || settings.lastSeenAt < at)) settings.lastSeenAt = at
  }
}
