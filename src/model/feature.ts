import * as t from 'io-ts'
import { DateTime, NonNegativeInteger, oneOf, open, refinedString, urlFriendly, type Named } from './codec.js'
import { CREATABLE_FIELD_CODECS, FEATURE_FIELDS, FeatureType, OWN_FIELD_CODECS } from './feature-fields.js'
import { Strategy } from './strategy.js'
import { FeatureTagBody, Tag } from './tag.js'
import { FeatureVariant, FeatureVariantInput } from './variant.js'

export { FEATURE_FIELDS, FEATURE_TYPES, FeatureType } from './feature-fields.js'

export const LIFECYCLE_STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'] as const
export const LifecycleStage = oneOf(LIFECYCLE_STAGES)
export type LifecycleStage = t.TypeOf<typeof LifecycleStage>

/** 1 to 100 characters, URL friendly (decisions.md). */
export const FeatureName = refinedString(
  'a URL-friendly name of 1 to 100 characters',
  (s) => s.length >= 1 && s.length <= 100 && urlFriendly(s),
)

/** A parent dependency as stored: `variants` only when the parent must resolve to one of them. */
export interface Dependency extends t.TypeOf<typeof DependencyCodec> {}
const DependencyCodec = t.intersection([
  t.type({ feature: t.string, enabled: t.boolean }),
  t.partial({ variants: t.array(t.string) }),
])
export const Dependency: Named<typeof DependencyCodec, Dependency> = DependencyCodec

/** A parent dependency as returned: `variants` always, `[]` when any will do (Unleash's column default). */
export interface DependencyRecord extends t.TypeOf<typeof DependencyRecordCodec> {}
const DependencyRecordCodec = t.type({ feature: t.string, enabled: t.boolean, variants: t.array(t.string) })
export const DependencyRecord: Named<typeof DependencyRecordCodec, DependencyRecord> = DependencyRecordCodec

/** A feature link as stored and exported (Unleash 8's feature links): its URL normalized. */
export interface FeatureLink extends t.TypeOf<typeof FeatureLinkCodec> {}
const FeatureLinkCodec = t.type({ id: t.string, url: t.string, title: t.union([t.string, t.null]) })
export const FeatureLink: Named<typeof FeatureLinkCodec, FeatureLink> = FeatureLinkCodec

/** A feature link in a feature record, naming its feature, as Unleash answers it. */
export interface FeatureLinkRecord extends t.TypeOf<typeof FeatureLinkRecordCodec> {}
const FeatureLinkRecordCodec = t.type({ ...FeatureLink.props, feature: t.string })
export const FeatureLinkRecord: Named<typeof FeatureLinkRecordCodec, FeatureLinkRecord> = FeatureLinkRecordCodec

/**
 * Body of adding or replacing a feature link (Unleash's `linkSchema`): the URL, and a title or
 * none. Other properties are ignored.
 */
export interface FeatureLinkBody extends t.TypeOf<typeof FeatureLinkBodyCodec> {}
const FeatureLinkBodyCodec = open({ url: t.string }, { title: t.union([t.string, t.null]) }, 'a link { url, title? }')
export const FeatureLinkBody: Named<typeof FeatureLinkBodyCodec, FeatureLinkBody> = FeatureLinkBodyCodec

/** How a completed feature ended (Unleash's completion): kept in the code, or taken out. */
export const COMPLETION_STATUSES = ['kept', 'discarded'] as const
export const CompletionStatus = oneOf(COMPLETION_STATUSES)
export type CompletionStatus = t.TypeOf<typeof CompletionStatus>

/** A lifecycle stage as answered: `status` only for `completed`, in Unleash's key order. */
export interface Lifecycle extends t.TypeOf<typeof LifecycleCodec> {}
const LifecycleCodec = t.intersection([t.type({ stage: LifecycleStage }), t.partial({ status: CompletionStatus }), t.type({ enteredStageAt: DateTime })])
export const Lifecycle: Named<typeof LifecycleCodec, Lifecycle> = LifecycleCodec


/** Completing a feature (Unleash: POST .../features/:f/lifecycle/complete). */
export interface CompleteFeatureBody extends t.TypeOf<typeof CompleteFeatureBodyCodec> {}
const CompleteFeatureBodyCodec = open({ status: CompletionStatus }, { statusValue: t.string }, 'a completion { status, statusValue? }')
export const CompleteFeatureBody: Named<typeof CompleteFeatureBodyCodec, CompleteFeatureBody> = CompleteFeatureBodyCodec

export interface UserRef extends t.TypeOf<typeof UserRefCodec> {}
const UserRefCodec = t.type({ id: t.number, name: t.string, imageUrl: t.string })
export const UserRef: Named<typeof UserRefCodec, UserRef> = UserRefCodec

/** One environment of a feature, as returned. */
export interface FeatureEnvironment extends t.TypeOf<typeof FeatureEnvironmentCodec> {}
const FeatureEnvironmentCodec = t.intersection([t.type({
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
}),
  // SDKs' counts of the current hour: on `GET /api/admin/projects/:p/features/:f` only.
  t.partial({ yes: t.number, no: t.number }),
])
export const FeatureEnvironment: Named<typeof FeatureEnvironmentCodec, FeatureEnvironment> = FeatureEnvironmentCodec

/** The full feature record of the spec. */
export interface Feature extends t.TypeOf<typeof FeatureCodec> {}
const FeatureCodec = t.type({
  name: t.string,
  type: FEATURE_FIELDS.type.codec,
  description: FEATURE_FIELDS.description.codec,
  archived: t.boolean,
  project: t.string,
  enabled: t.boolean,
  stale: FEATURE_FIELDS.stale.codec,
  favorite: t.boolean,
  impressionData: FEATURE_FIELDS.impressionData.codec,
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
  ...OWN_FIELD_CODECS,
})
export const Feature: Named<typeof FeatureCodec, Feature> = FeatureCodec

/**
 * A feature's own fields, in the order of Unleash's `rowToFeature`, without environments: what
 * Unleash answers a create and a patch with over HTTP (the facade answers the full `Feature`),
 * and the document a JSON Patch of a feature applies to.
 */
export interface FeatureMetadata extends t.TypeOf<typeof FeatureMetadataCodec> {}
const FeatureMetadataCodec = t.type({
  name: t.string,
  description: FEATURE_FIELDS.description.codec,
  type: FEATURE_FIELDS.type.codec,
  project: t.string,
  stale: FEATURE_FIELDS.stale.codec,
  createdAt: t.union([DateTime, t.null]),
  impressionData: FEATURE_FIELDS.impressionData.codec,
  archived: t.boolean,
  ...OWN_FIELD_CODECS,
})
export const FeatureMetadata: Named<typeof FeatureMetadataCodec, FeatureMetadata> = FeatureMetadataCodec

/** The optional fields of creating a feature; a test kit's seed declares a flag with the same ones. */
export const CREATE_FEATURE_FIELDS = {
  ...CREATABLE_FIELD_CODECS,
  tags: t.array(FeatureTagBody),
  variants: t.array(FeatureVariantInput),
}
/**
 * Body of creating a feature. As in Unleash, `tags` tag the new feature and `variants` are set
 * in each of its environments.
 */
export interface CreateFeatureBody extends t.TypeOf<typeof CreateFeatureBodyCodec> {}
const CreateFeatureBodyCodec = open({ name: FeatureName }, CREATE_FEATURE_FIELDS, 'a feature')
export const CreateFeatureBody: Named<typeof CreateFeatureBodyCodec, CreateFeatureBody> = CreateFeatureBodyCodec

/** The fields an update may set, each with its codec (operation 4's body, and what a JSON Patch of a feature sets). */
export const UPDATABLE_FEATURE_FIELDS = {
  name: t.string,
  description: FEATURE_FIELDS.description.codec,
  type: FEATURE_FIELDS.type.codec,
  stale: FEATURE_FIELDS.stale.codec,
  archived: t.boolean,
  impressionData: FEATURE_FIELDS.impressionData.codec,
  ...OWN_FIELD_CODECS,
}

/** Operation 4: only the fields sent change; unknown fields are ignored. */
export interface UpdateFeatureBody extends t.TypeOf<typeof UpdateFeatureBodyCodec> {}
const UpdateFeatureBodyCodec = open({}, UPDATABLE_FEATURE_FIELDS, 'a feature update')
export const UpdateFeatureBody: Named<typeof UpdateFeatureBodyCodec, UpdateFeatureBody> = UpdateFeatureBodyCodec

/** Replaces the variants of a feature in one or more environments. */
export interface VariantsBatchBody extends t.TypeOf<typeof VariantsBatchBodyCodec> {}
const VariantsBatchBodyCodec = open(
  { variants: t.array(FeatureVariantInput), environments: t.array(t.string) },
  {},
  'variants and environments',
)
export const VariantsBatchBody: Named<typeof VariantsBatchBodyCodec, VariantsBatchBody> = VariantsBatchBodyCodec

/** Replaces the variants of a feature in one environment (Unleash's `variantsSchema`). */
export const EnvironmentVariantsBody = t.array(FeatureVariantInput, 'an array of variants')
export type EnvironmentVariantsBody = t.TypeOf<typeof EnvironmentVariantsBody>

/** A feature environment's variants, as Unleash answers them. */
export interface EnvironmentVariants extends t.TypeOf<typeof EnvironmentVariantsCodec> {}
const EnvironmentVariantsCodec = t.type({ version: t.literal(1), variants: t.array(FeatureVariant) })
export const EnvironmentVariants: Named<typeof EnvironmentVariantsCodec, EnvironmentVariants> = EnvironmentVariantsCodec

/** A feature name checked before a create (Unleash's `validateFeatureSchema`). */
export interface ValidateFeatureNameBody extends t.TypeOf<typeof ValidateFeatureNameBodyCodec> {}
const ValidateFeatureNameBodyCodec = open({ name: FeatureName }, { projectId: t.union([t.string, t.null]) }, 'a feature name')
export const ValidateFeatureNameBody: Named<typeof ValidateFeatureNameBodyCodec, ValidateFeatureNameBody> = ValidateFeatureNameBodyCodec

/** Clones a feature under a new name (Unleash's `cloneFeatureSchema`). */
export interface CloneFeatureBody extends t.TypeOf<typeof CloneFeatureBodyCodec> {}
const CloneFeatureBodyCodec = open({ name: FeatureName }, { replaceGroupId: t.boolean }, 'a clone of a feature')
export const CloneFeatureBody: Named<typeof CloneFeatureBodyCodec, CloneFeatureBody> = CloneFeatureBodyCodec

/** The features a bulk change of a project's features applies to (Unleash's `bulkToggleFeaturesSchema`). */
export interface BulkFeaturesBody extends t.TypeOf<typeof BulkFeaturesBodyCodec> {}
const BulkFeaturesBodyCodec = open({ features: t.array(t.string) }, {}, 'a list of features')
export const BulkFeaturesBody: Named<typeof BulkFeaturesBodyCodec, BulkFeaturesBody> = BulkFeaturesBodyCodec

/** What archiving features would do to dependencies, as Unleash's archive check answers. */
export interface ArchiveImpact extends t.TypeOf<typeof ArchiveImpactCodec> {}
const ArchiveImpactCodec = t.type({ parentsWithChildFeatures: t.array(t.string), hasDeletedDependencies: t.boolean })
export const ArchiveImpact: Named<typeof ArchiveImpactCodec, ArchiveImpact> = ArchiveImpactCodec

/** Marks features stale or not (Unleash's `batchStaleSchema`). */
export interface BulkStaleBody extends t.TypeOf<typeof BulkStaleBodyCodec> {}
const BulkStaleBodyCodec = open({ features: t.array(t.string), stale: t.boolean }, {}, 'a list of features and whether they are stale')
export const BulkStaleBody: Named<typeof BulkStaleBodyCodec, BulkStaleBody> = BulkStaleBodyCodec

/** Adds a parent dependency to a feature. */
export interface DependencyBody extends t.TypeOf<typeof DependencyBodyCodec> {}
const DependencyBodyCodec = open({ feature: t.string }, { enabled: t.boolean, variants: t.array(t.string) }, 'a dependency')
export const DependencyBody: Named<typeof DependencyBodyCodec, DependencyBody> = DependencyBodyCodec

/** A feature type, as Unleash answers `GET /api/admin/feature-types`: its expected lifetime in days, null for permanent. */
export interface FeatureTypeRecord extends t.TypeOf<typeof FeatureTypeRecordCodec> {}
const FeatureTypeRecordCodec = t.type({
  id: FeatureType,
  name: t.string,
  description: t.string,
  lifetimeDays: t.union([t.number, t.null]),
})
export const FeatureTypeRecord: Named<typeof FeatureTypeRecordCodec, FeatureTypeRecord> = FeatureTypeRecordCodec

export interface FeatureTypeList extends t.TypeOf<typeof FeatureTypeListCodec> {}
const FeatureTypeListCodec = t.type({ version: t.literal(1), types: t.array(FeatureTypeRecord) })
export const FeatureTypeList: Named<typeof FeatureTypeListCodec, FeatureTypeList> = FeatureTypeListCodec

/** Setting a feature type's expected lifetime (Unleash: PUT /api/admin/feature-types/:id/lifetime); 0 means permanent, as null does. */
export interface FeatureTypeLifetimeBody extends t.TypeOf<typeof FeatureTypeLifetimeBodyCodec> {}
const FeatureTypeLifetimeBodyCodec = open({ lifetimeDays: t.union([NonNegativeInteger, t.null]) }, {}, 'an expected lifetime { lifetimeDays }')
export const FeatureTypeLifetimeBody: Named<typeof FeatureTypeLifetimeBodyCodec, FeatureTypeLifetimeBody> = FeatureTypeLifetimeBodyCodec
