import * as E from 'fp-ts/lib/Either.js'
import type { ExportAnswer, ExportQuery, ExportResult } from '../../model/export.js'
import type { FeatureState, State } from '../../model/state.js'
import type { Ctx } from '../context.js'
import type { NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import { buildExport } from './build.js'
import { selectFeatures } from './select.js'
import type { Tx } from '../../store/tx.js'

/**
 * `export-<env>-<UTC yyyy-MM-dd_HH-mm-ss>.json`. Characters outside `[A-Za-z0-9._-]` in the
 * environment name become `_`, so the name is safe in a content-disposition header.
 */
export const exportFilename = (environment: string, now: string): string =>
  `export-${environment.replace(/[^A-Za-z0-9._-]/g, '_')}-${now.slice(0, 10)}_${now.slice(11, 19).replace(/:/g, '-')}.json`

/** The export a query asks for, read from `state`: a NotFoundError for an unknown project. */
export type ExportOf = (state: State, query: ExportQuery) => E.Either<NotFoundError, ExportResult>

/** Selects the features a query asks for and builds their export afresh. */
export const exportOf: ExportOf = (state, query) =>
  E.map((features: readonly FeatureState[]) => buildExport(state, features, query.environment))(selectFeatures(state, query))

/**
 * Operation 1, read from `state`: the export, and a file name when `downloadFile` is true.
 * `of` may answer a kept export (the facade's cache); by default each is made afresh.
 */
export const exportFeatures = (state: State, query: ExportQuery, ctx: Ctx, of: ExportOf = exportOf): E.Either<NotFoundError, ExportAnswer> =>
  E.map((body: ExportResult) => ({
    body,
    ...(query.downloadFile === true ? { filename: exportFilename(query.environment, ctx.now) } : {}),
  }))(of(state, query))

/** Every export is recorded: which environment and which features. */
export const recordExport = (draft: Tx, query: ExportQuery, answer: ExportAnswer, ctx: Ctx): void =>
  recordEvent(draft, ctx, {
    type: 'features-exported',
    environment: query.environment,
    ...(query.tag === undefined && !(query.features && query.features.length > 0) && query.project !== undefined ? { project: query.project } : {}),
    data: { environment: query.environment, features: answer.body.features.map((f) => f.name) },
  })
