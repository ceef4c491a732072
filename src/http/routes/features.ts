import type { AdminApi } from '../../api/admin-api.js'
import { featureMetadata } from '../../domain/feature/render.js'
import * as t from 'io-ts'
import { ArchiveImpact, EnvironmentVariants, Feature, FeatureEnvironment, FeatureMetadata, Lifecycle, type VariantsBatchBody } from '../../model/feature.js'
import type { FeatureVariant } from '../../model/variant.js'
import { location, type Route, route } from '../route.js'

const FEATURES = '/api/admin/projects/:projectId/features'
const FEATURE = `${FEATURES}/:featureName` as const
const ENVIRONMENT = `${FEATURE}/environments/:environment` as const

/**
 * The variants a variants-batch set: those of the first environment it named (it sets the same
 * in each), in the order sent, as Unleash echoes them (it stores them sorted by name).
 */
const variantsSet = (feature: Feature, body: unknown): FeatureVariant[] => {
  const { environments, variants: sent } = body as VariantsBatchBody
  const stored = feature.environments.find((e) => e.name === environments[0])?.variants ?? []
  return sent.map((v) => stored.find((s) => s.name === v.name)!)
}

/** Feature flags: create, read, update (operation 4), archive and revive, environments, variants, dependencies. */
export const featureRoutes = ({ features }: AdminApi): Route[] => [
  route('POST', FEATURES, features.create, {
    status: 201,
    answer: FeatureMetadata,
    body: true,
    // Relative to the request URL `.../projects/<p>/features`, so it resolves to the new feature.
    headers: ({ result }) => location('features', result.name),
    // Unleash answers a create with the feature's own fields.
    render: featureMetadata,
  }),
  // Unleash answers a clone as it answers a create, without a location.
  route('POST', `${FEATURE}/clone`, features.clone, { status: 201, body: true, render: featureMetadata, answer: FeatureMetadata }),
  route('POST', '/api/admin/features/validate', features.validateName, { body: true }),
  route('GET', FEATURES, features.listInProject, { answer: t.type({ version: t.number, features: t.array(Feature) }) }),
  route('GET', FEATURE, features.get, { serialize: (record: Feature, kept) => kept.featureJson(record), answer: Feature }),
  route('PUT', FEATURE, features.update, { body: true, serialize: (record: Feature, kept) => kept.featureJson(record), answer: Feature }),
  // Unleash answers a patch as it answers a create.
  route('PATCH', FEATURE, features.patch, { body: true, render: featureMetadata, answer: FeatureMetadata }),
  // Unleash answers an archive 202 Accepted.
  route('DELETE', FEATURE, features.archive, { status: 202 }),
  route('GET', ENVIRONMENT, features.getEnvironment, { answer: FeatureEnvironment }),
  route('POST', `${ENVIRONMENT}/on`, features.enableEnvironment),
  route('POST', `${ENVIRONMENT}/off`, features.disableEnvironment),
  // Unleash answers the variants set, `{ version: 1, variants }`; the facade answers the feature.
  route('POST', '/api/admin/projects/:projectId/bulk_features/environments/:environment/on', features.enableEnvironmentOfMany, { body: true }),
  route('POST', '/api/admin/projects/:projectId/bulk_features/environments/:environment/off', features.disableEnvironmentOfMany, { body: true }),
  // Unleash answers a bulk stale 202 Accepted.
  route('POST', '/api/admin/projects/:projectId/stale', features.setStaleOfMany, { body: true, status: 202 }),
  route('POST', '/api/admin/projects/:projectId/archive/validate', features.archiveImpact, { body: true, answer: ArchiveImpact }),
  // Unleash answers a bulk archive 202 Accepted, a bulk revive and delete 200.
  route('POST', '/api/admin/projects/:projectId/archive', features.archiveMany, { body: true, status: 202 }),
  route('POST', '/api/admin/projects/:projectId/revive', features.reviveMany, { body: true }),
  route('POST', '/api/admin/projects/:projectId/delete', features.deleteMany, { body: true }),
  route('PUT', `${FEATURE}/variants-batch`, features.setVariants, { body: true, render: (feature, { body }) => ({ version: 1, variants: variantsSet(feature, body) }), answer: EnvironmentVariants }),
  route('GET', `${ENVIRONMENT}/variants`, features.getEnvironmentVariants, { answer: EnvironmentVariants }),
  route('PUT', `${ENVIRONMENT}/variants`, features.setEnvironmentVariants, { body: true, answer: EnvironmentVariants }),
  route('PATCH', `${ENVIRONMENT}/variants`, features.patchEnvironmentVariants, { body: true, answer: EnvironmentVariants }),
  route('GET', `${FEATURE}/parents`, features.possibleParents, { answer: t.array(t.string) }),
  route('GET', `${FEATURE}/parent-variants`, features.parentVariants, { answer: t.array(t.string) }),
  route('GET', '/api/admin/projects/:projectId/dependencies', features.anyDependencies, { answer: t.boolean }),
  route('POST', `${FEATURE}/dependencies`, features.addDependency, { body: true }),
  route('DELETE', `${FEATURE}/dependencies`, features.removeDependency),
  route('DELETE', `${FEATURE}/dependencies/:parent`, features.removeDependency),
  route('GET', `${FEATURE}/lifecycle`, features.lifecycle, { answer: t.array(Lifecycle) }),
  route('POST', `${FEATURE}/lifecycle/complete`, features.complete, { body: true }),
  route('POST', `${FEATURE}/lifecycle/uncomplete`, features.uncomplete),
  // Unleash answers the link routes 204, with no body; the facade answers the link.
  route('POST', `${FEATURE}/link`, features.addLink, { body: true, status: 204, render: () => undefined }),
  route('PUT', `${FEATURE}/link/:linkId`, features.updateLink, { body: true, status: 204, render: () => undefined }),
  route('DELETE', `${FEATURE}/link/:linkId`, features.deleteLink, { status: 204 }),
  route('POST', `${FEATURE}/favorites`, features.favorite),
  route('DELETE', `${FEATURE}/favorites`, features.unfavorite),
  route('POST', '/api/admin/archive/revive/:featureName', features.revive),
  route('DELETE', '/api/admin/archive/:featureName', features.deleteArchived),
]
