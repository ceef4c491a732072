import * as E from 'fp-ts/lib/Either.js'
import { type NoAccessError, type NotFoundError, notAUser, type ValidationError } from '../../domain/errors.js'
import { giveFeedback, seeSplash } from '../../domain/user/feedback.js'
import type { Principal } from '../../ports/auth.js'
import { CreateFeedbackBody, MarkParams, UpdateFeedbackBody } from '../../model/feedback.js'
import { NoParams } from '../../model/params.js'
import { callerUserId } from '../caller.js'
import { write } from '../operation.js'

/*
 * A user's answers to the Admin UI's questionnaires and the splash screens they have seen. A
 * caller that is not a user has none: a 403 (Unleash answers 500 for feedback, and for a splash
 * screen 200 without a user).
 */

/** Runs `act` for the calling user; the answer is what it made. */
const asUser = <R>(
  principal: Principal,
  what: 'Feedback answers' | 'Splash screens',
  act: (userId: number) => E.Either<NotFoundError | ValidationError, R>,
): E.Either<NoAccessError | NotFoundError | ValidationError, () => R> => {
  const userId = callerUserId({ principal })
  const done: E.Either<NoAccessError | NotFoundError | ValidationError, R> = userId === undefined ? E.left(notAUser(what)) : act(userId)
  return E.map((r: R) => () => r)(done)
}

/** Unleash: POST /api/admin/feedback, the caller's answer to a questionnaire. */
export const createFeedbackOp = write({
  params: NoParams,
  requirement: 'NONE',
  body: CreateFeedbackBody,
  run: (draft, { principal, body, ctx }) => asUser(principal, 'Feedback answers', (userId) => giveFeedback(draft, userId, body.feedbackId, body.neverShow, ctx.now)),
})

/** Unleash: PUT /api/admin/feedback/:id; what the body leaves out is kept (Unleash resets `neverShow`). */
export const updateFeedbackOp = write({
  params: MarkParams,
  requirement: 'NONE',
  body: UpdateFeedbackBody,
  run: (draft, { principal, params, body, ctx }) => asUser(principal, 'Feedback answers', (userId) => giveFeedback(draft, userId, params.id, body.neverShow, ctx.now)),
})

/** Unleash: POST /api/admin/splash/:id, a splash screen the caller has seen. */
export const seeSplashOp = write({
  params: MarkParams,
  requirement: 'NONE',
  run: (draft, { principal, params }) => asUser(principal, 'Splash screens', (userId) => seeSplash(draft, userId, params.id)),
})
