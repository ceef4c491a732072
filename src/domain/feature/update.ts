import * as E from 'fp-ts/lib/Either.js'
import type { UpdateFeatureBody } from '../../model/feature.js'
import { changedFields, withOwnFields } from '../../model/feature-fields.js'
import type { FeatureState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type DomainError, type ExceedsLimitError, type ValidationError, validationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { featureInProject, touch } from './lookup.js'
import { archiveLive, reviveArchived } from './archive.js'
import { type Tx, readRow } from '../../store/tx.js'

/** Read from what the draft holds (`readRow`): each read through the draft would cost more than the change. */
const metadata = (draft: FeatureState) => {
  const f = readRow(draft)
  return withOwnFields(
    {
      name: f.name,
      description: f.description,
      type: f.type,
      project: f.project,
      stale: f.stale,
      impressionData: f.impressionData,
      archived: f.archived,
    },
    f,
  )
}

/**
 * Operation 4. Only the fields sent change (the spec says so; Unleash resets the others).
 * `archived` moves the feature into or out of the archive; `project` and unknown fields are ignored.
 */
export const updateFeature = (
  draft: Tx,
  projectId: string,
  featureName: string,
  body: UpdateFeatureBody,
  ctx: Ctx,
): E.Either<DomainError, string> => {
  if (body.name !== undefined && body.name !== featureName) return E.left(validationError('Cannot change name of feature flag'))
  const found = featureInProject(draft, projectId, featureName)
  if (E.isLeft(found)) return found
  const feature = found.right
  const changes = changedFields(readRow(feature), body)
  // The event's records are made only for a change: an update that changes nothing makes nothing.
  if (changes !== undefined) {
    const before = metadata(feature)
    // Only the fields that change are set: a field set to its own value would still be drafted.
    Object.assign(feature, changes)
    recordEvent(draft, ctx, { type: 'feature-metadata-updated', project: projectId, featureName, data: metadata(feature), preData: before })
  }
  const moved: E.Either<ValidationError | ExceedsLimitError, void> =
    body.archived === true && !feature.archived
      ? archiveLive(draft, feature, ctx)
      : body.archived === false && feature.archived
        ? reviveArchived(draft, feature, ctx)
        : E.right(undefined)
  if (E.isLeft(moved)) return moved
  touch(feature, ctx)
  return E.right(featureName)
}
