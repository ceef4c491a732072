import * as E from 'fp-ts/lib/Either.js'
import { dictFrom, has } from '../../model/dict.js'
import type { FeatureTypeRecord } from '../../model/feature.js'
import type { FeatureState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { notFound, type NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import type { ReadState, Tx } from '../../store/tx.js'

/**
 * The feature types, as Unleash 8.2 describes them, in its order. Unleash also has `sunset`;
 * the specification's five are flagport's (docs/http.md).
 */
export const FEATURE_TYPE_RECORDS: readonly FeatureTypeRecord[] = [
  { id: 'release', name: 'Release', description: 'Roll out new or incomplete features. Expected lifetime ~40 days', lifetimeDays: 40 },
  { id: 'experiment', name: 'Experiment', description: 'A/B and multivariate testing. Expected lifetime ~40 days', lifetimeDays: 40 },
  { id: 'operational', name: 'Operational', description: 'Transition between technical implementations with minimal risk. Expected lifetime: ~7 days', lifetimeDays: 7 },
  { id: 'kill-switch', name: 'Kill switch', description: 'Quickly disable certain functionalities or features. Expected lifetime: permanent', lifetimeDays: null },
  { id: 'permission', name: 'Permission', description: 'Control feature access based on user roles or entitlements. Expected lifetime: permanent', lifetimeDays: null },
]

/** The feature types with the lifetimes set for them (Unleash: GET /api/admin/feature-types); copies. */
export const featureTypes = (state: ReadState): FeatureTypeRecord[] => {
  const set = state.settings.featureTypeLifetimes
  return FEATURE_TYPE_RECORDS.map((type) => ({ ...type, ...(set !== undefined && has(set, type.id) ? { lifetimeDays: set[type.id]! } : {}) }))
}

/** Whether a feature has outlived its type's expected lifetime at `now` (Unleash's "potentially stale"). */
export const potentiallyStale = (state: ReadState, now: number): ((feature: FeatureState) => boolean) => {
  const lifetimes = new Map(featureTypes(state).map((type) => [type.id as string, type.lifetimeDays]))
  return (feature) => {
    const days = lifetimes.get(feature.type) ?? null
    return days !== null && Date.parse(feature.createdAt) + days * 86_400_000 < now
  }
}

/**
 * Sets a feature type's expected lifetime (Unleash: PUT /api/admin/feature-types/:id/lifetime);
 * 0 is stored as null, permanent, as Unleash stores it. The lifetime it has already changes and
 * records nothing. Answers the type.
 */
export const setFeatureTypeLifetime = (draft: Tx, id: string, lifetimeDays: number | null, ctx: Ctx): E.Either<NotFoundError, FeatureTypeRecord> => {
  const before = featureTypes(draft).find((type) => type.id === id)
  if (before === undefined) return E.left(notFound(`The feature type you tried to update ("${id}") does not exist.`)) // Unleash's words
  const after = { ...before, lifetimeDays: lifetimeDays === 0 ? null : lifetimeDays }
  if (after.lifetimeDays === before.lifetimeDays) return E.right(after)
  // A record's fields are replaced, never changed in place (transaction.ts).
  draft.settings.featureTypeLifetimes = dictFrom([...Object.entries(draft.settings.featureTypeLifetimes ?? {}), [id, after.lifetimeDays]])
  recordEvent(draft, ctx, { type: 'feature-type-updated', data: after, preData: before })
  return E.right({ ...after })
}
