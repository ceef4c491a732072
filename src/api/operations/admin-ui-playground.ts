import { advancedPlayground, playground } from '../../domain/playground/run.js'
import { AdvancedPlaygroundBody, PlaygroundBody } from '../../model/playground.js'
import { NoParams } from '../../model/params.js'
import { read } from '../operation.js'

/**
 * Unleash: POST /api/admin/playground/advanced: every live feature of the projects asked for,
 * per environment and per combination of the context's values, with each strategy's result.
 * Any caller may ask; nothing is stored.
 */
export const advancedPlaygroundOp = read({
  params: NoParams,
  requirement: 'NONE',
  body: AdvancedPlaygroundBody,
  run: (state, { body, ctx }) => advancedPlayground(state, body, Date.parse(ctx.now)),
})

/** Unleash: POST /api/admin/playground: the same for one environment and one context. */
export const playgroundOp = read({
  params: NoParams,
  requirement: 'NONE',
  body: PlaygroundBody,
  run: (state, { body, ctx }) => playground(state, body, Date.parse(ctx.now)),
})
