import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'

const STRATEGIES = '/api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies'

/** Activation strategies of a feature environment, and operation 2 (set sort order). */
export const strategyRoutes = ({ strategies, types }: AdminApi): Route[] => [
  route('GET', '/api/admin/strategies', types.strategyTypes),
  route('POST', '/api/admin/strategies', types.createStrategyType, { status: 201, body: true, headers: ({ result }) => location('strategies', result.name) }),
  route('GET', '/api/admin/strategies/:name', types.strategyType),
  // Unleash answers these 200 with no body.
  route('PUT', '/api/admin/strategies/:name', types.updateStrategyType, { body: true, render: () => undefined }),
  route('DELETE', '/api/admin/strategies/:name', types.deleteStrategyType),
  route('POST', '/api/admin/strategies/:name/deprecate', types.deprecateStrategyType),
  route('POST', '/api/admin/strategies/:name/reactivate', types.reactivateStrategyType),
  route('GET', '/api/admin/feature-types', types.featureTypes),
  route('PUT', '/api/admin/feature-types/:id/lifetime', types.setFeatureTypeLifetime, { body: true }),
  route('POST', '/api/admin/constraints/validate', strategies.validateConstraint, { body: true, status: 204 }),
  route('GET', STRATEGIES, strategies.list),
  route('POST', STRATEGIES, strategies.add, { body: true }),
  route('POST', `${STRATEGIES}/set-sort-order`, strategies.setSortOrder, { body: true }),
  route('GET', `${STRATEGIES}/:strategyId`, strategies.get),
  route('PUT', `${STRATEGIES}/:strategyId`, strategies.update, { body: true }),
  route('PATCH', `${STRATEGIES}/:strategyId`, strategies.patch, { body: true }),
  route('DELETE', `${STRATEGIES}/:strategyId`, strategies.delete),
]
