import * as E from 'fp-ts/lib/Either.js'
import { notFound } from '../../domain/errors.js'
import { patchStrategy } from '../../domain/feature/strategies.js'
import { strategyRefs } from '../../domain/segment/strategy-refs.js'
import { StrategySegmentsBody } from '../../model/segment.js'
import { NoParams } from '../../model/params.js'
import { write } from '../operation.js'

/**
 * Sets a strategy's segments, found by id in that project and environment, as a patch of its
 * `segments` would (the same checks, limits and event); answers the body, as Unleash does.
 * An unknown strategy is a 404, where Unleash answers 201 and changes nothing.
 */
export const setStrategySegmentsOp = write({
  params: NoParams,
  requirement: 'UPDATE_FEATURE_STRATEGY',
  body: StrategySegmentsBody,
  run: (draft, { body, ctx }) => {
    const [ref] = strategyRefs(draft, (use) => use.strategy.id === body.strategyId)
    if (!ref || ref.projectId !== body.projectId || ref.environment !== body.environmentId) {
      return E.left(notFound(`Could not find strategy with id ${body.strategyId} in project ${body.projectId} and environment ${body.environmentId}`))
    }
    const path = { projectId: ref.projectId, featureName: ref.featureName, environment: ref.environment }
    const patched = patchStrategy(draft, path, body.strategyId, [{ op: 'replace', path: '/segments', value: body.segmentIds }], ctx)
    return E.map(() => () => body)(patched)
  },
})

