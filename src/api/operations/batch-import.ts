import * as E from 'fp-ts/lib/Either.js'
import type { DomainError } from '../../domain/errors.js'
import { importFeatures, importTarget } from '../../domain/import/import.js'
import { allows } from '../../domain/permissions.js'
import { ImportBody, type ImportValidation } from '../../model/export.js'
import { NoParams } from '../../model/params.js'
import { beginTransaction } from '../../store/transaction.js'
import { immer } from '../immer.js'
import { read, write } from '../operation.js'
import type { Tx } from '../../store/tx.js'

/**
 * The inverse of operation 1: `{ project, environment, data: <export result> }`, 200 with no
 * body. It creates and changes features, so it asks CREATE_FEATURE (Unleash refuses admin
 * tokens here; flagport does not).
 */
export const importFeaturesOp = write({
  params: NoParams,
  requirement: 'CREATE_FEATURE',
  body: ImportBody,
  run: (draft, { body, ctx }) => E.map(() => () => undefined)(importFeatures(draft, body, ctx)),
})

/** What stops an import, as findings: each problem of a refusal with the path it names. */
const findings = (error: DomainError): ImportValidation['errors'] =>
  error.details.map((d) => ({ message: d.message, affectedItems: d.path === undefined ? [] : [d.path] }))

/**
 * Unleash: POST /api/admin/features-batch/validate, the check its import dialog runs first.
 * The import is run on the state in a transaction that is then dropped, so `errors` are what
 * the import itself would refuse (every check, the feature limits included), never a subset.
 * `warnings` name the features it would overwrite, and `permissions` what the caller lacks to
 * import, in Unleash's words. A project or environment that is not there is the import's 404.
 */
export const validateImportOp = read({
  params: NoParams,
  requirement: 'NONE',
  body: ImportBody,
  run: (state, { body, ctx, principal }) => {
    const target = importTarget(state, body)
    if (E.isLeft(target)) return target
    const tried = importFeatures(beginTransaction(state, immer).working as Tx, body, ctx)
    const existing = body.data.features.filter((f) => state.features.get(f.name)?.project === body.project).map((f) => f.name)
    return E.right({
      errors: E.isLeft(tried) ? findings(tried.left) : [],
      warnings: existing.length > 0 ? [{ message: 'The following features already exist in this project and will be overwritten:', affectedItems: existing }] : [],
      permissions: allows(principal.permissions, importFeaturesOp.requirement)
        ? []
        : [{ message: 'We detected you are missing the following permissions:', affectedItems: [String(importFeaturesOp.requirement)] }],
    })
  },
})
