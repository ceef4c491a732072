import * as E from 'fp-ts/lib/Either.js'
import type { AdminApi } from '../../api/admin-api.js'
import { InstanceStatistics, TelemetrySettings } from '../../model/statistics.js'
import { attachment, rawRoute, type Route, route } from '../route.js'
import type { HttpResponse } from '../messages.js'
import { EventList, FeatureEventList } from '../../model/event.js'
import { FlagCreators } from '../../model/insights.js'
import { MaintenanceBody, UiConfig } from '../../model/ui-config.js'

/** Instance-wide settings (operation 6: the UI configuration), maintenance mode, and the event log. */
export const instanceRoutes = ({ instance }: AdminApi): Route[] => [
  // One frozen record for each version of what it is built from (docs/projects.md): its JSON is kept with it.
  route('GET', '/api/admin/ui-config', instance.uiConfig, { answer: UiConfig, serialize: (record: object, kept) => kept.jsonKeptBy(record, record) }),
  route('POST', '/api/admin/ui-config/cors', instance.setFrontendApiOrigins, { status: 204, body: true }),
  route('GET', '/api/admin/maintenance', instance.maintenance, { answer: MaintenanceBody }),
  route('POST', '/api/admin/maintenance', instance.setMaintenance, { status: 204, body: true }),
  route('GET', '/api/admin/events', instance.listEvents, { answer: EventList }),
  route('GET', '/api/admin/event-creators', instance.eventCreators, { answer: FlagCreators }),
  route('GET', '/api/admin/events/:featureName', instance.featureEvents, { answer: FeatureEventList }),
  route('GET', '/api/admin/telemetry/settings', instance.telemetrySettings, { answer: TelemetrySettings }),
  route('GET', '/api/admin/instance-admin/statistics', instance.statistics, { answer: InstanceStatistics }),
  rawRoute('GET', '/api/admin/instance-admin/statistics/csv', async ({ authorization }) =>
    E.map((stats: InstanceStatistics): HttpResponse => ({
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', ...attachment(`unleash-${stats.instanceId}-${Date.parse(stats.timestamp)}.csv`) },
      body: `${csvRow(Object.keys(stats))}\n${csvRow(Object.values(stats))}`,
    }))(await instance.statistics(authorization !== undefined ? { authorization } : {})),
    { answers: { 200: 'text/csv' }, headers: ['content-disposition'] },
  ),
]

/** One CSV line, as Unleash writes its statistics (the names, then the values): strings and objects (as JSON) quoted, quotes doubled. */
const csvRow = (values: readonly unknown[]): string =>
  values.map((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : `"${(typeof v === 'string' ? v : JSON.stringify(v)).replace(/"/g, '""')}"`)).join(',')
