import * as t from 'io-ts'
import { DateTime, lengthBetween, open, plainFields, type Named } from './codec.js'

/*
 * What a user tells the Admin UI about its questionnaires and splash screens, kept on the
 * user's row (Unleash's `user_feedback` and `user_splash` tables) and listed in `GET /api/admin/user`.
 */

/** How many questionnaires and splash screens one user's row keeps: `GET /api/admin/user` lists them all. */
export const MAX_USER_MARKS = 100

/** A questionnaire's or splash screen's name, as the UI names them (`pnps`, `new-splash-screen`). */
export const MarkId = lengthBetween(1, 100)

/** Unleash's `feedbackCreateSchema` (`POST /api/admin/feedback`). */
export interface CreateFeedbackBody extends t.TypeOf<typeof CreateFeedbackBodyCodec> {}
const CreateFeedbackBodyCodec = open({ feedbackId: MarkId }, { neverShow: t.boolean }, 'feedback { feedbackId, neverShow? }')
export const CreateFeedbackBody: Named<typeof CreateFeedbackBodyCodec, CreateFeedbackBody> = CreateFeedbackBodyCodec

/**
 * Unleash's `feedbackUpdateSchema` (`PUT /api/admin/feedback/:id`). `userId` and `given` are
 * read and let be, as Unleash lets them be: the feedback is the caller's, given now.
 */
export interface UpdateFeedbackBody extends t.TypeOf<typeof UpdateFeedbackBodyCodec> {}
const UpdateFeedbackBodyCodec = open({}, { neverShow: t.boolean, userId: t.number, given: t.union([DateTime, t.null]) }, 'feedback { neverShow? }')
export const UpdateFeedbackBody: Named<typeof UpdateFeedbackBodyCodec, UpdateFeedbackBody> = UpdateFeedbackBodyCodec

/** One questionnaire as a user's row keeps it. */
export interface StoredFeedback {
  readonly feedbackId: string
  readonly neverShow: boolean
  readonly given: string
}

/** Unleash's `feedbackResponseSchema`. */
export interface Feedback extends t.TypeOf<typeof FeedbackCodec> {}
const FeedbackCodec = t.type({ userId: t.number, feedbackId: t.string, neverShow: t.boolean, given: t.union([t.string, t.null]) })
export const Feedback: Named<typeof FeedbackCodec, Feedback> = FeedbackCodec

/** Unleash's `splashResponseSchema` (`POST /api/admin/splash/:id`). */
export interface Splash extends t.TypeOf<typeof SplashCodec> {}
const SplashCodec = t.type({ userId: t.number, splashId: t.string, seen: t.boolean })
export const Splash: Named<typeof SplashCodec, Splash> = SplashCodec

/** The questionnaire or splash screen a path names. */
export interface MarkParams extends t.TypeOf<typeof MarkParamsCodec> {}
const MarkParamsCodec = plainFields({ id: MarkId })
export const MarkParams: Named<typeof MarkParamsCodec, MarkParams> = MarkParamsCodec
