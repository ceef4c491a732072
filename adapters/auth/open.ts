import * as E from 'fp-ts/lib/Either.js'
import { PERMISSIONS } from '../../src/ports/permissions.js'
import type { AuthPort, Principal } from '../../src/ports/auth.js'

/**
 * Every caller is an admin, credentials or not: for host apps' unit tests and local demos.
 * Never put it in front of a network.
 */
export const openAuth = (actor: Principal['actor'] = { id: -1, name: 'unknown' }): AuthPort => {
  const principal: Principal = { kind: 'open', actor, permissions: PERMISSIONS }
  return { authenticate: () => E.right(principal) }
}
