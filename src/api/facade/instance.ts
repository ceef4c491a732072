import { bind, type Method, type Run } from '../methods.js'
import * as ev from '../operations/instance-events.js'
import * as ui from '../operations/instance.js'
import * as st from '../operations/instance-statistics.js'

/** Instance-wide settings: the UI configuration (operation 6), maintenance mode, front-end API origins. */
export const instanceMethods = (run: Run, emailEnabled: boolean, afterUsageWrite: <P, Q, A, L>(method: Method<P, Q, A, L>) => Method<P, Q, A, L>) => {
  const m = bind(run)
  return {
    uiConfig: m(ui.uiConfigOp(emailEnabled)),
    maintenance: m(ui.getMaintenanceOp),
    setMaintenance: m(ui.setMaintenanceOp),
    setFrontendApiOrigins: m(ui.setFrontendApiOriginsOp),
    listEvents: m(ev.listEventsOp),
    featureEvents: m(ev.featureEventsOp),
    eventCreators: m(ev.eventCreatorsOp),
    // It counts SDK usage: what this process gathered is written first, as for the metrics reads.
    statistics: afterUsageWrite(m(st.instanceStatisticsOp)),
    telemetrySettings: m(st.telemetrySettingsOp),
  }
}
