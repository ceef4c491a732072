import type { FeatureSearchEnvironment, FeatureSearchItem, FeatureSearchQuery, FeatureSearchResult } from '../../model/feature-search.js'
import { STATUS_ENTRY } from '../../model/feature-search.js'
import { lookup } from '../../model/dict.js'
import { LIFECYCLE_STAGES } from '../../model/feature.js'
import type { FeatureState } from '../../model/state.js'
import { renderEnvironments } from '../feature/render.js'
import { type HourUsage, usageOf, type YesNo } from '../metrics/usage-rows.js'
import { renderStage } from '../feature/lifecycle.js'
import { userRef } from '../user-ref.js'
import { potentiallyStale } from '../feature/feature-types.js'
import { page, passesDate, passesInclude, passesIs, passesIsAny } from './filter.js'
import type { ReadState } from '../../store/tx.js'

const DEFAULT_LIMIT = 50

/** The newest time any environment of the feature was seen by an SDK, or null. */
const lastSeen = (feature: FeatureState): string | null => {
  let newest: string | null = null
  for (const name of Object.keys(feature.environments)) {
    const seen = lookup(feature.environments, name)?.lastSeenAt ?? null
    if (seen !== null && (newest === null || seen > newest)) newest = seen
  }
  return newest
}

/** The names of the segments the feature's strategies use, in any environment, each once. */
const segmentNames = (state: ReadState, feature: FeatureState): string[] => {
  const names = new Set<string>()
  for (const name of Object.keys(feature.environments)) {
    for (const strategy of lookup(feature.environments, name)?.strategies ?? []) {
      for (const id of strategy.segments) {
        const segment = state.segments.get(String(id))
        if (segment !== undefined) names.add(segment.name)
      }
    }
  }
  return [...names]
}

/** Free text: any comma-separated term found, case-insensitively, in the name, description or a tag (`type:value`). */
const matchesText = (feature: FeatureState, query: string | undefined): boolean => {
  const terms = (query ?? '').split(',').map((s) => s.trim().toLowerCase()).filter((s) => s !== '')
  if (terms.length === 0) return true
  const haystacks = [feature.name, feature.description ?? '', ...feature.tags.map((t) => `${t.type}:${t.value}`)].map((s) => s.toLowerCase())
  return terms.some((term) => haystacks.some((h) => h.includes(term)))
}

/** `status`: on or off in any of the environments named (`production:enabled,development:disabled`). */
const matchesStatus = (feature: FeatureState, status: string | undefined): boolean => {
  if (status === undefined) return true
  return status.split(',').some((entry) => {
    const m = STATUS_ENTRY.exec(entry.trim())
    if (m === null) return false // the query's codec let none through
    const env = lookup(feature.environments, m[1]!)
    return env !== undefined && env.enabled === (m[2] === 'enabled')
  })
}

/** Archived features are found only when asked for: `archived=IS:true`, or a lifecycle filter naming `archived`. */
const archivedWanted = (q: FeatureSearchQuery): boolean | undefined => {
  if (q.archived !== undefined) return q.archived.values[0] === 'true'
  if (q.lifecycle !== undefined && (q.lifecycle.operator === 'IS' || q.lifecycle.operator === 'IS_ANY_OF') && q.lifecycle.values.includes('archived')) return undefined
  return false
}

/** A feature's states: `active` or `stale`, and `potentially-stale` past its type's lifetime. */
const statesOf = (isOld: (f: FeatureState) => boolean) => (f: FeatureState): string[] => [f.stale ? 'stale' : 'active', ...(isOld(f) ? ['potentially-stale'] : [])]

const matches = (state: ReadState, q: FeatureSearchQuery, favorites: ReadonlySet<string>, now: number) => {
  const archived = archivedWanted(q)
  const states = statesOf(potentiallyStale(state, now))
  return (f: FeatureState): boolean =>
    (archived === undefined || f.archived === archived) &&
    passesIs(q.project, f.project) &&
    passesIs(q.type, f.type) &&
    (q.state === undefined || passesIsAny(q.state, states(f))) &&
    passesIs(q.lifecycle, f.lifecycle.stage) &&
    passesIs(q.createdBy, String(f.createdByUserId)) &&
    passesIs(q.favorite, String(favorites.has(f.name))) &&
    passesInclude(q.tag, (tag) => f.tags.some((t) => `${t.type}:${t.value}` === tag)) &&
    passesInclude(q.segment, (name) => segmentNames(state, f).includes(name)) &&
    passesDate(q.createdAt, f.createdAt) &&
    (q.lastSeenAt === undefined || passesDate(q.lastSeenAt, lastSeen(f))) &&
    matchesStatus(f, q.status) &&
    matchesText(f, q.query)
}

type Key = string | number | boolean

const sortKey = (state: ReadState, sortBy: string): ((f: FeatureState) => Key) => {
  if (sortBy.startsWith('environment:')) {
    const env = sortBy.slice('environment:'.length)
    return (f) => lookup(f.environments, env)?.enabled ?? false
  }
  switch (sortBy) {
    case 'name':
      return (f) => f.name
    case 'type':
      return (f) => f.type
    case 'stale':
      return (f) => f.stale
    case 'project':
      return (f) => f.project
    case 'lastSeenAt':
      return (f) => lastSeen(f) ?? ''
    case 'createdBy':
      return (f) => userRef(state, f.createdByUserId).name.toLowerCase()
    case 'lifecycle':
      return (f) => LIFECYCLE_STAGES.indexOf(f.lifecycle.stage)
    default:
      return (f) => f.createdAt
  }
}

const compare = (a: Key, b: Key): number => (a < b ? -1 : a > b ? 1 : 0)

/** One found feature, in Unleash's shape: its environments without their strategies and variants. */
const item = (state: ReadState, f: FeatureState, favorite: boolean, usage: ReadonlyMap<string, ReadonlyMap<string, YesNo>>): FeatureSearchItem => ({
  name: f.name,
  description: f.description,
  dependencyType: f.dependencies.length > 0 ? 'child' : f.children.length > 0 ? 'parent' : null,
  type: f.type,
  project: f.project,
  stale: f.stale,
  favorite,
  impressionData: f.impressionData,
  createdAt: f.createdAt,
  archivedAt: f.archivedAt,
  environments: renderEnvironments(state, f, 'stored').map(
    (e): FeatureSearchEnvironment => ({
      name: e.name,
      environment: e.environment,
      featureName: e.featureName,
      type: e.type,
      enabled: e.enabled,
      sortOrder: e.sortOrder,
      variantCount: e.variantCount,
      lastSeenAt: e.lastSeenAt,
      hasStrategies: e.hasStrategies,
      hasEnabledStrategies: e.hasEnabledStrategies,
      changeRequestIds: [],
      ...usageOf(usage, f.name, e.name),
    }),
  ),
  segments: segmentNames(state, f),
  tags: f.tags.map((t) => ({ value: t.value, type: t.type, color: state.tagTypes.get(t.type)?.color ?? null })),
  lifecycle: renderStage(f.lifecycle),
  createdBy: userRef(state, f.createdByUserId),
})

/**
 * Unleash's feature search: the features that pass every filter given, sorted (the caller's
 * favourites first when asked, then by `sortBy`, then by name), one page of them and how many
 * there are in all.
 */
export const searchFeatures = (state: ReadState, q: FeatureSearchQuery, favoriteNames: readonly string[], now: number, usage: HourUsage): FeatureSearchResult => {
  const favorites = new Set(favoriteNames)
  const found = state.features.rows().filter(matches(state, q, favorites, now))
  const key = sortKey(state, q.sortBy ?? 'createdAt')
  const direction = q.sortOrder === 'desc' ? -1 : 1
  const favoriteFirst = q.favoritesFirst === true
  found.sort(
    (a, b) =>
      (favoriteFirst ? compare(favorites.has(b.name), favorites.has(a.name)) : 0) || direction * compare(key(a), key(b)) || compare(a.name, b.name),
  )
  const { items, total } = page(found, q.offset ?? 0, q.limit ?? DEFAULT_LIMIT)
  return { features: items.map((f) => item(state, f, favorites.has(f.name), usage)), total }
}
