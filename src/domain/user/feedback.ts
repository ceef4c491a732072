import * as E from 'fp-ts/lib/Either.js'
import { type Feedback, MAX_USER_MARKS, type Splash, type StoredFeedback } from '../../model/feedback.js'
import type { UserState } from '../../model/state.js'
import { notFound, type NotFoundError, validationError, type ValidationError } from '../errors.js'
import { type Tx, readRow } from '../../store/tx.js'

/*
 * The Admin UI's questionnaires (Unleash: POST /api/admin/feedback, PUT /api/admin/feedback/:id)
 * and splash screens (POST /api/admin/splash/:id) belong to a user and are kept on the user's
 * row, as favourites are; they record no event, as in Unleash.
 */

const NO_FEEDBACK: readonly StoredFeedback[] = Object.freeze([])
const NO_SPLASH: readonly string[] = Object.freeze([])

const render = (userId: number, f: StoredFeedback): Feedback => ({ userId, feedbackId: f.feedbackId, neverShow: f.neverShow, given: f.given })

/** The user's questionnaires, as `GET /api/admin/user` lists them. */
export const feedbackOf = (user: UserState): Feedback[] => (user.feedback ?? NO_FEEDBACK).map((f) => render(user.id, f))

/** The splash screens the user has seen, `{ [id]: true }`, as `GET /api/admin/user` lists them. */
export const splashOf = (user: UserState): Record<string, boolean> => {
  const seen: Record<string, boolean> = Object.create(null)
  for (const id of user.splash ?? NO_SPLASH) seen[id] = true
  return seen
}

const userRow = (draft: Tx, userId: number) => {
  const user = draft.users.get(String(userId))
  // The caller's token was just accepted, so its user exists; a host's own auth port may say otherwise.
  return user === undefined ? E.left(notFound(`Could not find user with id ${userId}`)) : E.right(user)
}

/**
 * Records the user's answer to a questionnaire, given now: a new one is added, a known one
 * changed in place. `neverShow` left out is false for a new one and kept for a known one.
 */
export const giveFeedback = (
  draft: Tx,
  userId: number,
  feedbackId: string,
  neverShow: boolean | undefined,
  now: string,
): E.Either<NotFoundError | ValidationError, Feedback> =>
  E.chainW((user: NonNullable<ReturnType<Tx['users']['get']>>) => {
    const held = readRow(user).feedback ?? NO_FEEDBACK
    const known = held.find((f) => f.feedbackId === feedbackId)
    if (known === undefined && held.length >= MAX_USER_MARKS) return E.left(validationError(`A user keeps at most ${MAX_USER_MARKS} feedback answers`, '/body/feedbackId'))
    const given: StoredFeedback = { feedbackId, neverShow: neverShow ?? known?.neverShow ?? false, given: now }
    user.feedback = known === undefined ? [...held, given] : held.map((f) => (f === known ? given : f))
    return E.right(render(userId, given))
  })(userRow(draft, userId))

/** Marks a splash screen as seen by the user; seen again, it changes nothing. */
export const seeSplash = (draft: Tx, userId: number, splashId: string): E.Either<NotFoundError | ValidationError, Splash> =>
  E.chainW((user: NonNullable<ReturnType<Tx['users']['get']>>) => {
    const held = readRow(user).splash ?? NO_SPLASH
    if (!held.includes(splashId)) {
      if (held.length >= MAX_USER_MARKS) return E.left(validationError(`A user keeps at most ${MAX_USER_MARKS} seen splash screens`, '/params/id'))
      user.splash = [...held, splashId]
    }
    return E.right({ userId, splashId, seen: true })
  })(userRow(draft, userId))

