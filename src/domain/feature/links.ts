import * as E from 'fp-ts/lib/Either.js'
import type { FeatureLink, FeatureLinkBody } from '../../model/feature.js'
import type { FeatureState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import { type ValidationError, notFound, validationError, type NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import { normalizeLinkUrl } from './link-url.js'
import { featureInProject, touch } from './lookup.js'
import { type Editable, type Tx, readRow } from '../../store/tx.js'

/** Unleash's limit, in its words when it is reached. */
export const LINKS_PER_FEATURE = 10
export const TOO_MANY_LINKS = `Too many links (${LINKS_PER_FEATURE}) exist for this feature`

type FeaturePath = { readonly projectId: string; readonly featureName: string }

/** The URL as stored (see link-url.ts), or Unleash's words for one it cannot read, at `path`. */
export const checkedLinkUrl = (url: string, path: string): E.Either<ValidationError, string> => {
  const normalized = normalizeLinkUrl(url)
  return normalized === undefined ? E.left(validationError(`Invalid URL: ${url}. A link is an http or https address.`, path)) : E.right(normalized)
}

const linksOf = (feature: Editable<FeatureState>): readonly FeatureLink[] => readRow(feature).links ?? []

const linkEvent = (link: Pick<FeatureLink, 'url' | 'title'>) => ({ url: link.url, title: link.title })

/** Adds a link to a feature (Unleash: POST .../features/:f/link); its id. */
export const addLink = (draft: Tx, path: FeaturePath, body: FeatureLinkBody, ctx: Ctx): E.Either<NotFoundError | ValidationError, string> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  const url = checkedLinkUrl(body.url, '/body/url')
  if (E.isLeft(url)) return url
  const links = linksOf(feature.right)
  if (links.length >= LINKS_PER_FEATURE) return E.left(validationError(TOO_MANY_LINKS))
  const link: FeatureLink = { id: ctx.uuid(), url: url.right, title: body.title ?? null }
  feature.right.links = [...links, link]
  touch(feature.right, ctx)
  recordEvent(draft, ctx, { type: 'feature-link-added', project: path.projectId, featureName: path.featureName, data: linkEvent(link) })
  return E.right(link.id)
}

/** The link's place among the feature's, or Unleash's 404. */
const linkIndex = (links: readonly FeatureLink[], id: string): E.Either<NotFoundError, number> => {
  const index = links.findIndex((l) => l.id === id)
  return index < 0 ? E.left(notFound(`Could not find link with id ${id}`)) : E.right(index)
}

/**
 * Replaces a link's URL, and its title when one is sent (Unleash: PUT .../link/:linkId keeps the
 * title a body leaves out); sending what it holds changes and records nothing.
 */
export const updateLink = (draft: Tx, path: FeaturePath, id: string, body: FeatureLinkBody, ctx: Ctx): E.Either<NotFoundError | ValidationError, void> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  const links = linksOf(feature.right)
  const index = linkIndex(links, id)
  if (E.isLeft(index)) return index
  const url = checkedLinkUrl(body.url, '/body/url')
  if (E.isLeft(url)) return url
  const before = links[index.right]!
  const after: FeatureLink = { id, url: url.right, title: body.title !== undefined ? body.title : before.title }
  if (after.url === before.url && after.title === before.title) return E.right(undefined)
  feature.right.links = links.map((l, i) => (i === index.right ? after : l))
  touch(feature.right, ctx)
  recordEvent(draft, ctx, { type: 'feature-link-updated', project: path.projectId, featureName: path.featureName, data: linkEvent(after), preData: linkEvent(before) })
  return E.right(undefined)
}

/** Removes a link (Unleash: DELETE .../link/:linkId). */
export const deleteLink = (draft: Tx, path: FeaturePath, id: string, ctx: Ctx): E.Either<NotFoundError, void> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  const links = linksOf(feature.right)
  const index = linkIndex(links, id)
  if (E.isLeft(index)) return index
  const removed = links[index.right]!
  feature.right.links = links.filter((_, i) => i !== index.right)
  touch(feature.right, ctx)
  recordEvent(draft, ctx, { type: 'feature-link-removed', project: path.projectId, featureName: path.featureName, preData: linkEvent(removed) })
  return E.right(undefined)
}

/**
 * Replaces every link of a feature, as an import does (Unleash deletes the feature's links,
 * then adds each): each removal and addition recorded as the routes record them.
 */
export const replaceLinks = (draft: Tx, path: FeaturePath, bodies: readonly FeatureLinkBody[], ctx: Ctx): E.Either<(NotFoundError | ValidationError), void> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  for (const link of linksOf(feature.right)) {
    const removed = deleteLink(draft, path, link.id, ctx)
    if (E.isLeft(removed)) return removed
  }
  for (const body of bodies) {
    const added = addLink(draft, path, body, ctx)
    if (E.isLeft(added)) return added
  }
  return E.right(undefined)
}
