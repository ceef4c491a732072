import { renderEnvironments, renderFeature } from '../domain/feature/render.js'
import { favoriteFeaturesOf } from '../domain/user/favorites.js'
import { callerUserId } from './caller.js'
import type { Feature, FeatureEnvironment } from '../model/feature.js'
import type { FeatureState, State } from '../model/state.js'
import { boundedMap } from './bounded-map.js'
import type { OperationEnv } from './operation.js'

/*
 * Feature records, as the operations answer them. Callers of the facade get copies. A request
 * whose answer is serialized at once and handed to no one (`sendAtOnce`: the HTTP routes) gets
 * records holding the stored strategies and variants themselves, as committed objects are
 * never changed in place. Their environments, most of a record, are kept for the most
 * recently answered features while the feature's environments and the environments table are
 * the same objects: the HTTP layer then writes their JSON once (src/http/feature-json.ts), and
 * an update of a description or a tag writes only the rest of the record.
 */

/** A feature's rendered environments, and what they were rendered from. */
interface Kept {
  readonly from: FeatureState['environments']
  // Held weakly, as the export caches hold theirs: the cache serves every facade of the process,
  // and a discarded store's tables should go with it (what is kept of its features is bounded).
  readonly table: WeakRef<State['environments']>
  readonly environments: FeatureEnvironment[]
}

const kept = boundedMap<string, Kept>(1_000)

/** A record to send at once, its environments kept (above). */
const featureToSend = (state: State, feature: FeatureState, favorite: boolean): Feature => {
  const found = kept.get(feature.name)
  if (found !== undefined && found.from === feature.environments && found.table.deref() === state.environments) {
    return renderFeature(state, feature, found.environments, favorite)
  }
  const environments = renderEnvironments(state, feature, 'stored')
  kept.set(feature.name, { from: feature.environments, table: new WeakRef(state.environments), environments })
  return renderFeature(state, feature, environments, favorite)
}

const copiedFeature = (state: State, feature: FeatureState, favorite: boolean): Feature => renderFeature(state, feature, renderEnvironments(state, feature), favorite)

/** A record of a list to send at once: nothing is kept, which would only push kept features out. */
const listedToSend = (state: State, feature: FeatureState, favorite: boolean): Feature => renderFeature(state, feature, renderEnvironments(state, feature, 'stored'), favorite)

/** What decides how a record is answered: whether the request's answer is sent at once, and who asked (their favourites). */
export type Answering = Pick<OperationEnv<unknown, unknown>, 'sendAtOnce' | 'principal'>

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
export const featureRecord = (env: Answering) => withFavorites(env, env.sendAtOnce ? featureToSend : copiedFeature)

/** How an operation answers the records of a list. */
export const listedFeatureRecord = (env: Answering) => withFavorites(env, env.sendAtOnce ? listedToSend : copiedFeature)
