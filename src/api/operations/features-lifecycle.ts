import * as E from 'fp-ts/lib/Either.js'
import { completeFeature, renderStage, stagesOf, uncompleteFeature } from '../../domain/feature/lifecycle.js'
import { featureInProject } from '../../domain/feature/lookup.js'
import { CompleteFeatureBody } from '../../model/feature.js'
import { FeatureParams } from '../../model/params.js'
import type { FeatureState } from '../../model/state.js'
import { read, write } from '../operation.js'

const project = (p: { projectId: string }) => ({ project: p.projectId })

/** Unleash: GET .../features/:featureName/lifecycle, every stage the feature entered, in order. */
export const featureLifecycleOp = read({
  params: FeatureParams,
  requirement: 'NONE',
  run: (state, { params }) => E.map((feature: FeatureState) => stagesOf(feature).map(renderStage))(featureInProject(state, params.projectId, params.featureName)),
})

/** Unleash: POST .../features/:featureName/lifecycle/complete `{ status, statusValue? }`, 200 with no body. */
export const completeFeatureOp = write({
  params: FeatureParams,
  requirement: 'UPDATE_FEATURE',
  scope: project,
  body: CompleteFeatureBody,
  run: (draft, { params, body, ctx }) => E.map(() => () => undefined)(completeFeature(draft, params, body, ctx)),
})

/** Unleash: POST .../features/:featureName/lifecycle/uncomplete, 200 with no body. */
export const uncompleteFeatureOp = write({
  params: FeatureParams,
  requirement: 'UPDATE_FEATURE',
  scope: project,
  run: (draft, { params, ctx }) => E.map(() => () => undefined)(uncompleteFeature(draft, params, ctx)),
})
