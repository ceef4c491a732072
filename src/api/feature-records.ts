import { copyFeatureRecord, renderEnvironments, renderFeature } from '../domain/feature/render.js'
import { favoriteFeaturesOf } from '../domain/user/favorites.js'
import { callerUserId } from './caller.js'
import type { Feature } from '../model/feature.js'
import type { FeatureState, State } from '../model/state.js'
import type { AnswerCache } from './answer-cache.js'
import type { OperationEnv } from './operation.js'

/*
 * Feature records, as the operations answer them: holding the stored strategies and variants
 * themselves, as committed objects are never changed in place. A single record's environments,
 * most of it, come from the facade's cache (src/api/answer-cache.ts), so the HTTP layer writes
 * their JSON once, and an update of a description or a tag writes only the rest of the record.
 * A caller in process gets a copy (`copyFeature`, the operations' `callerCopy`).
 */

/** A record of one feature, its environments kept (above). */
const keptRecord = (kept: AnswerCache) => (state: State, feature: FeatureState, favorite: boolean): Feature =>
  renderFeature(state, feature, kept.featureEnvironments(state, feature), favorite)

/** A record of a list: nothing is kept, which would only push kept features out. */
const listedRecord = (state: State, feature: FeatureState, favorite: boolean): Feature => renderFeature(state, feature, renderEnvironments(state, feature, 'stored'), favorite)

/** A caller's own copy of a record. */
export const copyFeature = copyFeatureRecord

/** A caller's own copy of a list of records. */
export const copyFeatureList = (list: { version: number; features: Feature[] }) => ({ ...list, features: list.features.map(copyFeatureRecord) })

/** What a record is answered with: the facade's cache, and who asked (their favourites). */
export type Answering = Pick<OperationEnv<unknown, unknown>, 'kept' | 'principal'>

type Render = (state: State, feature: FeatureState, favorite: boolean) => Feature

/** `render` told whether the caller marked each feature: their marks read once per state, not once per feature of a list. */
const withFavorites = (env: Answering, render: Render) => {
  const userId = callerUserId(env)
  let readFrom: State | undefined
  let marked: ReadonlySet<string> | undefined
  return (state: State, feature: FeatureState): Feature => {
    if (userId === undefined) return render(state, feature, false)
    if (state !== readFrom) {
      const names = favoriteFeaturesOf(state, userId)
      readFrom = state
      marked = names.length === 0 ? undefined : new Set(names)
    }
    return render(state, feature, marked?.has(feature.name) === true)
  }
}

/** How an operation answers one feature record. */
export const featureRecord = (env: Answering) => withFavorites(env, keptRecord(env.kept))

/** How an operation answers the records of a list. */
export const listedFeatureRecord = (env: Answering) => withFavorites(env, listedRecord)
