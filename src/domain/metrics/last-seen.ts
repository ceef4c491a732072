import { lookup } from '../../model/dict.js'
import type { FeatureEnvironmentState } from '../../model/state.js'
import type { Editable, Tx } from '../../store/tx.js'
import { enterStage } from '../feature/lifecycle.js'

/** A flag reported in an environment, and when. */
export interface Sighting {
  readonly feature: string
  readonly environment: string
  /** An ISO date-time. */
  readonly at: string
}

/**
 * Moves each flag's `lastSeenAt` in the environments it was reported in to the time it was
 * seen, never backwards, and its lifecycle as Unleash moves it on first use: `pre-live` when
 * reported anywhere, `live` too when reported in a production-type environment it is enabled
 * in, each entered at `now` (when the report is processed). Flags or environments gone since
 * are let be; no event is recorded, as Unleash records none for usage.
 */
export const markSeen = (draft: Tx, sightings: readonly Sighting[], now: string): void => {
  for (const { feature, environment, at } of sightings) {
    const row = draft.features.get(feature)
    const settings = row && (lookup(row.environments, environment) as Editable<FeatureEnvironmentState> | undefined)
    if (!row || !settings) continue
    if (settings.lastSeenAt === null || settings.lastSeenAt < at) settings.lastSeenAt = at
    if (row.archived) continue
    enterStage(row, { stage: 'pre-live', enteredStageAt: now })
    if (settings.enabled && draft.environments.get(environment)?.type === 'production') enterStage(row, { stage: 'live', enteredStageAt: now })
  }
}
