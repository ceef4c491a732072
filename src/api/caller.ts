import type { Principal } from '../ports/auth.js'

/** The caller's user id, when the caller is a user (a personal access token): only users have favourites and personal tokens. */
export const callerUserId = ({ principal }: { readonly principal: Principal }): number | undefined => (principal.kind === 'user' ? principal.actor.id : undefined)
