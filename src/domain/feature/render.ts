import type { Dependency, DependencyRecord, Feature, FeatureEnvironment, FeatureLink, FeatureMetadata } from '../../model/feature.js'
import { copyRecord, lookup } from '../../model/dict.js'
import { type OwnFieldName, type OwnFieldValues, withOwnFields } from '../../model/feature-fields.js'
import type { Strategy } from '../../model/strategy.js'
import type { FeatureVariant } from '../../model/variant.js'
import type { EnvironmentState, FeatureState } from '../../model/state.js'
import { sortedTags } from '../tag/order.js'
import { userRef } from '../user-ref.js'
import { renderStage } from './lifecycle.js'
import type { ReadState } from '../../store/tx.js'

/** Records handed out are copies: the store cannot be changed through them. */
export const copyStrategy = (s: Strategy): Strategy => ({
  ...s,
  segments: [...s.segments],
  constraints: s.constraints.map((c) => ({ ...c, values: [...c.values] })),
  variants: s.variants.map((v) => ({ ...v, ...(v.payload ? { payload: { ...v.payload } } : {}) })),
  parameters: copyRecord(s.parameters) as Strategy['parameters'],
})

export const copyVariant = (v: FeatureVariant): FeatureVariant => ({
  ...v,
  overrides: v.overrides.map((o) => ({ ...o, values: [...o.values] })),
  ...(v.payload ? { payload: { ...v.payload } } : {}),
})

/**
 * How a record holds a feature's strategies and variants: as copies (records handed to
 * callers), or as the stored objects themselves, for a record that is serialized at once and
 * handed to no one (the HTTP routes). Committed objects are never changed in place.
 */
export type Parts = 'copies' | 'stored'

interface Placed {
  readonly name: string
  readonly env: EnvironmentState | undefined
}

const before = (a: Placed, b: Placed): boolean => {
  const order = (a.env?.sortOrder ?? 0) - (b.env?.sortOrder ?? 0)
  return order < 0 || (order === 0 && a.name < b.name)
}

/**
 * In the order of the environments' sortOrder, then name, sorted in place by insertion: a
 * feature has a handful of environments, and `Array.prototype.sort` allocates working space
 * even for two, on every record rendered.
 */
const inOrder = (placed: Placed[]): Placed[] => {
  for (let i = 1; i < placed.length; i++) {
    const item = placed[i]!
    let j = i - 1
    for (; j >= 0 && before(item, placed[j]!); j--) placed[j + 1] = placed[j]!
    placed[j + 1] = item
  }
  return placed
}

/** The feature's environments in the order of the environments' sortOrder, then name. */
export const renderEnvironments = (state: ReadState, feature: FeatureState, parts: Parts = 'copies'): FeatureEnvironment[] =>
  inOrder(Object.keys(feature.environments).map((name) => ({ name, env: state.environments.get(name) })))
    .map(({ name, env }) => {
      const settings = lookup(feature.environments, name)!
      return {
        name,
        featureName: feature.name,
        environment: name,
        type: env?.type ?? 'development',
        enabled: settings.enabled,
        sortOrder: env?.sortOrder ?? 0,
        variantCount: settings.variants.length,
        strategies: parts === 'copies' ? settings.strategies.map(copyStrategy) : (settings.strategies as Strategy[]),
        variants: parts === 'copies' ? settings.variants.map(copyVariant) : (settings.variants as FeatureVariant[]),
        lastSeenAt: settings.lastSeenAt,
        hasStrategies: settings.strategies.length > 0,
        hasEnabledStrategies: settings.strategies.some((s) => !s.disabled),
      }
    })

/** A record's copy for a caller to own: its environments' strategies and variants, the parts a record may share with the store ('stored'). */
export const copyFeatureRecord = (record: Feature): Feature => ({
  ...record,
  environments: record.environments.map((e) => ({ ...e, strategies: e.strategies.map(copyStrategy), variants: e.variants.map(copyVariant) })),
})

const NO_LINKS: readonly FeatureLink[] = Object.freeze([])

/** A parent dependency as returned: with `variants`, `[]` when any variant will do, as Unleash answers. */
export const renderDependency = (d: Dependency): DependencyRecord => ({ feature: d.feature, enabled: d.enabled, variants: d.variants ? [...d.variants] : [] })

/** A feature's `lastSeenAt`: the latest of its environments', as Unleash shows it. */
const latestSeen = (environments: readonly FeatureEnvironment[]): string | null => {
  let latest: string | null = null
  for (const e of environments) if (e.lastSeenAt !== null && (latest === null || e.lastSeenAt > latest)) latest = e.lastSeenAt
  return latest
}

/**
 * The full feature record of the spec; `environments` as `renderEnvironments` gives them, and
 * `favorite` whether the caller marked it (see src/domain/user/favorites.ts).
 */
export const renderFeature = (state: ReadState, feature: FeatureState, environments = renderEnvironments(state, feature), favorite = false): Feature =>
  withOwnFields(
    {
    name: feature.name,
    type: feature.type,
    description: feature.description,
    archived: feature.archived,
    project: feature.project,
    enabled: environments.some((e) => e.enabled),
    stale: feature.stale,
    favorite,
    impressionData: feature.impressionData,
    createdAt: feature.createdAt,
    createdBy: userRef(state, feature.createdByUserId),
    archivedAt: feature.archivedAt,
    lastSeenAt: latestSeen(environments),
    environments,
    variants: [],
    strategies: [],
    tags: sortedTags(feature.tags).map((t) => ({ value: t.value, type: t.type })),
    children: [...feature.children],
    lifecycle: renderStage(feature.lifecycle),
    dependencies: feature.dependencies.map(renderDependency),
    collaborators: { users: feature.collaborators.map((id) => userRef(state, id)) },
    links: (feature.links ?? NO_LINKS).map((l) => ({ id: l.id, url: l.url, title: l.title, feature: feature.name })),
    },
    feature,
  )

/** A feature's own fields (`FeatureMetadata`), picked in Unleash's order (JSON keeps it), from a stored feature or its record. */
export const featureMetadata = (f: Omit<FeatureMetadata, OwnFieldName> & OwnFieldValues): FeatureMetadata =>
  withOwnFields(
    {
      name: f.name,
      description: f.description,
      type: f.type,
      project: f.project,
      stale: f.stale,
      createdAt: f.createdAt,
      impressionData: f.impressionData,
      archived: f.archived,
    },
    f,
  )
