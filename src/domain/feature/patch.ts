import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { FeatureMetadata, UPDATABLE_FEATURE_FIELDS, type UpdateFeatureBody } from '../../model/feature.js'
import { FEATURE_FIELDS, initialField, type FeatureFieldName } from '../../model/feature-fields.js'
import type { JsonPatch } from '../../model/json-patch.js'
import type { Ctx } from '../context.js'
import { decodeWith } from '../decode.js'
import { recordEvent } from '../events.js'
import { type DomainError, type ErrorDetail, notFound, validationError } from '../errors.js'
import { applyJsonPatch, blame, blamed } from '../json-patch.js'
import { featureMetadata } from './render.js'
import { updateFeature } from './update.js'
import type { Tx } from '../../store/tx.js'

/*
 * A JSON Patch (RFC 6902) of a feature, as Unleash's PATCH route takes it: applied to the
 * feature's own fields (its `getFeatureMetadata`: name, description, type, project, stale,
 * createdAt, impressionData, archived), then saved as an update of description, type, stale,
 * impressionData and archived (which archives or revives, as operation 4 does); name, project
 * and createdAt are read-only there, and a change to them is ignored.
 */

/** The fields a patch saves, in the document's order: those of the document an update sets, but its name. */
const SAVED = Object.keys(FeatureMetadata.props).filter((field) => field !== 'name' && field in UPDATABLE_FEATURE_FIELDS) as (keyof typeof UPDATABLE_FEATURE_FIELDS)[]
/** What a field the patch removed becomes, as Unleash stores a missing one. */
const whenRemoved = (field: keyof typeof UPDATABLE_FEATURE_FIELDS): unknown => (field in FEATURE_FIELDS ? initialField(field as FeatureFieldName) : false)

/** Patches a feature: all operations or none, each failure a 400 at its operation (Unleash answers a 500). */
export const patchFeature = (draft: Tx, projectId: string, featureName: string, patch: JsonPatch, ctx: Ctx): E.Either<DomainError, string> => {
  const feature = draft.features.get(featureName)
  if (!feature) return E.left(notFound('No feature flag found'))
  const variants = patch.findIndex((operation) => operation.path.includes('/variants'))
  // Unleash's words; it answers them with a 403 OperationDeniedError.
  if (variants >= 0) {
    return E.left(validationError('Changing variants is done via PATCH operation to /api/admin/projects/:project/features/:feature/variants', `/body/${variants}/path`))
  }
  const before = featureMetadata(feature)
  const result = applyJsonPatch(before, patch, 'The feature')
  if (E.isLeft(result)) return E.left(validationError([result.left]))
  const { document, writes } = result.right
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    return E.left(validationError(blamed([{ path: '/body', message: 'The document must be an object.' }], writes, '/body', 'The feature')))
  }
  const after = document as Record<string, unknown>
  const body: Record<string, unknown> = {}
  const problems: ErrorDetail[] = []
  for (const field of SAVED) {
    const value = (Object.prototype.hasOwnProperty.call(after, field) ? after[field] : undefined) ?? whenRemoved(field)
    const at = blame(writes, [field])
    // Values the patch did not touch are the feature's own, already valid.
    const decoded = at === undefined ? E.right(value) : decodeWith(UPDATABLE_FEATURE_FIELDS[field] as t.Decoder<unknown, unknown>, at)(value)
    if (E.isLeft(decoded)) problems.push(...decoded.left.details)
    else body[field] = decoded.right
  }
  if (problems.length > 0) return E.left(validationError(problems))
  const updated = updateFeature(draft, projectId, featureName, body as UpdateFeatureBody, ctx)
  // Unleash's patch, not its update, also records a change of `stale` on its own.
  if (E.isRight(updated) && body.stale !== before.stale) recordEvent(draft, ctx, { type: body.stale ? 'feature-stale-on' : 'feature-stale-off', project: projectId, featureName })
  return updated
}
