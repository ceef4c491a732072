import * as t from 'io-ts'
import { NonEmptyString, NonNegativeInteger, dictOf, open } from './codec.js'
import { Constraint, ConstraintInput } from './constraint.js'
import { CreateContextFieldBody, LegalValue } from './context-field.js'
import { DependencyBody, DependencyRecord, FeatureLink, FeatureName, FeatureType } from './feature.js'
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

export const ExportedFeature = t.type({
  name: t.string,
  description: t.union([t.string, t.null]),
  type: FeatureType,
  project: t.string,
  stale: t.boolean,
  impressionData: t.boolean,
  archived: t.boolean,
})

export const ExportedStrategy = t.type({
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

export const ExportedFeatureEnvironment = t.type({
  enabled: t.boolean,
  featureName: t.string,
  environment: t.string,
  variants: t.array(FeatureVariant),
  name: t.string,
})

export const ExportedContextField = t.intersection([
  t.type({ name: t.string, description: t.union([t.string, t.null]), stickiness: t.boolean, sortOrder: t.number, legalValues: t.array(LegalValue) }),
  t.partial({ project: t.string }),
])

export const ExportedFeatureTag = t.type({ featureName: t.string, tagType: t.string, tagValue: t.string })

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

export const ExportedDependencies = t.type({ feature: t.string, dependencies: t.array(DependencyRecord) })

/** A feature's links, as Unleash groups them in an export. */
export const ExportedFeatureLinks = t.type({ feature: t.string, links: t.array(FeatureLink) })
export type ExportedFeatureLinks = t.TypeOf<typeof ExportedFeatureLinks>

export type ExportedFeature = t.TypeOf<typeof ExportedFeature>
export type ExportedStrategy = t.TypeOf<typeof ExportedStrategy>
export type ExportedFeatureEnvironment = t.TypeOf<typeof ExportedFeatureEnvironment>
export type ExportedFeatureTag = t.TypeOf<typeof ExportedFeatureTag>
export type ExportedDependencies = t.TypeOf<typeof ExportedDependencies>

export const ExportResult = t.type({
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
export type ExportResult = t.TypeOf<typeof ExportResult>

/** What the facade answers: the result, and a file name when a download was asked for. */
export interface ExportAnswer {
  readonly body: ExportResult
  readonly filename?: string
}

// ---------------------------------------------------------------------------------------------
// Import: an export result (ours or Unleash's) into a project and environment.

export const ImportedFeature = open(
  { name: FeatureName },
  { description: t.union([t.string, t.null]), type: FeatureType, stale: t.boolean, impressionData: t.boolean, archived: t.boolean },
  'a feature',
)
export type ImportedFeature = t.TypeOf<typeof ImportedFeature>

/** A strategy body plus the feature it belongs to; `id` kept when given. */
export const ImportedStrategy = t.intersection([StrategyBody, open({ featureName: t.string }, { id: t.string })], 'a strategy')
export type ImportedStrategy = t.TypeOf<typeof ImportedStrategy>

export const ImportedFeatureEnvironment = open(
  { featureName: t.string, enabled: t.boolean },
  { variants: t.array(FeatureVariantInput) },
  'a feature environment',
)
export type ImportedFeatureEnvironment = t.TypeOf<typeof ImportedFeatureEnvironment>

export const ImportedFeatureTag = open({ featureName: t.string, tagType: t.string, tagValue: TagValue }, {}, 'a feature tag')
export type ImportedFeatureTag = t.TypeOf<typeof ImportedFeatureTag>

/** Unleash's `{ id, name }` must match a segment of the target by name; with constraints it can be created. */
export const ImportedSegment = open(
  { id: NonNegativeInteger, name: t.string },
  { description: t.union([t.string, t.null]), project: t.union([t.string, t.null]), constraints: t.array(ConstraintInput) },
  'a segment',
)
export type ImportedSegment = t.TypeOf<typeof ImportedSegment>

/** A feature's links in an export: each URL is normalized as when added; ids are not kept (Unleash makes new ones). */
export const ImportedFeatureLinks = open(
  { feature: t.string, links: t.array(open({ url: t.string }, { id: t.string, title: t.union([t.string, t.null]) }, 'a link { url, title? }')) },
  {},
  'a feature and its links',
)
export type ImportedFeatureLinks = t.TypeOf<typeof ImportedFeatureLinks>

export const ImportedDependencies = open({ feature: t.string, dependencies: t.array(DependencyBody) }, {}, 'a feature and its parents')
export type ImportedDependencies = t.TypeOf<typeof ImportedDependencies>

export const ImportData = open(
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
export type ImportData = t.TypeOf<typeof ImportData>

/** Unleash's import body: the target project and environment, and the export as `data`. */
export const ImportBody = open({ project: t.string, environment: t.string, data: ImportData }, {}, 'an import')
export type ImportBody = t.TypeOf<typeof ImportBody>

/** One finding of an import's check: what, and the items it is about (names, or paths in the body). */
export const ImportFinding = t.type({ message: t.string, affectedItems: t.array(t.string) })

/** What checking an import finds (Unleash's `importTogglesValidateSchema`): it may run when `errors` and `permissions` are empty. */
export const ImportValidation = t.type({ errors: t.array(ImportFinding), warnings: t.array(ImportFinding), permissions: t.array(ImportFinding) })
export type ImportValidation = t.TypeOf<typeof ImportValidation>
