import type { AdminApi } from '../../api/admin-api.js'
import { location, type Route, route } from '../route.js'
import { FeatureTypeList, FeatureTypeRecord } from '../../model/feature.js'
import { StrategyTypeList, StrategyTypeRecord } from '../../model/strategy-type.js'

/** What a strategy and a feature may be: strategy types (Unleash's `/api/admin/strategies`) and feature types. */
export const typeRoutes = ({ types }: AdminApi): Route[] => [
  route('GET', '/api/admin/strategies', types.strategyTypes, { answer: StrategyTypeList }),
  route('POST', '/api/admin/strategies', types.createStrategyType, { answer: StrategyTypeRecord, status: 201, body: true, headers: ({ result }) => location('strategies', result.name) }),
  route('GET', '/api/admin/strategies/:name', types.strategyType, { answer: StrategyTypeRecord }),
  // Unleash answers these 200 with no body.
  route('PUT', '/api/admin/strategies/:name', types.updateStrategyType, { body: true, render: () => undefined }),
  route('DELETE', '/api/admin/strategies/:name', types.deleteStrategyType),
  route('POST', '/api/admin/strategies/:name/deprecate', types.deprecateStrategyType),
  route('POST', '/api/admin/strategies/:name/reactivate', types.reactivateStrategyType),
  route('GET', '/api/admin/feature-types', types.featureTypes, { answer: FeatureTypeList }),
  route('PUT', '/api/admin/feature-types/:id/lifetime', types.setFeatureTypeLifetime, { answer: FeatureTypeRecord, body: true }),
]
