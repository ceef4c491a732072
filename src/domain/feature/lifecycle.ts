import * as E from 'fp-ts/lib/Either.js'
import type { CompleteFeatureBody, Lifecycle, LifecycleStage } from '../../model/feature.js'
import type { StoredStage } from '../../model/state.js'
import type { FeatureState } from '../../model/state.js'
import type { Ctx } from '../context.js'
import type { NotFoundError } from '../errors.js'
import { recordEvent } from '../events.js'
import { featureInProject, touch } from './lookup.js'
import { type Editable, type Tx, readRow } from '../../store/tx.js'

/*
 * A feature's lifecycle, as Unleash keeps it: every stage entered once, in order, and the
 * current stage the first of these it has entered (its `getCurrentStage`).
 */
const PREFERRED: readonly LifecycleStage[] = ['archived', 'completed', 'live', 'pre-live', 'initial']

/** The stages a feature entered, in order; a feature stored before the history was kept has its current one. */
export const stagesOf = (feature: FeatureState): readonly StoredStage[] => feature.stages ?? [feature.lifecycle]

/** A stage as answered: without what is only stored (`statusValue`). */
export const renderStage = (s: StoredStage): Lifecycle => ({ stage: s.stage, ...(s.status === undefined ? {} : { status: s.status }), enteredStageAt: s.enteredStageAt })

const setStages = (feature: Editable<FeatureState>, stages: readonly StoredStage[]): void => {
  feature.stages = stages as Editable<StoredStage>[]
  const current = PREFERRED.map((stage) => stages.find((s) => s.stage === stage)).find((s) => s !== undefined)!
  feature.lifecycle = renderStage(current) as Editable<Lifecycle>
}

/** Enters a stage the feature has not entered yet (Unleash ignores one it has); whether it did. */
export const enterStage = (feature: Editable<FeatureState>, stage: StoredStage): boolean => {
  const stages = stagesOf(readRow(feature))
  if (stages.some((s) => s.stage === stage.stage)) return false
  setStages(feature, [...stages, stage])
  return true
}

/** Back to `initial` alone, as Unleash starts a revived feature's lifecycle over. */
export const restartLifecycle = (feature: Editable<FeatureState>, now: string): void => {
  delete feature.stages
  feature.lifecycle = { stage: 'initial', enteredStageAt: now }
}

type FeaturePath = { readonly projectId: string; readonly featureName: string }

/**
 * Marks a feature completed, kept or discarded (Unleash: POST .../lifecycle/complete). One
 * already completed stays as it was, and nothing is recorded (Unleash records the event again).
 */
export const completeFeature = (draft: Tx, path: FeaturePath, body: CompleteFeatureBody, ctx: Ctx): E.Either<NotFoundError, void> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  const { status, statusValue } = body
  const entered = enterStage(feature.right, { stage: 'completed', status, enteredStageAt: ctx.now, ...(statusValue === undefined ? {} : { statusValue }) })
  if (!entered) return E.right(undefined)
  touch(feature.right, ctx)
  const data = { status, ...(statusValue === undefined ? {} : { statusValue }), kept: status === 'kept' }
  recordEvent(draft, ctx, { type: 'feature-completed', project: path.projectId, featureName: path.featureName, data })
  return E.right(undefined)
}

/** Takes the completion back (Unleash: POST .../lifecycle/uncomplete); one not completed changes and records nothing. */
export const uncompleteFeature = (draft: Tx, path: FeaturePath, ctx: Ctx): E.Either<NotFoundError, void> => {
  const feature = featureInProject(draft, path.projectId, path.featureName)
  if (E.isLeft(feature)) return feature
  const stages = stagesOf(readRow(feature.right))
  if (!stages.some((s) => s.stage === 'completed')) return E.right(undefined)
  setStages(feature.right, stages.filter((s) => s.stage !== 'completed'))
  touch(feature.right, ctx)
  recordEvent(draft, ctx, { type: 'feature-uncompleted', project: path.projectId, featureName: path.featureName })
  return E.right(undefined)
}
