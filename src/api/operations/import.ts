import * as E from 'fp-ts/lib/Either.js'
import { importFeatures } from '../../domain/import/import.js'
import { ImportBody } from '../../model/export.js'
import { write } from '../operation.js'
import { NoParams } from '../../model/params.js'

/**
 * The inverse of operation 1: `{ project, environment, data: <export result> }`, 200 with no
 * body. It creates and changes features, so it asks CREATE_FEATURE (Unleash refuses admin
 * tokens here; flagport does not).
 */
export const importFeaturesOp = write<NoParams, ImportBody, void>({
  params: NoParams,
  requirement: 'CREATE_FEATURE',
  body: ImportBody,
  run: (draft, { body, ctx }) => E.map(() => () => undefined)(importFeatures(draft, body, ctx)),
})
