import * as E from 'fp-ts/lib/Either.js'
import type { InviteLinks } from '../../model/insights.js'
import { NoParams } from '../../model/params.js'
import { read } from '../operation.js'

/**
 * Unleash: GET /api/admin/invite-link/tokens, the users page's sign-up link. flagport has no
 * public sign-up links, so there is never one to list.
 */
export const inviteLinksOp = read({
  params: NoParams,
  requirement: 'ADMIN',
  run: (): E.Either<never, InviteLinks> => E.right({ tokens: [] }),
})
