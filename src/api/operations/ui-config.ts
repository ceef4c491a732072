import * as E from 'fp-ts/lib/Either.js'
import { buildUiConfig, setFrontendApiOrigins, setMaintenanceMode } from '../../domain/ui-config.js'
import { CorsBody, MaintenanceBody, type UiConfig } from '../../model/ui-config.js'
import { read, write } from '../operation.js'
import { asMaintenanceSwitch } from '../runner.js'
import { VERSION } from '../version.js'

type NoParams = Record<string, never>

/** Operation 6. `emailEnabled`: whether the facade was given an e-mail port. */
export const uiConfigOp = (emailEnabled: boolean) =>
  read<NoParams, undefined, UiConfig>({
    requirement: 'NONE',
    run: (state, { config }) => E.right(buildUiConfig(config, state, { version: VERSION, emailEnabled })),
  })

/** Unleash: GET /api/admin/maintenance, ADMIN (the UI configuration tells everyone anyway). */
export const getMaintenanceOp = read<NoParams, undefined, { enabled: boolean }>({
  requirement: 'ADMIN',
  run: (state) => E.right({ enabled: state.settings.maintenanceMode }),
})

/** Unleash: POST /api/admin/maintenance `{ enabled }`, ADMIN. The one write allowed during maintenance. */
export const setMaintenanceOp = asMaintenanceSwitch(
  write<NoParams, MaintenanceBody, void>({
    requirement: 'ADMIN',
    body: MaintenanceBody,
    run: (draft, { body, ctx }) => E.map(() => () => undefined)(setMaintenanceMode(draft, body.enabled, ctx)),
  }),
)

/** Unleash: POST /api/admin/ui-config/cors `{ frontendApiOrigins }`, ADMIN. */
export const setFrontendApiOriginsOp = write<NoParams, CorsBody, void>({
  requirement: 'ADMIN',
  body: CorsBody,
  run: (draft, { body, ctx }) => E.map(() => () => undefined)(setFrontendApiOrigins(draft, body.frontendApiOrigins, ctx)),
})
