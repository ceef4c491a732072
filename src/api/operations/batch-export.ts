import * as E from 'fp-ts/lib/Either.js'
import { exportFeatures, recordExport } from '../../domain/export/export.js'
import { stateBefore } from '../../domain/segment/usage.js'
import { ExportQuery } from '../../model/export.js'
import { write } from '../operation.js'
import { NoParams } from '../../model/params.js'

/**
 * Operation 1. A write because every export records an event. The export is read from the
 * state as it was before this transaction, which is the same data and spares creating a
 * draft proxy for every exported feature.
 */
export const exportFeaturesOp = write({
  params: NoParams,
  requirement: 'NONE',
  body: ExportQuery,
  run: (draft, { body, ctx, kept }) => {
    const answer = exportFeatures(stateBefore(draft), body, ctx, kept.exports)
    if (E.isLeft(answer)) return answer
    recordExport(draft, body, answer.right, ctx)
    return E.right(() => answer.right)
  },
})
