import type { AdminApi } from '../../api/admin-api.js'
import { ClientMetricsBody, ClientRegistrationBody } from '../../model/metrics.js'
import { FrontendFeaturesBody, FrontendToggle, FrontendToggles } from '../../model/frontend.js'
import { type ApiRoute, route } from '../route.js'

/** Unleash's frontend API, for browser and mobile SDKs (CORS: src/http/cors.ts). */
export const frontendRoutes = ({ frontend }: AdminApi): ApiRoute[] => [
  route('GET', '/api/frontend', frontend.features, { answer: FrontendToggles }),
  route('POST', '/api/frontend', frontend.evaluate, { body: true, answer: FrontendToggles, reads: { body: FrontendFeaturesBody } }),
  route('GET', '/api/frontend/features/:featureName', frontend.feature, { answer: FrontendToggle }),
  route('POST', '/api/frontend/client/metrics', frontend.report, { body: true, text: 'OK', reads: { body: ClientMetricsBody } }),
  route('POST', '/api/frontend/client/register', frontend.register, { body: true, reads: { body: ClientRegistrationBody } }),
]
