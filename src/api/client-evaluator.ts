import { CLIENT_FEATURES_VERSION, clientSegment, segmentIds } from '../domain/client-projection.js'
import { type ClientFeature, DISABLED_VARIANT, type Evaluator, type EvaluatorOptions, compileEvaluator } from '../evaluation/index.js'
import type { FeatureState, SegmentState, State } from '../model/state.js'
import type { EnvironmentView } from './client-cache.js'
import { tableChanges } from '../store/table-changes.js'

/** An evaluator that follows the store: every call sees the latest commit this process knows of. */
export interface LiveEvaluator extends Evaluator {
  readonly environment: string
}

/**
 * One feature compiled with everything its verdict reads: the feature, its parents (one
 * level deep, so theirs matter only as "has some") and the segments either names.
 */
interface Unit {
  readonly source: FeatureState
  readonly parents: readonly (FeatureState | undefined)[]
  readonly segments: readonly (SegmentState | undefined)[]
  readonly evaluator: Evaluator
}

const NONE: readonly never[] = []

const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean => a === b || (a.length === b.length && a.every((x, i) => x === b[i]))

const usesSegments = (features: readonly ClientFeature[]): boolean =>
  features.some((f) => f.strategies?.some((s) => s.segments !== undefined && s.segments.length > 0))

const liveIn = (features: State['features'], name: string): FeatureState | undefined => {
  const feature = features.get(name)
  return feature === undefined || feature.archived ? undefined : feature
}
const live = (state: State, name: string): FeatureState | undefined => liveIn(state.features, name)

/**
 * Each feature is compiled on its own, so that a commit costs what it changed: the features
 * it touched, their children, and the users of a segment it touched are looked at again when
 * next read, and recompiled if their inputs differ; the rest is not even visited. A verdict reads nothing
 * but the feature, its parents and its segments, so this evaluates exactly as one compile of
 * the whole environment would, without stalling the process on every commit to a large store.
 */
export const liveEvaluator = (read: () => State, view: EnvironmentView, options: EvaluatorOptions): LiveEvaluator => {
  const units = new Map<string, Unit>()
  /** parent name -> names of the features that depend on it. */
  const dependents = new Map<string, Set<string>>()
  const withSegments = new Set<string>()
  /** Features whose unit is compiled when next read, as their inputs changed. */
  const pending = new Set<string>()
  /** Flags read since the evaluator was made: any other is compiled when first read. */
  const seen = new Set<string>()
  let features: State['features'] | undefined
  let segments: State['segments'] | undefined
  let names: string[] | undefined

  const link = (name: string, unit: Unit | undefined, previous: Unit | undefined): void => {
    for (const d of previous?.source.dependencies ?? []) dependents.get(d.feature)?.delete(name)
    for (const d of unit?.source.dependencies ?? []) {
      let set = dependents.get(d.feature)
      if (set === undefined) dependents.set(d.feature, (set = new Set()))
      set.add(name)
    }
    if (unit !== undefined && unit.segments.length > 0) withSegments.add(name)
    else withSegments.delete(name)
  }

  const compile = (state: State, source: FeatureState, previous: Unit | undefined): Unit => {
    // Most flags have no parents and no segments: skip the lists for them.
    const parents = source.dependencies.length === 0 ? NONE : source.dependencies.map((d) => live(state, d.feature))
    const projection = view.project(source)
    const projections = parents === NONE ? [projection] : [projection, ...parents.filter((p): p is FeatureState => p !== undefined).map(view.project)]
    const ids = usesSegments(projections) ? segmentIds(projections) : NONE
    const used = ids === NONE ? NONE : ids.map((id) => state.segments.get(String(id)))
    if (previous !== undefined && previous.source === source && sameItems(previous.parents, parents) && sameItems(previous.segments, used)) {
      return previous
    }
    const present = used.filter((s): s is SegmentState => s !== undefined).map(clientSegment)
    const evaluator = compileEvaluator({ version: CLIENT_FEATURES_VERSION, features: projections, segments: present }, options)
    return { source, parents, segments: used, evaluator }
  }

  const refresh = (state: State): void => {
    if (features === undefined) {
      // A new evaluator: each flag is compiled when first read, with no scan of the table.
      features = state.features
      segments = state.segments
      return
    }
    const dirty = new Set<string>()
    for (const { key } of tableChanges(features, state.features)) {
      dirty.add(key)
      for (const child of dependents.get(key) ?? []) dirty.add(child)
    }
    if (state.segments !== segments) for (const name of withSegments) dirty.add(name)
    for (const name of dirty) {
      const previous = units.get(name)
      const now = live(state, name) !== undefined
      if (now !== (liveIn(features, name) !== undefined)) names = undefined
      if (now) {
        pending.add(name)
        continue
      }
      pending.delete(name)
      if (previous === undefined) continue
      units.delete(name)
      link(name, undefined, previous)
    }
    features = state.features
    segments = state.segments
  }

  // Per call: two identity checks, then the feature's own compiled evaluator, compiled when
  // first read since it changed: a new evaluator of many flags pays for the ones it reads.
  const unitOf = (name: string): Unit | undefined => {
    const state = read()
    if (state.features !== features || state.segments !== segments) refresh(state)
    if (!pending.has(name) && seen.has(name)) return units.get(name)
    pending.delete(name)
    const previous = units.get(name)
    const source = live(state, name)
    // Only flags that exist are remembered as read: names asked for at random cost no memory.
    if (source !== undefined) seen.add(name)
    const unit = source === undefined ? undefined : compile(state, source, previous)
    if (unit !== previous) {
      if (unit === undefined) units.delete(name)
      else units.set(name, unit)
      link(name, unit, previous)
    }
    return unit
  }

  return {
    environment: view.environment,
    isEnabled: (name, context) => unitOf(name)?.evaluator.isEnabled(name, context) ?? false,
    getVariant: (name, context) => unitOf(name)?.evaluator.getVariant(name, context) ?? DISABLED_VARIANT,
    features: () => {
      const state = read()
      if (state.features !== features || state.segments !== segments) refresh(state)
      names ??= state.features.rows().filter((f) => !f.archived).map((f) => f.name).sort()
      return [...names]
    },
  }
}
