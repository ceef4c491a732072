import type { AdminApi } from '../../api/admin-api.js'
import { Addon, AddonList, IntegrationEventList } from '../../model/addon.js'
import { type Route, route } from '../route.js'

/** Integrations (Unleash's addons): webhooks that receive committed events, and their delivery log. */
export const addonRoutes = ({ addons }: AdminApi): Route[] => [
  route('GET', '/api/admin/addons', addons.list, { answer: AddonList }),
  // Unleash answers a created addon 200, not 201.
  route('POST', '/api/admin/addons', addons.create, { answer: Addon, body: true }),
  route('GET', '/api/admin/addons/:id', addons.get, { answer: Addon }),
  route('PUT', '/api/admin/addons/:id', addons.update, { answer: Addon, body: true }),
  route('DELETE', '/api/admin/addons/:id', addons.delete, {}),
  route('GET', '/api/admin/addons/:id/events', addons.events, { answer: IntegrationEventList }),
]
