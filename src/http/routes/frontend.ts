import type { AdminApi } from '../../api/admin-api.js'
import { type ApiRoute, route } from '../route.js'

/** Unleash's frontend API, for browser and mobile SDKs (CORS: src/http/cors.ts). */
export const frontendRoutes = ({ frontend }: AdminApi): ApiRoute[] => [
  route('GET', '/api/frontend', frontend.features),
  route('POST', '/api/frontend', frontend.evaluate, { body: true }),
  route('GET', '/api/frontend/features/:featureName', frontend.feature),
  route('POST', '/api/frontend/client/metrics', frontend.report, { body: true }),
  route('POST', '/api/frontend/client/register', frontend.register, { body: true }),
]
