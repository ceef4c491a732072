import type { AdminApi } from '../../api/admin-api.js'
import { type Route, route } from '../route.js'
import * as t from 'io-ts'
import { ListedStrategy, Strategy } from '../../model/strategy.js'

const STRATEGIES = '/api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies'

/** Activation strategies of a feature environment, operation 2 (set sort order), and constraints checked before they are saved. */
export const strategyRoutes = ({ strategies }: AdminApi): Route[] => [
  route('POST', '/api/admin/constraints/validate', strategies.validateConstraint, { body: true, status: 204 }),
  route('GET', STRATEGIES, strategies.list, { answer: t.array(ListedStrategy) }),
  route('POST', STRATEGIES, strategies.add, { answer: Strategy, body: true }),
  route('POST', `${STRATEGIES}/set-sort-order`, strategies.setSortOrder, { body: true }),
  route('GET', `${STRATEGIES}/:strategyId`, strategies.get, { answer: Strategy }),
  route('PUT', `${STRATEGIES}/:strategyId`, strategies.update, { answer: Strategy, body: true }),
  route('PATCH', `${STRATEGIES}/:strategyId`, strategies.patch, { answer: Strategy, body: true }),
  route('DELETE', `${STRATEGIES}/:strategyId`, strategies.delete),
]
