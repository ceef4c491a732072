import { createHash } from 'node:crypto'
import {
  CLIENT_FEATURES_VERSION,
  type ClientFilter,
  byName,
  clientFeature,
  clientFeatures,
  clientFilter,
  referencedSegments,
} from '../domain/client-projection.js'
import type { ClientFeature, ClientFeatures } from '../evaluation/index.js'
import type { FeatureState, State } from '../model/state.js'
import { boundedMap } from './bounded-map.js'
import { deepFreeze } from './freeze.js'

/**
 * The client payloads, kept in step with the store at the cost of what changed: immer keeps
 * the identity of every feature a commit did not touch, so each feature's projection and
 * JSON are cached on its stored object, and a payload is rebuilt only when the features or
 * segments table is a new object.
 */

/** One environment's client payload, its ETag and (made on first use) its JSON. */
export interface ClientSnapshot {
  /** Deeply frozen: shared by every caller. */
  readonly payload: ClientFeatures
  /** A strong ETag: a hash of the content, so it changes exactly when the JSON does. */
  readonly etag: string
  /** `JSON.stringify(payload)`, built on the first call: a 304 never needs it. */
  json(): string
}

/** One environment's per-feature projections, each kept while its feature's stored object is. */
export interface EnvironmentView {
  readonly environment: string
  /** The feature's projection in this environment: the same object until the feature changes. Read it, never change it. */
  project(feature: FeatureState): ClientFeature
  /** The projection's JSON. */
  json(feature: FeatureState): string
  /** A hash of that JSON. */
  digest(feature: FeatureState): string
  /** Drops what is kept for features `table` no longer has. */
  prune(table: State['features']): void
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('base64url')

/** What tells one client payload from another: environment, projects, name prefix, segment inlining. */
export const scopeKey = (environment: string, filter: ClientFilter): string => {
  const projects = filter.projects === undefined || filter.projects.includes('*') ? null : [...new Set(filter.projects)].sort()
  const tags = filter.tags === undefined ? null : [...new Set(filter.tags.map((tag) => JSON.stringify(tag)))].sort()
  return JSON.stringify([environment, projects, filter.namePrefix ?? '', filter.inlineSegmentConstraints === true, tags])
}

// Keyed by name rather than in a WeakMap on the feature: the old entry is replaced when the
// feature changes, and weak maps of this size weigh on the garbage collector.
const environmentView = (environment: string): EnvironmentView => {
  const kept = new Map<string, { source: FeatureState; projection: ClientFeature; json?: string; digest?: string }>()
  const entry = (feature: FeatureState) => {
    let found = kept.get(feature.name)
    if (found === undefined || found.source !== feature) {
      // Frozen when a snapshot hands it out; evaluators only read it, and freezing 10k flags is slow.
      found = { source: feature, projection: clientFeature(feature, environment) }
      kept.set(feature.name, found)
    }
    return found
  }
  return {
    environment,
    project: (feature) => entry(feature).projection,
    json: (feature) => {
      const found = entry(feature)
      return (found.json ??= JSON.stringify(found.projection))
    },
    digest: (feature) => {
      const found = entry(feature)
      return (found.digest ??= sha1((found.json ??= JSON.stringify(found.projection))))
    },
    prune: (table) => {
      if (kept.size > table.size) for (const name of kept.keys()) if (!table.has(name)) kept.delete(name)
    },
  }
}

interface Entry extends ClientSnapshot {
  readonly features: State['features']
  readonly segments: State['segments']
}

export const createClientCache = ({ environments = 16, filters = 64 } = {}) => {
  const views = boundedMap<string, EnvironmentView>(environments)
  const snapshots = boundedMap<string, Entry>(filters)

  const view = (environment: string): EnvironmentView => {
    let found = views.get(environment)
    if (found === undefined) views.set(environment, (found = environmentView(environment)))
    return found
  }

  /**
   * The same payload as `clientFeatures(state, environment, filter)`, from cached projections.
   * The ETag hashes the features' own hashes, so an unchanged payload costs no serializing.
   */
  const build = (state: State, environment: string, filter: ClientFilter): Omit<ClientSnapshot, 'json'> & { json: () => string } => {
    if (filter.inlineSegmentConstraints === true) {
      // Old SDKs only: the segments' constraints are copied in, so nothing per feature is reusable.
      const payload = clientFeatures(state, environment, filter)
      const json = JSON.stringify(payload)
      return { payload, etag: `"${sha1(json)}"`, json: () => json }
    }
    const keep = clientFilter(filter)
    const projections = view(environment)
    const kept: FeatureState[] = []
    for (const f of state.features.rows()) if (keep(f)) kept.push(f)
    kept.sort(byName)
    projections.prune(state.features)
    const features = kept.map(projections.project)
    const segments = referencedSegments(state, features)
    const segmentsJson = JSON.stringify(segments)
    const etag = `"${sha1(`${CLIENT_FEATURES_VERSION}\n${kept.map(projections.digest).join('\n')}\n${segmentsJson}`)}"`
    let json: string | undefined
    // Byte for byte what JSON.stringify gives for the whole payload.
    const serialize = () =>
      (json ??= `{"version":${CLIENT_FEATURES_VERSION},"features":[${kept.map(projections.json).join(',')}],"segments":${segmentsJson}}`)
    return { payload: { version: CLIENT_FEATURES_VERSION, features, segments }, etag, json: serialize }
  }

  return {
    view,
    /**
     * The payload of `environment` under `filter`. A rebuild that comes out the same keeps
     * the previous snapshot, so callers may compare payloads by identity.
     */
    snapshot: (state: State, environment: string, filter: ClientFilter = {}): ClientSnapshot => {
      const key = scopeKey(environment, filter)
      const hit = snapshots.get(key)
      if (hit !== undefined && hit.features === state.features && hit.segments === state.segments) return hit
      const built = build(state, environment, filter)
      const tables = { features: state.features, segments: state.segments }
      const entry: Entry = hit !== undefined && hit.etag === built.etag ? { ...hit, ...tables } : { ...built, ...tables, payload: deepFreeze(built.payload) }
      snapshots.set(key, entry)
      return entry
    },
  }
}

export type ClientCache = ReturnType<typeof createClientCache>

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET). */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string): boolean => {
  if (ifNoneMatch === undefined) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}
