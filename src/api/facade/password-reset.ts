import * as E from 'fp-ts/lib/Either.js'
import type { EmailPort } from '../../ports/email.js'
import type { LoggerPort } from '../../ports/logger.js'
import { bind, type Method, OPERATION, operationOf, type Run } from '../methods.js'
import type { CallError } from '../operation.js'
import { checkPasswordOp, type ResetLink, resetEmailOp, resetPasswordOp, tokenUserOp } from '../operations/passwords.js'
import type { NoParams } from '../../model/params.js'
import type { ResetEmailBody } from '../../model/password.js'

// The reset pages are for people who cannot log in: their operations admit anyone.
const checkPasswordForAnyone = { ...checkPasswordOp, admits: 'anyone' as const }

/**
 * Hands a reset link to its user: by the e-mail port when it can send one, else (as Unleash
 * without a mailer) in the server's log, for an operator to pass on.
 */
const deliver = async (link: ResetLink, email: EmailPort | undefined, logger: LoggerPort): Promise<void> => {
  try {
    if (email?.sendResetPassword && (await email.sendResetPassword(link))) return
  } catch {
    // The link is committed; a mail that failed is logged like one never sent.
  }
  logger.warn(`flagport: no e-mail was sent; the password reset link for ${link.to} is ${link.resetLink}`)
}

/**
 * Unleash's password reset pages, for anyone: `validate` whose a token is (the reset and
 * new-user pages), `reset` sets the password with it, `checkPassword` tests one against the
 * rule, `sendLink` makes a fresh link for an e-mail address and sends it.
 */
export const passwordResetMethods = (run: Run, email: EmailPort | undefined, logger: LoggerPort) => {
  const m = bind(run)
  const made = m(resetEmailOp)
  const sendLink: Method<NoParams, ResetEmailBody, void, CallError> = async (request) => {
    const outcome = await made(request)
    if (E.isLeft(outcome)) return outcome as E.Left<CallError>
    if (outcome.right) await deliver(outcome.right, email, logger)
    return E.right(undefined)
  }
  // Documented by the operation it runs, as a bound method is.
  ;(sendLink as { [OPERATION]?: unknown })[OPERATION] = operationOf(made)
  return { validate: m(tokenUserOp), reset: m(resetPasswordOp), checkPassword: m(checkPasswordForAnyone), sendLink }
}
