import { bind, type Run } from '../methods.js'
import { type EvaluatorOf, frontendEvaluateOp, frontendFeatureOp, frontendFeaturesOp } from '../operations/frontend.js'

/**
 * Unleash's frontend API: the flags on for a context, evaluated here with the same evaluator
 * as `api.evaluator`, for browser and mobile SDKs holding a frontend token.
 */
export const frontendMethods = (run: Run, evaluator: EvaluatorOf) => {
  const m = bind(run)
  return {
    /** `GET /api/frontend`: the context from the query. */
    features: m(frontendFeaturesOp(evaluator)),
    /** `POST /api/frontend`: the context from the body's `context`. */
    evaluate: m(frontendEvaluateOp(evaluator)),
    /** `GET /api/frontend/features/:featureName`: one flag, 404 unless it is on for the context. */
    feature: m(frontendFeatureOp(evaluator)),
  }
}
