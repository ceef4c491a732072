import * as E from 'fp-ts/lib/Either.js'
import { buildUiConfig, setFrontendApiOrigins, setMaintenanceMode } from '../../domain/ui-config.js'
import { CorsBody, MaintenanceBody, type UiConfig } from '../../model/ui-config.js'
import type { State, UserState } from '../../model/state.js'
import { boundedMap } from '../bounded-map.js'
import { sha256Hex } from '../secrets.js'
import type { ResolvedConfig } from '../config.js'
import { deepFreeze } from '../freeze.js'
import { read, write } from '../operation.js'
import { asMaintenanceSwitch } from '../runner.js'
import { VERSION } from '../version.js'
import { NoParams } from '../../model/params.js'

/** A user's record, and what it was made from. */
interface UserRecord {
  readonly shared: UiConfig
  readonly user: UserState
  readonly record: UiConfig
}

/**
 * Operation 6. The record depends only on the configuration, the instance settings and the
 * instance id, so it is built once for each of their versions, deeply frozen, and shared by
 * every caller until one of them changes (the HTTP route writes its JSON once, too). A user
 * (or a service account, through a personal token) gets it with their own `unleashContext`,
 * as Unleash gives it: their id and the SHA-256 of their e-mail. Those records are kept too,
 * for the most recent 1,000 users, while the shared record and the user's row are the same.
 * `emailEnabled`: whether the facade was given an e-mail port.
 */
export const uiConfigOp = (emailEnabled: boolean) => {
  let kept: { readonly settings: State['settings']; readonly instanceId: string; readonly config: ResolvedConfig; readonly record: UiConfig } | undefined
  const users = boundedMap<number, UserRecord>(1_000)
  const recordOf = (shared: UiConfig, user: UserState): UiConfig => {
    const found = users.get(user.id)
    if (found?.shared === shared && found.user === user) return found.record
    const unleashContext = { ...(user.email ? { email: sha256Hex(user.email) } : {}), userId: user.id }
    const record = deepFreeze({ ...shared, unleashContext })
    users.set(user.id, { shared, user, record })
    return record
  }
  return read({
    params: NoParams,
    requirement: 'NONE',
    run: (state, { config, principal }) => {
      if (kept?.settings !== state.settings || kept.instanceId !== state.instanceId || kept.config !== config) {
        const record = deepFreeze(buildUiConfig(config, state, { version: VERSION, emailEnabled }))
        kept = { settings: state.settings, instanceId: state.instanceId, config, record }
      }
      const user = principal.kind === 'user' ? state.users.get(String(principal.actor.id)) : undefined
      return E.right(user === undefined ? kept.record : recordOf(kept.record, user))
    },
  })
}

/** Unleash: GET /api/admin/maintenance, ADMIN (the UI configuration tells everyone anyway). */
export const getMaintenanceOp = read({
  params: NoParams,
  requirement: 'ADMIN',
  run: (state) => E.right({ enabled: state.settings.maintenanceMode }),
})

/** Unleash: POST /api/admin/maintenance `{ enabled }`, ADMIN. The one write allowed during maintenance. */
export const setMaintenanceOp = asMaintenanceSwitch(
  write({
    params: NoParams,
    requirement: 'ADMIN',
    body: MaintenanceBody,
    run: (draft, { body, ctx }) => E.map(() => () => undefined)(setMaintenanceMode(draft, body.enabled, ctx)),
  }),
)

/** Unleash: POST /api/admin/ui-config/cors `{ frontendApiOrigins }`, ADMIN. */
export const setFrontendApiOriginsOp = write({
  params: NoParams,
  requirement: 'ADMIN',
  body: CorsBody,
  run: (draft, { body, ctx }) => E.map(() => () => undefined)(setFrontendApiOrigins(draft, body.frontendApiOrigins, ctx)),
})
