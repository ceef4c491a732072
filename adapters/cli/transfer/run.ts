/**
 * A transfer into a store: the store read into a document, compared with the wanted one, and
 * the difference written by the admin API's own operations in one transaction (or, for a dry
 * run, tried and dropped). Any refusal leaves the store as it was.
 */
import * as E from 'fp-ts/lib/Either.js'
import type { AdminApi } from '../../../src/api/admin-api.js'
import { internalsOf } from '../../../src/api/internals.js'
import { locatedAt } from '../../../src/api/located-error.js'
import type { ApiError } from '../../../src/domain/errors.js'
import { collect } from './collect.js'
import type { TransferDocument } from './document.js'
import { planTransfer, type TransferPlan } from './plan.js'
import { storeSource } from './store-source.js'

/** A refusal in words: each problem with the path into the document it is about. */
export const describeError = (error: ApiError): string => {
  const lines = error.details.map((d) => (d.path === undefined ? d.message : `${d.path}: ${d.message}`))
  return `${error._tag}: ${lines.length > 0 ? lines.join('; ') : error.message}`
}

export const transferInto = async (api: AdminApi, wanted: TransferDocument, dryRun: boolean): Promise<E.Either<string, TransferPlan>> => {
  const current = await collect(storeSource(api, 'the store'))
  if (E.isLeft(current)) return current
  const plan = planTransfer(current.right, wanted)
  if (plan.steps.length === 0) return E.right(plan)
  const done = await internalsOf(api).runAll(
    plan.steps.map(({ op, params, body }) => ({ op, request: { params: params ?? {}, body } })),
    !dryRun,
  )
  if (E.isRight(done)) return E.right(plan)
  const { index, error } = done.left
  const located = index === undefined ? error : locatedAt(error, plan.steps[index]!.at)
  return E.left(`the store refused the ${dryRun ? 'planned ' : ''}changes: ${describeError(located)}`)
}
