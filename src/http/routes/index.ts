import type { AdminApi } from '../../api/admin-api.js'
import { systemClock } from '../../ports/clock.js'
import type { Route } from '../route.js'
import { adminUiRoutes } from './admin-ui.js'
import { clientRoutes } from './client.js'
import { featureRoutes } from './features.js'
import { frontendRoutes } from './frontend.js'
import { metricsRoutes } from './metrics.js'
import { projectRoutes } from './projects.js'
import { sessionRoutes } from './sessions.js'
import { strategyRoutes } from './strategies.js'
import { tagRoutes } from './tags.js'
import { tokenRoutes } from './tokens.js'
import { userRoutes } from './users.js'

/** Every route of the admin API (and the client API SDKs poll), one group per file. */
export const adminRoutes = (api: AdminApi, now: () => number = systemClock.now): Route[] => [
  ...featureRoutes(api),
  ...strategyRoutes(api),
  ...projectRoutes(api),
  ...userRoutes(api),
  ...tokenRoutes(api),
  ...tagRoutes(api),
  ...clientRoutes(api),
  ...sessionRoutes(api, now),
  ...adminUiRoutes(api),
  ...metricsRoutes(api),
  ...frontendRoutes(api),
]
