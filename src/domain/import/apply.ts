import * as E from 'fp-ts/lib/Either.js'
import type { ImportedStrategy } from '../../model/export.js'
import { fieldsAfterCreate, sentFields } from '../../model/feature-fields.js'
import type { StrategyBody } from '../../model/strategy.js'
import type { Ctx } from '../context.js'
import type { DomainError, ConflictError, ExceedsLimitError, NameExistsError, NotFoundError, ValidationError } from '../errors.js'
import { createContextField, mergeLegalValues } from '../context-field/context-fields.js'
import { archiveLive } from '../feature/archive.js'
import { createFeature } from '../feature/create.js'
import { addDependency, dropAllDependencies } from '../feature/dependencies.js'
import { setEnvironmentEnabled } from '../feature/environment.js'
import { featureEnvironment } from '../feature/lookup.js'
import { addStrategy, deleteStrategy } from '../feature/strategies.js'
import { updateFeature } from '../feature/update.js'
import { setEnvironmentVariants } from '../feature/variants.js'
import { createSegment } from '../segment/segments.js'
import { changeFeatureTags } from '../tag/feature-tags.js'
import { createTagType } from '../tag/tag-types.js'
import { sameTag } from '../tag/tags.js'
import { replaceLinks } from '../feature/links.js'
import type { FeaturePlan, ImportPlan } from './plan.js'
import type { Tx } from '../../store/tx.js'

type Step = E.Either<DomainError, unknown>

/** Runs steps in order, stopping at the first refusal (which aborts the whole transaction). */
const all = (steps: Iterable<() => Step>): E.Either<DomainError, void> => {
  for (const step of steps) {
    const r = step()
    if (E.isLeft(r)) return r
  }
  return E.right(undefined)
}

const strategyBody = (s: ImportedStrategy, segmentIds: ReadonlyMap<number, number>): StrategyBody => ({
  ...s,
  segments: (s.segments ?? []).map((id) => segmentIds.get(id)!),
})

/**
 * One feature: created or its metadata updated, then its strategies in the environment
 * replaced, the environment's variants and switch set, its tags replaced, and its links
 * replaced when the export lists it among its links. Every step is
 * the API's own domain function, so the same rules and events apply.
 */
const applyFeature = (draft: Tx, plan: ImportPlan, f: FeaturePlan, segmentIds: ReadonlyMap<number, number>, ctx: Ctx): E.Either<ConflictError | ExceedsLimitError | NameExistsError | NotFoundError | ValidationError, void> => {
  const { name } = f.feature
  const projectId = plan.project
  const path = { projectId, featureName: name, environment: plan.environment }
  const fields = sentFields(f.feature)
  // What a create does not set (`stale`) is set by an update after it, when it is not the initial value.
  const later = fieldsAfterCreate(fields)
  return all([
    () => (f.exists ? updateFeature(draft, projectId, name, fields, ctx) : createFeature(draft, projectId, { name, ...fields }, ctx)),
    () => (!f.exists && Object.keys(later).length > 0 ? updateFeature(draft, projectId, name, later, ctx) : E.right(undefined)),
    () => {
      const env = featureEnvironment(draft, projectId, name, plan.environment)
      if (E.isLeft(env)) return env
      return all(env.right.strategies.map((s) => s.id).map((id) => () => deleteStrategy(draft, path, id, ctx)))
    },
    // The strategy keeps the export's id: addStrategy takes its id from ctx.uuid.
    ...f.strategies.map((s) => () => addStrategy(draft, path, strategyBody(s, segmentIds), s.id !== undefined ? { ...ctx, uuid: () => s.id! } : ctx)),
    () => (f.environment?.variants ? setEnvironmentVariants(draft, { projectId, featureName: name }, { variants: f.environment.variants, environments: [plan.environment] }, ctx) : E.right(undefined)),
    () => (f.environment ? setEnvironmentEnabled(draft, path, f.environment.enabled, ctx) : E.right(undefined)),
    () => {
      const feature = draft.features.get(name)!
      const dropped = feature.tags.filter((t) => !f.tags.some((kept) => sameTag(kept, t)))
      changeFeatureTags(draft, feature, f.tags, dropped, ctx)
      return E.right(undefined)
    },
    () => (f.links ? replaceLinks(draft, { projectId, featureName: name }, f.links, ctx) : E.right(undefined)),
  ])
}

/** Applies a checked plan: definitions first, then features, then dependencies, then archiving. */
export const applyImport = (draft: Tx, plan: ImportPlan, ctx: Ctx): E.Either<ConflictError | ExceedsLimitError | NameExistsError | NotFoundError | ValidationError, void> => {
  const segmentIds = new Map<number, number>()
  const projectOf = <T extends { project?: string | null }>(x: T) => (x.project == null ? x : { ...x, project: plan.project })
  return all([
    ...plan.tagTypes.map((t) => () => createTagType(draft, t, ctx)),
    ...plan.contextFields.map((f) => () => createContextField(draft, projectOf(f), ctx)),
    ...plan.legalValues.map(({ name, values }) => () => E.right(mergeLegalValues(draft, name, values, ctx))),
    ...plan.segments.map((s) => () => {
      if (s.existing !== undefined) return E.right(segmentIds.set(s.sourceId, s.existing))
      return E.map((id: number) => segmentIds.set(s.sourceId, id))(createSegment(draft, projectOf(s.create!), ctx))
    }),
    ...plan.features.map((f) => () => applyFeature(draft, plan, f, segmentIds, ctx)),
    // All old dependencies go first, so that adding the new ones never meets a stale edge.
    ...plan.features.map((f) => () => E.right(dropAllDependencies(draft, draft.features.get(f.feature.name)!, ctx))),
    ...plan.features.flatMap((f) => f.dependencies.map((d) => () => addDependency(draft, plan.project, f.feature.name, d, ctx))),
    // Archived as through the API: refused while dependants remain (checked before, so never here).
    ...plan.features.map((f) => () => {
      const feature = draft.features.get(f.feature.name)!
      return f.feature.archived && !feature.archived ? archiveLive(draft, feature, ctx) : E.right(undefined)
    }),
  ])
}
