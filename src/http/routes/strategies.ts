import type { AdminApi } from '../../api/admin-api.js'
import { type Route, route } from '../route.js'

const STRATEGIES = '/api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies'

/** Activation strategies of a feature environment, operation 2 (set sort order), and constraints checked before they are saved. */
export const strategyRoutes = ({ strategies }: AdminApi): Route[] => [
  route('POST', '/api/admin/constraints/validate', strategies.validateConstraint, { body: true, status: 204 }),
  route('GET', STRATEGIES, strategies.list),
  route('POST', STRATEGIES, strategies.add, { body: true }),
  route('POST', `${STRATEGIES}/set-sort-order`, strategies.setSortOrder, { body: true }),
  route('GET', `${STRATEGIES}/:strategyId`, strategies.get),
  route('PUT', `${STRATEGIES}/:strategyId`, strategies.update, { body: true }),
  route('PATCH', `${STRATEGIES}/:strategyId`, strategies.patch, { body: true }),
  route('DELETE', `${STRATEGIES}/:strategyId`, strategies.delete),
]
