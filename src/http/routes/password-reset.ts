import * as t from 'io-ts'
import type { AdminApi } from '../../api/admin-api.js'
import { TokenUser } from '../../model/password.js'
import { type Route, route } from '../route.js'

/**
 * Unleash's password reset pages, answered to anyone: the UI's new-user and reset-password
 * pages check the link's token, then set the password with it; the forgotten-password page
 * asks for a link by e-mail.
 */
export const passwordResetRoutes = ({ passwordReset }: AdminApi): Route[] => [
  route('GET', '/auth/reset/validate', passwordReset.validate, { answer: TokenUser, reads: { query: t.type({ token: t.string }), open: true } }),
  route('POST', '/auth/reset/password', passwordReset.reset, { body: true, reads: { open: true } }),
  route('POST', '/auth/reset/validate-password', passwordReset.checkPassword, { body: true, reads: { open: true } }),
  route('POST', '/auth/reset/password-email', passwordReset.sendLink, { body: true, reads: { open: true } }),
]
