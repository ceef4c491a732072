import type { AdminApi } from '../../api/admin-api.js'
import type { Route } from '../route.js'
import { clientRoutes } from './client.js'
import { featureRoutes } from './features.js'
import { frontendRoutes } from './frontend.js'
import { metricsRoutes } from './metrics.js'
import { projectRoutes } from './projects.js'
import { strategyRoutes } from './strategies.js'
import { tagRoutes } from './tags.js'
import { tokenRoutes } from './tokens.js'
import { userRoutes } from './users.js'

/** Every route of the admin API (and the client API SDKs poll), one group per file. */
export const adminRoutes = (api: AdminApi): Route[] => [
  ...featureRoutes(api),
  ...strategyRoutes(api),
  ...projectRoutes(api),
  ...userRoutes(api),
  ...tokenRoutes(api),
  ...tagRoutes(api),
  ...clientRoutes(api),
  ...metricsRoutes(api),
  ...frontendRoutes(api),
]
