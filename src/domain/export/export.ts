import * as E from 'fp-ts/lib/Either.js'
import type { Draft } from 'immer'
import type { ExportAnswer, ExportQuery } from '../../model/export.js'
import type { FeatureState, State } from '../../model/state.js'
import type { Ctx } from '../context.js'
import type { NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import { type PartOf, buildExport } from './build.js'
import { selectFeatures } from './select.js'

/**
 * `export-<env>-<UTC yyyy-MM-dd_HH-mm-ss>.json`. Characters outside `[A-Za-z0-9._-]` in the
 * environment name become `_`, so the name is safe in a content-disposition header.
 */
export const exportFilename = (environment: string, now: string): string =>
  `export-${environment.replace(/[^A-Za-z0-9._-]/g, '_')}-${now.slice(0, 10)}_${now.slice(11, 19).replace(/:/g, '-')}.json`

/**
 * Operation 1, read from `state`: the export, and a file name when `downloadFile` is true.
 * `partsFor(count)` says where an export of `count` features takes each feature's part from
 * (the facade's kept parts); by default each is made afresh.
 */
export const exportFeatures = (
  state: State,
  query: ExportQuery,
  ctx: Ctx,
  partsFor?: (count: number) => PartOf,
): E.Either<NotFoundError, ExportAnswer> =>
  E.map((features: readonly FeatureState[]) => ({
    body: buildExport(state, features, query.environment, partsFor?.(features.length)),
    ...(query.downloadFile === true ? { filename: exportFilename(query.environment, ctx.now) } : {}),
  }))(selectFeatures(state, query))

/** Every export is recorded: which environment and which features. */
export const recordExport = (draft: Draft<State>, query: ExportQuery, answer: ExportAnswer, ctx: Ctx): void =>
  recordEvent(draft, ctx, {
    type: 'features-exported',
    environment: query.environment,
    ...(query.tag === undefined && !(query.features && query.features.length > 0) && query.project !== undefined ? { project: query.project } : {}),
    data: { environment: query.environment, features: answer.body.features.map((f) => f.name) },
  })
