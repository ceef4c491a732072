import type { CreateContextFieldBody } from '../../model/context-field.js'
import type { ImportedFeature, ImportedFeatureEnvironment, ImportedStrategy } from '../../model/export.js'
import type { DependencyBody, FeatureLinkBody } from '../../model/feature.js'
import type { SegmentBody } from '../../model/segment.js'
import type { LegalValue } from '../../model/state.js'
import type { CreateTagTypeBody, Tag } from '../../model/tag.js'

/** Where every path of an import's problems starts. */
export const DATA = '/body/data'

/** A segment the imported strategies use: one of the target's (by name), or one to create. */
export interface SegmentPlan {
  readonly sourceId: number
  readonly existing?: number
  readonly create?: SegmentBody
}

/** Everything one imported feature becomes. */
export interface FeaturePlan {
  readonly feature: ImportedFeature
  readonly exists: boolean
  readonly strategies: readonly ImportedStrategy[]
  readonly environment: ImportedFeatureEnvironment | undefined
  readonly tags: readonly Tag[]
  readonly dependencies: readonly DependencyBody[]
  /** Its links replaced by these, when the export lists it among its links; else left as they are. */
  readonly links: readonly FeatureLinkBody[] | undefined
}

/** An import that passed every check: what to create and change, in order. */
export interface ImportPlan {
  readonly project: string
  readonly environment: string
  readonly tagTypes: readonly CreateTagTypeBody[]
  readonly contextFields: readonly CreateContextFieldBody[]
  /** Legal values to add to context fields the target already has. */
  readonly legalValues: readonly { readonly name: string; readonly values: readonly LegalValue[] }[]
  readonly segments: readonly SegmentPlan[]
  readonly features: readonly FeaturePlan[]
}
