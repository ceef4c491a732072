import { bind, type Run } from '../methods.js'
import * as a from '../operations/addons.js'

/** Integrations (Unleash's addons): webhooks that receive committed events. */
export const addonMethods = (run: Run) => {
  const m = bind(run)
  return {
    list: m(a.listAddonsOp),
    get: m(a.getAddonOp),
    create: m(a.createAddonOp),
    update: m(a.updateAddonOp),
    delete: m(a.deleteAddonOp),
    events: m(a.addonEventsOp),
  }
}
