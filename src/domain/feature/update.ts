import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { UpdateFeatureBody } from '../../model/feature.js'
import type { FeatureState, State } from '../../model/state.js'
import { peek } from '../../model/table-layout.js'
import type { Ctx } from '../context.js'
import { type DomainError, validationError } from '../errors.js'
import { recordEvent } from '../events.js'
import { featureInProject, touch } from './lookup.js'
import { archiveLive, reviveArchived } from './archive.js'
import { storedDescription } from './create.js'

/** Read from what the draft holds (`peek`): fourteen reads through immer's proxy cost 3 µs an update. */
const metadata = (draft: FeatureState) => {
  const f = peek(draft)
  return {
    name: f.name,
    description: f.description,
    type: f.type,
    project: f.project,
    stale: f.stale,
    impressionData: f.impressionData,
    archived: f.archived,
  }
}

/**
 * Operation 4. Only the fields sent change (the spec says so; Unleash resets the others).
 * `archived` moves the feature into or out of the archive; `project` and unknown fields are ignored.
 */
export const updateFeature = (
  draft: Draft<State>,
  projectId: string,
  featureName: string,
  body: UpdateFeatureBody,
  ctx: Ctx,
): E.Either<DomainError, string> => {
  if (body.name !== undefined && body.name !== featureName) return E.left(validationError('Cannot change name of feature flag'))
  const found = featureInProject(draft, projectId, featureName)
  if (E.isLeft(found)) return found
  const feature = found.right
  const before = metadata(feature)
  if (body.description !== undefined) feature.description = storedDescription(body.description)
  if (body.type !== undefined) feature.type = body.type
  if (body.stale !== undefined) feature.stale = body.stale
  if (body.impressionData !== undefined) feature.impressionData = body.impressionData
  const after = metadata(feature)
  const metadataChanged = (Object.keys(before) as (keyof typeof before)[]).some((k) => before[k] !== after[k])
  if (metadataChanged) {
    recordEvent(draft, ctx, { type: 'feature-metadata-updated', project: projectId, featureName, data: after, preData: before })
  }
  const moved =
    body.archived === true && !feature.archived
      ? archiveLive(draft, feature, ctx)
      : body.archived === false && feature.archived
        ? reviveArchived(draft, feature, ctx)
        : E.right(undefined)
  if (E.isLeft(moved)) return moved
  touch(feature, ctx)
  return E.right(featureName)
}
