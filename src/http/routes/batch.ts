import type { AdminApi } from '../../api/admin-api.js'
import { exportBytes } from '../export-bytes.js'
import { attachment, type Route, route } from '../route.js'
import { ExportResult, ImportValidation } from '../../model/export.js'

/** Export (operation 1) and its inverse, import. */
export const batchRoutes = ({ batch }: AdminApi): Route[] => [
  // `downloadFile: true` makes the same JSON a download (decisions.md). A kept export's bytes are kept with it (src/http/export-bytes.ts).
  route('POST', '/api/admin/features-batch/export', batch.exportFeatures, {
    answer: ExportResult,
    body: true,
    headers: ({ result }) => (result.filename === undefined ? {} : attachment(result.filename)),
    render: (result) => result.body,
    serialize: (result: ExportResult, kept) => exportBytes(result, kept),
  }),
  route('POST', '/api/admin/features-batch/validate', batch.validateImport, { answer: ImportValidation, body: true }),
  route('POST', '/api/admin/features-batch/import', batch.importFeatures, { body: true }),
]
