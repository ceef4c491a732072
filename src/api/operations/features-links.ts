import * as E from 'fp-ts/lib/Either.js'
import { addLink, deleteLink, updateLink } from '../../domain/feature/links.js'
import { FeatureLinkBody, type FeatureLinkRecord } from '../../model/feature.js'
import { FeatureLinkParams, FeatureParams } from '../../model/params.js'
import type { State } from '../../model/state.js'
import { write } from '../operation.js'

/** The link as a feature record holds it, from the committed state. */
const linkRecord = (featureName: string, id: string) => (next: State): FeatureLinkRecord => {
  const link = next.features.get(featureName)!.links!.find((l) => l.id === id)!
  return { id: link.id, url: link.url, title: link.title, feature: featureName }
}

const project = (p: { projectId: string }) => ({ project: p.projectId })

/** Unleash: POST .../features/:featureName/link (204 over HTTP); the facade answers the link, with its id. */
export const addLinkOp = write({
  params: FeatureParams,
  requirement: 'UPDATE_FEATURE',
  scope: project,
  body: FeatureLinkBody,
  run: (draft, { params, body, ctx }) => E.map((id: string) => linkRecord(params.featureName, id))(addLink(draft, params, body, ctx)),
})

/** Unleash: PUT .../features/:featureName/link/:linkId (204 over HTTP); the facade answers the link. */
export const updateLinkOp = write({
  params: FeatureLinkParams,
  requirement: 'UPDATE_FEATURE',
  scope: project,
  body: FeatureLinkBody,
  run: (draft, { params, body, ctx }) => E.map(() => linkRecord(params.featureName, params.linkId))(updateLink(draft, params, params.linkId, body, ctx)),
})

/** Unleash: DELETE .../features/:featureName/link/:linkId (204). */
export const deleteLinkOp = write({
  params: FeatureLinkParams,
  requirement: 'UPDATE_FEATURE',
  scope: project,
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(deleteLink(draft, params, params.linkId, ctx)),
})
