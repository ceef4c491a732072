import * as t from 'io-ts'
import { NonEmptyString, NonNegativeInteger, dictOf, open, type Named } from './codec.js'
import { Constraint, ConstraintInput } from './constraint.js'
import { CreateContextFieldBody, LegalValue } from './context-field.js'
import { DependencyBody, DependencyRecord, FEATURE_FIELDS, FeatureLink, FeatureName } from './feature.js'
import { OWN_FIELD_CODECS } from './feature-fields.js'
import { StrategyBody } from './strategy.js'
import { CreateTagTypeBody, TagTypeRecord, TagValue } from './tag.js'
import { FeatureVariant, FeatureVariantInput, StrategyVariant } from './variant.js'

// ---------------------------------------------------------------------------------------------
// Operation 1's body: `environment` plus one selector, in three shapes.

const downloadFile = { downloadFile: t.boolean }

export const ExportByFeatures = open({ environment: t.string, features: t.array(NonEmptyString) }, downloadFile, 'an export by feature names')
export const ExportByTag = open({ environment: t.string, tag: t.string }, downloadFile, 'an export by tag value')
export const ExportByProject = open({ environment: t.string, project: t.string }, downloadFile, 'an export by project')
const SHAPES = [ExportByFeatures, ExportByTag, ExportByProject]

// Every field at once: several selectors may be sent, and decisions.md says which one wins.
const ExportQueryFields = open(
  { environment: t.string },
  { features: t.array(NonEmptyString), tag: t.string, project: t.string, ...downloadFile },
  'an export query',
)
export type ExportQuery = t.TypeOf<typeof ExportQueryFields>

const hasSelector = (u: unknown): boolean =>
  u !== null && typeof u === 'object' && ['features', 'tag', 'project'].some((k) => (u as Record<string, unknown>)[k] !== undefined)

/** Each field is checked by its path; then the body must be one of the three shapes. */
export const ExportQuery = new t.Type<ExportQuery, ExportQuery, unknown>(
  'an object with environment and one of features, tag or project',
  (u): u is ExportQuery => SHAPES.some((shape) => shape.is(u)),
  (u, c) => {
    // The fields are validated as if this codec were `ExportQueryFields`, so paths read /body/<field>.
    const fields = ExportQueryFields.validate(u, [...c.slice(0, -1), { ...c[c.length - 1]!, type: ExportQueryFields }])
    const shaped = fields._tag === 'Right' ? SHAPES.some((shape) => shape.is(fields.right)) : hasSelector(u)
    if (shaped) return fields
    const missing: t.Errors = [{ value: u, context: c }]
    return t.failures(fields._tag === 'Left' ? [...fields.left, ...missing] : missing)
  },
  t.identity,
)

// ---------------------------------------------------------------------------------------------
// The export result, as operation 1 answers it.

export interface ExportedFeature extends t.TypeOf<typeof ExportedFeatureCodec> {}
const ExportedFeatureCodec = t.type({
  name: t.string,
  description: FEATURE_FIELDS.description.codec,
  type: FEATURE_FIELDS.type.codec,
  project: t.string,
  stale: FEATURE_FIELDS.stale.codec,
  impressionData: FEATURE_FIELDS.impressionData.codec,
  archived: t.boolean,
  ...OWN_FIELD_CODECS,
})
export const ExportedFeature: Named<typeof ExportedFeatureCodec, ExportedFeature> = ExportedFeatureCodec

export interface ExportedStrategy extends t.TypeOf<typeof ExportedStrategyCodec> {}
const ExportedStrategyCodec = t.type({
  name: t.string,
  id: t.string,
  featureName: t.string,
  title: t.union([t.string, t.null]),
  parameters: dictOf(t.string),
  constraints: t.array(Constraint),
  variants: t.array(StrategyVariant),
  disabled: t.boolean,
  segments: t.array(t.number),
})
export const ExportedStrategy: Named<typeof ExportedStrategyCodec, ExportedStrategy> = ExportedStrategyCodec

export interface ExportedFeatureEnvironment extends t.TypeOf<typeof ExportedFeatureEnvironmentCodec> {}
const ExportedFeatureEnvironmentCodec = t.type({
  enabled: t.boolean,
  featureName: t.string,
  environment: t.string,
  variants: t.array(FeatureVariant),
  name: t.string,
})
export const ExportedFeatureEnvironment: Named<typeof ExportedFeatureEnvironmentCodec, ExportedFeatureEnvironment> = ExportedFeatureEnvironmentCodec

export const ExportedContextField = t.intersection([
  t.type({ name: t.string, description: t.union([t.string, t.null]), stickiness: t.boolean, sortOrder: t.number, legalValues: t.array(LegalValue) }),
  t.partial({ project: t.string }),
])

export interface ExportedFeatureTag extends t.TypeOf<typeof ExportedFeatureTagCodec> {}
const ExportedFeatureTagCodec = t.type({ featureName: t.string, tagType: t.string, tagValue: t.string })
export const ExportedFeatureTag: Named<typeof ExportedFeatureTagCodec, ExportedFeatureTag> = ExportedFeatureTagCodec

/**
 * Unleash exports `{ id, name }`; flagport adds what it takes to recreate the segment, so an
 * export imports into a store that lacks it.
 */
export const ExportedSegment = t.type({
  id: t.number,
  name: t.string,
  description: t.union([t.string, t.null]),
  project: t.union([t.string, t.null]),
  constraints: t.array(Constraint),
})

export interface ExportedDependencies extends t.TypeOf<typeof ExportedDependenciesCodec> {}
const ExportedDependenciesCodec = t.type({ feature: t.string, dependencies: t.array(DependencyRecord) })
export const ExportedDependencies: Named<typeof ExportedDependenciesCodec, ExportedDependencies> = ExportedDependenciesCodec

/** A feature's links, as Unleash groups them in an export. */
export interface ExportedFeatureLinks extends t.TypeOf<typeof ExportedFeatureLinksCodec> {}
const ExportedFeatureLinksCodec = t.type({ feature: t.string, links: t.array(FeatureLink) })
export const ExportedFeatureLinks: Named<typeof ExportedFeatureLinksCodec, ExportedFeatureLinks> = ExportedFeatureLinksCodec


export interface ExportResult extends t.TypeOf<typeof ExportResultCodec> {}
const ExportResultCodec = t.type({
  features: t.array(ExportedFeature),
  featureStrategies: t.array(ExportedStrategy),
  featureEnvironments: t.array(ExportedFeatureEnvironment),
  contextFields: t.array(ExportedContextField),
  featureTags: t.array(ExportedFeatureTag),
  segments: t.array(ExportedSegment),
  tagTypes: t.array(TagTypeRecord),
  dependencies: t.array(ExportedDependencies),
  /** Unleash 8's feature links, of the exported features that have any, in the features' order. */
  links: t.array(ExportedFeatureLinks),
})
export const ExportResult: Named<typeof ExportResultCodec, ExportResult> = ExportResultCodec

/** What the facade answers: the result, and a file name when a download was asked for. */
export interface ExportAnswer {
  readonly body: ExportResult
  readonly filename?: string
}

// ---------------------------------------------------------------------------------------------
// Import: an export result (ours or Unleash's) into a project and environment.

export interface ImportedFeature extends t.TypeOf<typeof ImportedFeatureCodec> {}
const ImportedFeatureCodec = open(
  { name: FeatureName },
  {
    description: FEATURE_FIELDS.description.codec,
    type: FEATURE_FIELDS.type.codec,
    stale: FEATURE_FIELDS.stale.codec,
    impressionData: FEATURE_FIELDS.impressionData.codec,
    archived: t.boolean,
    ...OWN_FIELD_CODECS,
  },
  'a feature',
)
export const ImportedFeature: Named<typeof ImportedFeatureCodec, ImportedFeature> = ImportedFeatureCodec

/** A strategy body plus the feature it belongs to; `id` kept when given. */
export interface ImportedStrategy extends t.TypeOf<typeof ImportedStrategyCodec> {}
const ImportedStrategyCodec = t.intersection([StrategyBody, open({ featureName: t.string }, { id: t.string })], 'a strategy')
export const ImportedStrategy: Named<typeof ImportedStrategyCodec, ImportedStrategy> = ImportedStrategyCodec

export interface ImportedFeatureEnvironment extends t.TypeOf<typeof ImportedFeatureEnvironmentCodec> {}
const ImportedFeatureEnvironmentCodec = open(
  { featureName: t.string, enabled: t.boolean },
  { variants: t.array(FeatureVariantInput) },
  'a feature environment',
)
export const ImportedFeatureEnvironment: Named<typeof ImportedFeatureEnvironmentCodec, ImportedFeatureEnvironment> = ImportedFeatureEnvironmentCodec

export interface ImportedFeatureTag extends t.TypeOf<typeof ImportedFeatureTagCodec> {}
const ImportedFeatureTagCodec = open({ featureName: t.string, tagType: t.string, tagValue: TagValue }, {}, 'a feature tag')
export const ImportedFeatureTag: Named<typeof ImportedFeatureTagCodec, ImportedFeatureTag> = ImportedFeatureTagCodec

/** Unleash's `{ id, name }` must match a segment of the target by name; with constraints it can be created. */
export interface ImportedSegment extends t.TypeOf<typeof ImportedSegmentCodec> {}
const ImportedSegmentCodec = open(
  { id: NonNegativeInteger, name: t.string },
  { description: t.union([t.string, t.null]), project: t.union([t.string, t.null]), constraints: t.array(ConstraintInput) },
  'a segment',
)
export const ImportedSegment: Named<typeof ImportedSegmentCodec, ImportedSegment> = ImportedSegmentCodec

/** A feature's links in an export: each URL is normalized as when added; ids are not kept (Unleash makes new ones). */
export interface ImportedFeatureLinks extends t.TypeOf<typeof ImportedFeatureLinksCodec> {}
const ImportedFeatureLinksCodec = open(
  { feature: t.string, links: t.array(open({ url: t.string }, { id: t.string, title: t.union([t.string, t.null]) }, 'a link { url, title? }')) },
  {},
  'a feature and its links',
)
export const ImportedFeatureLinks: Named<typeof ImportedFeatureLinksCodec, ImportedFeatureLinks> = ImportedFeatureLinksCodec

export interface ImportedDependencies extends t.TypeOf<typeof ImportedDependenciesCodec> {}
const ImportedDependenciesCodec = open({ feature: t.string, dependencies: t.array(DependencyBody) }, {}, 'a feature and its parents')
export const ImportedDependencies: Named<typeof ImportedDependenciesCodec, ImportedDependencies> = ImportedDependenciesCodec

export interface ImportData extends t.TypeOf<typeof ImportDataCodec> {}
const ImportDataCodec = open(
  { features: t.array(ImportedFeature), featureStrategies: t.array(ImportedStrategy), tagTypes: t.array(CreateTagTypeBody) },
  {
    featureEnvironments: t.array(ImportedFeatureEnvironment),
    contextFields: t.array(CreateContextFieldBody),
    featureTags: t.array(ImportedFeatureTag),
    segments: t.array(ImportedSegment),
    dependencies: t.array(ImportedDependencies),
    links: t.array(ImportedFeatureLinks),
  },
  'an export result',
)
export const ImportData: Named<typeof ImportDataCodec, ImportData> = ImportDataCodec

/** Unleash's import body: the target project and environment, and the export as `data`. */
export interface ImportBody extends t.TypeOf<typeof ImportBodyCodec> {}
const ImportBodyCodec = open({ project: t.string, environment: t.string, data: ImportData }, {}, 'an import')
export const ImportBody: Named<typeof ImportBodyCodec, ImportBody> = ImportBodyCodec

/** One finding of an import's check: what, and the items it is about (names, or paths in the body). */
export const ImportFinding = t.type({ message: t.string, affectedItems: t.array(t.string) })

/** What checking an import finds (Unleash's `importTogglesValidateSchema`): it may run when `errors` and `permissions` are empty. */
export interface ImportValidation extends t.TypeOf<typeof ImportValidationCodec> {}
const ImportValidationCodec = t.type({ errors: t.array(ImportFinding), warnings: t.array(ImportFinding), permissions: t.array(ImportFinding) })
export const ImportValidation: Named<typeof ImportValidationCodec, ImportValidation> = ImportValidationCodec
