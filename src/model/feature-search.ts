import * as t from 'io-ts'
import { optional, refinedString, type Named } from './codec.js'
import { LifecycleStage, UserRef } from './feature.js'
import { BooleanText, DATE_OPERATORS, INCLUDE_OPERATORS, IS_OPERATORS, countText, filterOf, isDay } from './search-filter.js'

/** The most features one page of a search answers. */
export const MAX_FEATURE_PAGE = 100

const name = { ok: (s: string) => s.length > 0 }
const tag = { ok: (s: string) => /^[^:]+:.+$/.test(s) }
const day = { ok: isDay, single: true }
const bool = { ok: (s: string) => s === 'true' || s === 'false' }

/** `status` entries: `<environment>:enabled` or `<environment>:disabled`, comma separated. */
export const STATUS_ENTRY = /^(.+):(enabled|disabled)$/

/** The fields a search sorts by: a feature's own, or `environment:<name>` (enabled there first, ascending). */
export const FeatureSortBy = new t.Type<string, string, unknown>(
  'one of "name", "type", "createdAt", "createdBy", "lastSeenAt", "lifecycle", "stale", "project", or "environment:<name>"',
  (u): u is string => typeof u === 'string',
  (u, c) => (typeof u === 'string' && (SORT_FIELDS.has(u) || /^environment:.+$/.test(u)) ? t.success(u) : t.failure(u, c)),
  t.identity,
)
const SORT_FIELDS = new Set(['name', 'type', 'createdAt', 'createdBy', 'lastSeenAt', 'lifecycle', 'stale', 'project'])

/**
 * Unleash's feature search query (`GET /api/admin/search/features`): free text, filters with
 * Unleash's operators, sort, and a page (`offset`, `limit` up to `MAX_FEATURE_PAGE`).
 */
export interface FeatureSearchQuery extends t.TypeOf<typeof FeatureSearchQueryCodec> {}
const FeatureSearchQueryCodec = optional({
  query: t.string,
  project: filterOf(IS_OPERATORS, 'IS:default', name),
  type: filterOf(IS_OPERATORS, 'IS:release', name),
  state: filterOf(IS_OPERATORS, 'IS:active', { ok: (s) => s === 'active' || s === 'stale' || s === 'potentially-stale' }),
  lifecycle: filterOf(IS_OPERATORS, 'IS:initial', { ok: (s) => LifecycleStage.is(s) }),
  createdBy: filterOf(IS_OPERATORS, 'IS:1', { ok: (s) => /^-?\d{1,9}$/.test(s) }),
  tag: filterOf(INCLUDE_OPERATORS, 'INCLUDE:simple:my-tag', tag),
  segment: filterOf(INCLUDE_OPERATORS, 'INCLUDE:my-segment', name),
  status: refinedString('a list of "<environment>:enabled" or "<environment>:disabled"', (s) => s.split(',').every((entry) => STATUS_ENTRY.test(entry.trim()))),
  archived: filterOf(['IS'], 'IS:true', { ...bool, single: true }),
  favorite: filterOf(['IS', 'IS_ANY_OF'], 'IS:true', bool),
  createdAt: filterOf(DATE_OPERATORS, 'IS_ON_OR_AFTER:2024-01-31', day),
  lastSeenAt: filterOf(DATE_OPERATORS, 'IS_ON_OR_AFTER:2024-01-31', day),
  sortBy: FeatureSortBy,
  sortOrder: t.keyof({ asc: null, desc: null }),
  favoritesFirst: BooleanText,
  offset: countText(0, 1_000_000_000),
  limit: countText(1, MAX_FEATURE_PAGE),
})
export const FeatureSearchQuery: Named<typeof FeatureSearchQueryCodec, FeatureSearchQuery> = FeatureSearchQueryCodec

/** One environment of a found feature (Unleash's `featureSearchEnvironmentSchema`, without its strategies). */
export interface FeatureSearchEnvironment extends t.TypeOf<typeof FeatureSearchEnvironmentCodec> {}
const FeatureSearchEnvironmentCodec = t.type({
  name: t.string,
  environment: t.string,
  featureName: t.string,
  type: t.string,
  enabled: t.boolean,
  sortOrder: t.number,
  variantCount: t.number,
  lastSeenAt: t.union([t.string, t.null]),
  hasStrategies: t.boolean,
  hasEnabledStrategies: t.boolean,
  changeRequestIds: t.array(t.number),
  /** SDKs' counts of the current hour. */
  yes: t.number,
  no: t.number,
})
export const FeatureSearchEnvironment: Named<typeof FeatureSearchEnvironmentCodec, FeatureSearchEnvironment> = FeatureSearchEnvironmentCodec

/** One found feature (Unleash's `featureSearchResponseSchema`). */
export interface FeatureSearchItem extends t.TypeOf<typeof FeatureSearchItemCodec> {}
const FeatureSearchItemCodec = t.type({
  name: t.string,
  description: t.union([t.string, t.null]),
  dependencyType: t.union([t.literal('parent'), t.literal('child'), t.null]),
  type: t.string,
  project: t.string,
  stale: t.boolean,
  favorite: t.boolean,
  impressionData: t.boolean,
  createdAt: t.union([t.string, t.null]),
  archivedAt: t.union([t.string, t.null]),
  environments: t.array(FeatureSearchEnvironment),
  segments: t.array(t.string),
  /** Each with its tag type's colour, as Unleash's search answers them. */
  tags: t.array(t.type({ value: t.string, type: t.string, color: t.union([t.string, t.null]) })),
  lifecycle: t.intersection([t.type({ stage: LifecycleStage, enteredStageAt: t.string }), t.partial({ status: t.string })]),
  createdBy: UserRef,
})
export const FeatureSearchItem: Named<typeof FeatureSearchItemCodec, FeatureSearchItem> = FeatureSearchItemCodec

/** The answer (Unleash's `searchFeaturesSchema`): one page of features, and how many match in all. */
export interface FeatureSearchResult extends t.TypeOf<typeof FeatureSearchResultCodec> {}
const FeatureSearchResultCodec = t.type({ features: t.array(FeatureSearchItem), total: t.number })
export const FeatureSearchResult: Named<typeof FeatureSearchResultCodec, FeatureSearchResult> = FeatureSearchResultCodec
