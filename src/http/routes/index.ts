import type { AdminApi } from '../../api/admin-api.js'
import { allGroupModules } from '../../api/facade/all.js'
import { provideGroupModules } from '../../api/groups.js'
import { systemClock } from '../../ports/clock.js'
import type { Route } from '../route.js'
import { addonRoutes } from './addons.js'
import { adminUiRoutes } from './admin-ui.js'
import { batchRoutes } from './batch.js'
import { clientRoutes } from './client.js'
import { contextFieldRoutes } from './context-fields.js'
import { environmentRoutes } from './environments.js'
import { featureRoutes } from './features.js'
import { frontendRoutes } from './frontend.js'
import { groupRoutes } from './groups.js'
import { instanceRoutes } from './instance.js'
import { metricsRoutes } from './metrics.js'
import { projectRoutes } from './projects.js'
import { segmentRoutes } from './segments.js'
import { serviceAccountRoutes } from './service-accounts.js'
import { sessionRoutes } from './sessions.js'
import { passwordResetRoutes } from './password-reset.js'
import { strategyRoutes } from './strategies.js'
import { tagRoutes } from './tags.js'
import { tokenRoutes } from './tokens.js'
import { typeRoutes } from './strategy-and-feature-types.js'
import { userRoutes } from './users.js'

/**
 * Every route of the admin API (and the client API SDKs poll), one file per facade group:
 * `routes/<group>.ts` calls `api.<group>`, defined in src/api/facade/<group>.ts.
 */
export const adminRoutes = (api: AdminApi, now: () => number = systemClock.now): Route[] => {
  // Every route reads its method (and the operation it runs) now: every group is made at once.
  provideGroupModules(allGroupModules)
  return routesOf(api, now)
}

const routesOf = (api: AdminApi, now: () => number): Route[] => [
  ...featureRoutes(api),
  ...strategyRoutes(api),
  ...typeRoutes(api),
  ...projectRoutes(api),
  ...environmentRoutes(api),
  ...instanceRoutes(api),
  ...userRoutes(api),
  ...groupRoutes(api),
  ...tokenRoutes(api),
  ...serviceAccountRoutes(api),
  ...tagRoutes(api),
  ...segmentRoutes(api),
  ...addonRoutes(api),
  ...contextFieldRoutes(api),
  ...batchRoutes(api),
  ...clientRoutes(api),
  ...sessionRoutes(api, now),
  ...passwordResetRoutes(api),
  ...adminUiRoutes(api),
  ...metricsRoutes(api),
  ...frontendRoutes(api),
]
