import * as t from 'io-ts'
import { DateTime, NonNegativeInteger, lengthBetween, oneOf, open, refinedString, urlFriendly } from './codec.js'
import { Strategy } from './strategy.js'
import { FeatureTagBody, Tag } from './tag.js'
import { FeatureVariant, FeatureVariantInput } from './variant.js'

export const FEATURE_TYPES = ['experiment', 'kill-switch', 'release', 'operational', 'permission'] as const
export const FeatureType = oneOf(FEATURE_TYPES)
export type FeatureType = t.TypeOf<typeof FeatureType>

export const LIFECYCLE_STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'] as const
export const LifecycleStage = oneOf(LIFECYCLE_STAGES)
export type LifecycleStage = t.TypeOf<typeof LifecycleStage>

/** 1 to 100 characters, URL friendly (decisions.md). */
export const FeatureName = refinedString(
  'a URL-friendly name of 1 to 100 characters',
  (s) => s.length >= 1 && s.length <= 100 && urlFriendly(s),
)

/** A parent dependency as stored: `variants` only when the parent must resolve to one of them. */
export const Dependency = t.intersection([
  t.type({ feature: t.string, enabled: t.boolean }),
  t.partial({ variants: t.array(t.string) }),
])
export type Dependency = t.TypeOf<typeof Dependency>

/** A parent dependency as returned: `variants` always, `[]` when any will do (Unleash's column default). */
export const DependencyRecord = t.type({ feature: t.string, enabled: t.boolean, variants: t.array(t.string) })
export type DependencyRecord = t.TypeOf<typeof DependencyRecord>

/** A feature link as stored and exported (Unleash 8's feature links): its URL normalized. */
export const FeatureLink = t.type({ id: t.string, url: t.string, title: t.union([t.string, t.null]) })
export type FeatureLink = t.TypeOf<typeof FeatureLink>

/** A feature link in a feature record, naming its feature, as Unleash answers it. */
export const FeatureLinkRecord = t.type({ ...FeatureLink.props, feature: t.string })
export type FeatureLinkRecord = t.TypeOf<typeof FeatureLinkRecord>

/**
 * Body of adding or replacing a feature link (Unleash's `linkSchema`): the URL, and a title or
 * none. Other properties are ignored.
 */
export const FeatureLinkBody = open({ url: t.string }, { title: t.union([t.string, t.null]) }, 'a link { url, title? }')
export type FeatureLinkBody = t.TypeOf<typeof FeatureLinkBody>

/** How a completed feature ended (Unleash's completion): kept in the code, or taken out. */
export const COMPLETION_STATUSES = ['kept', 'discarded'] as const
export const CompletionStatus = oneOf(COMPLETION_STATUSES)
export type CompletionStatus = t.TypeOf<typeof CompletionStatus>

/** A lifecycle stage as answered: `status` only for `completed`, in Unleash's key order. */
export const Lifecycle = t.intersection([t.type({ stage: LifecycleStage }), t.partial({ status: CompletionStatus }), t.type({ enteredStageAt: DateTime })])
export type Lifecycle = t.TypeOf<typeof Lifecycle>

/** A stage as stored: what Unleash keeps of a completion besides its status (its `statusValue`, e.g. the variant kept). */
export type StoredStage = Lifecycle & { readonly statusValue?: string }

/** Completing a feature (Unleash: POST .../features/:f/lifecycle/complete). */
export const CompleteFeatureBody = open({ status: CompletionStatus }, { statusValue: t.string }, 'a completion { status, statusValue? }')
export type CompleteFeatureBody = t.TypeOf<typeof CompleteFeatureBody>

export const UserRef = t.type({ id: t.number, name: t.string, imageUrl: t.string })
export type UserRef = t.TypeOf<typeof UserRef>

/** One environment of a feature, as returned. */
export const FeatureEnvironment = t.type({
  name: t.string,
  featureName: t.string,
  environment: t.string,
  type: t.string,
  enabled: t.boolean,
  sortOrder: t.number,
  variantCount: t.number,
  strategies: t.array(Strategy),
  variants: t.array(FeatureVariant),
  lastSeenAt: t.union([t.string, t.null]),
  hasStrategies: t.boolean,
  hasEnabledStrategies: t.boolean,
})
export type FeatureEnvironment = t.TypeOf<typeof FeatureEnvironment>

/** The full feature record of the spec. */
export const Feature = t.type({
  name: t.string,
  type: FeatureType,
  description: t.union([t.string, t.null]),
  archived: t.boolean,
  project: t.string,
  enabled: t.boolean,
  stale: t.boolean,
  favorite: t.boolean,
  impressionData: t.boolean,
  createdAt: t.union([DateTime, t.null]),
  createdBy: UserRef,
  archivedAt: t.union([DateTime, t.null]),
  lastSeenAt: t.union([DateTime, t.null]),
  environments: t.array(FeatureEnvironment),
  variants: t.array(FeatureVariant),
  strategies: t.array(Strategy),
  tags: t.array(Tag),
  children: t.array(t.string),
  lifecycle: Lifecycle,
  dependencies: t.array(DependencyRecord),
  collaborators: t.type({ users: t.array(UserRef) }),
  /** Unleash 8's feature links, in the order added. */
  links: t.array(FeatureLinkRecord),
})
export type Feature = t.TypeOf<typeof Feature>

/**
 * A feature's own fields, in the order of Unleash's `rowToFeature`, without environments: what
 * Unleash answers a create and a patch with over HTTP (the facade answers the full `Feature`),
 * and the document a JSON Patch of a feature applies to.
 */
export const FeatureMetadata = t.type({
  name: t.string,
  description: t.union([t.string, t.null]),
  type: FeatureType,
  project: t.string,
  stale: t.boolean,
  createdAt: t.union([DateTime, t.null]),
  impressionData: t.boolean,
  archived: t.boolean,
})
export type FeatureMetadata = t.TypeOf<typeof FeatureMetadata>

/** The optional fields of creating a feature; a test kit's seed declares a flag with the same ones. */
export const CREATE_FEATURE_FIELDS = {
  type: FeatureType,
  description: t.union([t.string, t.null]),
  impressionData: t.boolean,
  tags: t.array(FeatureTagBody),
  variants: t.array(FeatureVariantInput),
}
/**
 * Body of creating a feature. As in Unleash, `tags` tag the new feature and `variants` are set
 * in each of its environments.
 */
export const CreateFeatureBody = open({ name: FeatureName }, CREATE_FEATURE_FIELDS, 'a feature')
export type CreateFeatureBody = t.TypeOf<typeof CreateFeatureBody>

/** The fields an update may set, each with its codec (operation 4's body, and what a JSON Patch of a feature sets). */
export const UPDATABLE_FEATURE_FIELDS = {
  name: t.string,
  description: t.union([t.string, t.null]),
  type: FeatureType,
  stale: t.boolean,
  archived: t.boolean,
  impressionData: t.boolean,
}

/** Operation 4: only the fields sent change; unknown fields are ignored. */
export const UpdateFeatureBody = open({}, UPDATABLE_FEATURE_FIELDS, 'a feature update')
export type UpdateFeatureBody = t.TypeOf<typeof UpdateFeatureBody>

/** Replaces the variants of a feature in one or more environments. */
export const VariantsBatchBody = open(
  { variants: t.array(FeatureVariantInput), environments: t.array(t.string) },
  {},
  'variants and environments',
)
export type VariantsBatchBody = t.TypeOf<typeof VariantsBatchBody>

/** Replaces the variants of a feature in one environment (Unleash's `variantsSchema`). */
export const EnvironmentVariantsBody = t.array(FeatureVariantInput, 'an array of variants')
export type EnvironmentVariantsBody = t.TypeOf<typeof EnvironmentVariantsBody>

/** A feature environment's variants, as Unleash answers them. */
export const EnvironmentVariants = t.type({ version: t.literal(1), variants: t.array(FeatureVariant) })
export type EnvironmentVariants = t.TypeOf<typeof EnvironmentVariants>

/** A feature name checked before a create (Unleash's `validateFeatureSchema`). */
export const ValidateFeatureNameBody = open({ name: FeatureName }, { projectId: t.union([t.string, t.null]) }, 'a feature name')
export type ValidateFeatureNameBody = t.TypeOf<typeof ValidateFeatureNameBody>

/** Clones a feature under a new name (Unleash's `cloneFeatureSchema`). */
export const CloneFeatureBody = open({ name: FeatureName }, { replaceGroupId: t.boolean }, 'a clone of a feature')
export type CloneFeatureBody = t.TypeOf<typeof CloneFeatureBody>

/** The features a bulk change of a project's features applies to (Unleash's `bulkToggleFeaturesSchema`). */
export const BulkFeaturesBody = open({ features: t.array(t.string) }, {}, 'a list of features')
export type BulkFeaturesBody = t.TypeOf<typeof BulkFeaturesBody>

/** What archiving features would do to dependencies, as Unleash's archive check answers. */
export const ArchiveImpact = t.type({ parentsWithChildFeatures: t.array(t.string), hasDeletedDependencies: t.boolean })
export type ArchiveImpact = t.TypeOf<typeof ArchiveImpact>

/** Marks features stale or not (Unleash's `batchStaleSchema`). */
export const BulkStaleBody = open({ features: t.array(t.string), stale: t.boolean }, {}, 'a list of features and whether they are stale')
export type BulkStaleBody = t.TypeOf<typeof BulkStaleBody>

/** Adds a parent dependency to a feature. */
export const DependencyBody = open({ feature: t.string }, { enabled: t.boolean, variants: t.array(t.string) }, 'a dependency')
export type DependencyBody = t.TypeOf<typeof DependencyBody>

export const LifecycleBody = open({ stage: LifecycleStage }, {}, 'a lifecycle stage')

export const FeatureNameParam = lengthBetween(1, 100)

/** A feature type, as Unleash answers `GET /api/admin/feature-types`: its expected lifetime in days, null for permanent. */
export const FeatureTypeRecord = t.type({
  id: FeatureType,
  name: t.string,
  description: t.string,
  lifetimeDays: t.union([t.number, t.null]),
})
export type FeatureTypeRecord = t.TypeOf<typeof FeatureTypeRecord>

export const FeatureTypeList = t.type({ version: t.literal(1), types: t.array(FeatureTypeRecord) })

/** Setting a feature type's expected lifetime (Unleash: PUT /api/admin/feature-types/:id/lifetime); 0 means permanent, as null does. */
export const FeatureTypeLifetimeBody = open({ lifetimeDays: t.union([NonNegativeInteger, t.null]) }, {}, 'an expected lifetime { lifetimeDays }')
export type FeatureTypeLifetimeBody = t.TypeOf<typeof FeatureTypeLifetimeBody>
export type FeatureTypeList = t.TypeOf<typeof FeatureTypeList>
