import type { AdminApi } from '../../api/admin-api.js'
import * as t from 'io-ts'
import { FeatureTypeList, FeatureTypeRecord } from '../../model/feature.js'
import { Strategy } from '../../model/strategy.js'
import { StrategyTypeList, StrategyTypeRecord } from '../../model/strategy-type.js'
import { location, type Route, route } from '../route.js'

const STRATEGIES = '/api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies'

/** Activation strategies of a feature environment, and operation 2 (set sort order). */
export const strategyRoutes = ({ strategies, types }: AdminApi): Route[] => [
  route('GET', '/api/admin/strategies', types.strategyTypes, { answer: StrategyTypeList }),
  route('POST', '/api/admin/strategies', types.createStrategyType, { status: 201, answer: StrategyTypeRecord, body: true, headers: ({ result }) => location('strategies', result.name) }),
  route('GET', '/api/admin/strategies/:name', types.strategyType, { answer: StrategyTypeRecord }),
  // Unleash answers these 200 with no body.
  route('PUT', '/api/admin/strategies/:name', types.updateStrategyType, { body: true, render: () => undefined }),
  route('DELETE', '/api/admin/strategies/:name', types.deleteStrategyType),
  route('POST', '/api/admin/strategies/:name/deprecate', types.deprecateStrategyType),
  route('POST', '/api/admin/strategies/:name/reactivate', types.reactivateStrategyType),
  route('GET', '/api/admin/feature-types', types.featureTypes, { answer: FeatureTypeList }),
  route('PUT', '/api/admin/feature-types/:id/lifetime', types.setFeatureTypeLifetime, { body: true, answer: FeatureTypeRecord }),
  route('POST', '/api/admin/constraints/validate', strategies.validateConstraint, { body: true, status: 204 }),
  route('GET', STRATEGIES, strategies.list, { answer: t.array(Strategy) }),
  route('POST', STRATEGIES, strategies.add, { body: true, answer: Strategy }),
  route('POST', `${STRATEGIES}/set-sort-order`, strategies.setSortOrder, { body: true }),
  route('GET', `${STRATEGIES}/:strategyId`, strategies.get, { answer: Strategy }),
  route('PUT', `${STRATEGIES}/:strategyId`, strategies.update, { body: true, answer: Strategy }),
  route('PATCH', `${STRATEGIES}/:strategyId`, strategies.patch, { body: true, answer: Strategy }),
  route('DELETE', `${STRATEGIES}/:strategyId`, strategies.delete),
]
